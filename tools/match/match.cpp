#include "match.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "engine/types.h"
#include "fileio/read_file.h"
#include "fileio/write_file.h"
#include "pgn.h"
#include "report.h"
#include "resume.h"

namespace xq::match {

namespace {

// One game to play: which encounter, which pair, which colours.
struct Job {
  int number = 0;     // 1-based over the whole match (all shards)
  int encounter = 0;  // index into the encounter list
  int pair = 0;       // global pair id: both games of a pair share it and the opening
  bool first_is_red = true;
  const Opening* opening = nullptr;
};

struct Encounter {
  int first = 0, second = 1;  // engine indices
};

std::vector<Encounter> encounters(const MatchConfig& cfg) {
  std::vector<Encounter> out;
  const int n = int(cfg.engines.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      if (cfg.tournament == "round-robin" || a == 0) out.push_back({a, b});
  return out;
}

// Every game of the match in order; this shard keeps the pairs p with p % count == index.
std::vector<Job> schedule(const MatchConfig& cfg, const std::vector<Opening>& book, int& total) {
  std::vector<Job> jobs;
  const auto enc = encounters(cfg);
  int number = 0, pair = 0;
  for (int round = 0; round < cfg.rounds; ++round)
    for (int e = 0; e < int(enc.size()); ++e)
      for (int g = 0; g < cfg.games; ++g) {
        if (g % 2 == 0 && (g > 0 || round > 0 || e > 0)) ++pair;
        ++number;
        if (pair % cfg.shard_count != cfg.shard_index) continue;
        jobs.push_back({number, e, pair, g % 2 == 0, &book[std::size_t(pair) % book.size()]});
      }
  total = number;
  return jobs;
}

std::string today() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
  return buf;
}

std::string host_name() {
  char buf[256] = {};
  return gethostname(buf, sizeof buf - 1) == 0 ? buf : "?";
}

double first_engine_points(const std::string& result, bool first_is_red) {
  const double red = result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : 0.5;
  return first_is_red ? red : 1.0 - red;
}

// One game into an encounter's W-L-D and Red counts (p: the first engine's points).
void add_game(Counts& c, double p, bool first_is_red) {
  (p == 1 ? c.wdl.wins : p == 0 ? c.wdl.losses : c.wdl.draws)++;
  if (first_is_red) (p == 1 ? c.as_red.wins : p == 0 ? c.as_red.losses : c.as_red.draws)++;
}

// An encounter's counts into the two engines' standings.
void add_standings(std::vector<Standing>& standings, const Encounter& e, const Wdl& first) {
  Wdl& a = standings[std::size_t(e.first)].wdl;
  Wdl& b = standings[std::size_t(e.second)].wdl;
  a.wins += first.wins, a.losses += first.losses, a.draws += first.draws;
  b.wins += first.losses, b.losses += first.wins, b.draws += first.draws;
}

class Match {
 public:
  Match(const MatchConfig& cfg, std::vector<Opening> book, std::ostream& out, std::ostream& err, std::atomic<bool>& abort)
      : cfg_(cfg), book_(std::move(book)), out_(out), err_(err), abort_(abort), enc_(encounters(cfg)) {
    jobs_ = schedule(cfg_, book_, total_);
    counts_.resize(enc_.size());
    done_.encounters.resize(enc_.size());
    standings_.resize(cfg.engines.size());
    for (std::size_t i = 0; i < cfg.engines.size(); ++i) standings_[i].name = cfg.engines[i].name;
  }

  // -resume: takes over the whole pairs an earlier run of this match recorded in `results`
  // (read from `name`) and leaves their games out of the schedule. "" or the problem; on a
  // problem nothing has changed.
  std::string resume(const nlohmann::json& results, const std::string& name) {
    if (!results.is_object() || !results.contains("settings")) return "not a results file (no \"settings\")";
    if (const std::string d = settings_difference(results["settings"], settings_json(cfg_), name, "this match", {"games", "rounds"});
        !d.empty())
      return "its settings differ from this match's" + d;
    FinishedPairs f;
    try {
      f = finished_from_results(results);
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    if (f.encounters.size() != enc_.size())
      return "it has " + std::to_string(f.encounters.size()) + " encounters, this match " + std::to_string(enc_.size());
    std::map<int, std::pair<int, int>> in_schedule;  // pair -> encounter, games
    for (const Job& j : jobs_) {
      auto& [encounter, games] = in_schedule[j.pair];
      encounter = j.encounter;
      ++games;
    }
    std::vector<int> pairs_of(enc_.size());
    for (int pair : f.pairs) {
      const auto it = in_schedule.find(pair);
      if (it == in_schedule.end() || it->second.second != 2)
        return "pair " + std::to_string(pair) + " is not one of this match's game pairs (fewer -games, another -shard?)";
      ++pairs_of[std::size_t(it->second.first)];
    }
    for (std::size_t e = 0; e < enc_.size(); ++e)
      if (f.encounters[e].pairs.pairs() != pairs_of[e] || f.encounters[e].wdl.games() != 2 * pairs_of[e])
        return "the counts of encounter " + std::to_string(e + 1) + " are not those of its " + std::to_string(pairs_of[e]) +
               " finished pairs";
    for (std::size_t e = 0; e < enc_.size(); ++e) {
      counts_[e] = f.encounters[e];
      add_standings(standings_, enc_[e], f.encounters[e].wdl);
    }
    done_ = std::move(f);
    std::erase_if(jobs_, [&](const Job& j) { return done_.pairs.count(j.pair) > 0; });
    out_ << "Resuming from " << name << ": " << done_.pairs.size() << " game pairs already played, " << jobs_.size()
         << " games to play" << std::endl;
    check_sprt();
    if (stop_) out_ << "The SPRT had already decided: nothing to play" << std::endl;
    return "";
  }

  int run() {
    if (!cfg_.pgnout.empty()) {
      if (const std::string error = xq::fileio::open_output(cfg_.pgnout, pgn_, std::ios::app); !error.empty()) {
        err_ << "Error: the PGN file: " << error << "\n";
        return 1;
      }
    }
    // The results file is written once before any game (the state it starts from: nothing, or
    // what a resumed run read), so that a path that cannot be written stops the match now
    // rather than after its first game.
    if (!cfg_.resultsout.empty() && !write_results()) return 1;
    std::vector<std::thread> workers;
    const int n = std::min<int>(cfg_.concurrency, int(jobs_.size()));
    for (int w = 0; w < n; ++w) workers.emplace_back([this] { worker(); });
    for (auto& t : workers) t.join();
    print_final();
    if (!cfg_.resultsout.empty() && !write_results()) return 1;
    return engine_failed_ ? 1 : 0;
  }

 private:
  // Each worker keeps its own processes, one per engine, restarted when they fail.
  void worker() {
    std::vector<std::unique_ptr<Player>> players(cfg_.engines.size());
    while (auto job = next_job()) {
      const Encounter& e = enc_[std::size_t(job->encounter)];
      const int red = job->first_is_red ? e.first : e.second, black = job->first_is_red ? e.second : e.first;
      GameRecord rec;
      bool unstartable = false;
      const bool both = ready(players, red, RED, rec, unstartable) && ready(players, black, BLACK, rec, unstartable);
      if (unstartable) continue;  // the match stops; this game was never played and scores nothing
      announce_start(*job, red, black);
      if (both)
        rec = play_game(*players[std::size_t(red)], *players[std::size_t(black)], *job->opening, cfg_.rules, abort_);
      if (abort_ && !rec.aborted && rec.result == "*") rec.aborted = true;
      for (int side : {red, black}) {
        const bool failed = rec.engine_failed[side == red ? RED : BLACK];
        if (failed && players[std::size_t(side)]) players[std::size_t(side)]->quit();
      }
      record(*job, red, black, rec);
      if (cfg_.wait_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(cfg_.wait_ms));
    }
    for (auto& p : players)
      if (p) p->quit();
  }

  // Starts the engine if it is not running. An engine that has never started is a wrong command
  // line: the match stops with an error naming the command (as cutechess does) and the game is
  // not played (`unstartable`), so nobody scores a forfeit. One that ran before and fails to
  // restart (-recover) loses the game.
  bool ready(std::vector<std::unique_ptr<Player>>& players, int engine, Color side, GameRecord& rec, bool& unstartable) {
    auto& p = players[std::size_t(engine)];
    const EngineConfig& cfg = cfg_.engines[std::size_t(engine)];
    if (!p) p = Player::create(cfg);
    if (p->alive()) return true;
    std::string error;
    if (p->start(&abort_, error)) {
      ever_started_[std::size_t(engine)] = true;
      return true;
    }
    if (!ever_started_[std::size_t(engine)]) {
      std::lock_guard lock(mutex_);
      if (!abort_)
        err_ << "Error: cannot start engine " << cfg.name << " (cmd=" << cfg.cmd << "): " << error
             << "; stopping the match" << std::endl;
      unstartable = engine_failed_ = stop_ = true;
      return false;
    }
    {
      std::lock_guard lock(mutex_);
      err_ << "Error: cannot start engine " << cfg.name << ": " << error << std::endl;
    }
    rec.engine_failed[side] = true;
    rec.result = side == RED ? "0-1" : "1-0";
    rec.reason = std::string(side_name(side)) + " fails to start";
    rec.termination = "abandoned";
    if (abort_) rec.aborted = true;
    return false;
  }

  std::optional<Job> next_job() {
    std::lock_guard lock(mutex_);
    if (stop_ || abort_ || next_ >= jobs_.size()) return std::nullopt;
    return jobs_[next_++];
  }

  std::string pairing(int red, int black) const {
    return cfg_.engines[std::size_t(red)].name + " vs " + cfg_.engines[std::size_t(black)].name;
  }

  void announce_start(const Job& job, int red, int black) {
    std::lock_guard lock(mutex_);
    out_ << "Started game " << job.number << " of " << total_ << " (" << pairing(red, black) << ")" << std::endl;
  }

  void record(const Job& job, int red, int black, const GameRecord& rec) {
    std::lock_guard lock(mutex_);
    out_ << "Finished game " << job.number << " (" << pairing(red, black) << "): " << rec.result << " {"
         << (rec.aborted ? "Game interrupted" : rec.reason) << "}" << std::endl;
    write_pgn(job, red, black, rec);
    if (rec.aborted) return;
    count(job, rec);
    for (int c : {RED, BLACK}) {
      const std::size_t engine = std::size_t(c == RED ? red : black);
      // An engine that never started is a wrong command line, not a crash to recover from.
      const bool never_started = !ever_started_[engine];
      if (rec.engine_failed[c] && (!cfg_.recover || never_started)) {
        engine_failed_ = stop_ = true;
        err_ << "Error: engine " << cfg_.engines[engine].name << " failed (" << rec.reason << "); stopping the match"
             << (never_started ? " (it never started)" : " (-recover restarts engines instead)") << std::endl;
      }
    }
    ++finished_;
    if (cfg_.rating_interval > 0 && finished_ % cfg_.rating_interval == 0 && finished_ < int(jobs_.size()) && !stop_)
      print_summary();
  }

  void count(const Job& job, const GameRecord& rec) {
    Counts& c = counts_[std::size_t(job.encounter)];
    const double p = first_engine_points(rec.result, job.first_is_red);
    Counts game;
    add_game(game, p, job.first_is_red);
    c += game;
    add_standings(standings_, enc_[std::size_t(job.encounter)], game.wdl);
    if (auto it = half_pairs_.find(job.pair); it != half_pairs_.end()) {
      // The pair is whole: into the pentanomial, and into what -resume keeps.
      Counts pair = game;
      add_game(pair, it->second.points, it->second.first_is_red);
      const auto points = std::size_t(std::lround(2 * (it->second.points + p)));  // 0..4 half points
      pair.pairs.n[points]++;
      c.pairs.n[points]++;
      half_pairs_.erase(it);
      done_.encounters[std::size_t(job.encounter)] += pair;
      done_.pairs.insert(job.pair);
      if (!cfg_.resultsout.empty()) write_results();  // a run killed outright loses only its running pairs
      check_sprt();
    } else {
      half_pairs_[job.pair] = {p, job.first_is_red};
    }
  }

  void check_sprt() {
    if (!cfg_.sprt) return;
    const double llr = sprt_llr(counts_[0].pairs, *cfg_.sprt);
    if (sprt_state(llr, sprt_bounds(*cfg_.sprt)) == SprtState::Continue) return;
    stop_ = true;
    abort_ = true;  // the running games end unfinished and are not counted
  }

  void write_pgn(const Job& job, int red, int black, const GameRecord& rec) {
    if (!pgn_.is_open()) return;
    const EngineConfig& r = cfg_.engines[std::size_t(red)];
    const EngineConfig& b = cfg_.engines[std::size_t(black)];
    PgnGame g;
    g.event = cfg_.event;
    g.site = host_name();
    g.date = today();
    g.round = std::to_string(job.number);
    g.red = r.name;
    g.black = b.name;
    g.start_fen = rec.start_fen;
    g.moves = rec.moves;
    g.move_comments = rec.comments;
    g.result = rec.aborted ? "*" : rec.result;
    g.termination = rec.aborted ? "unterminated" : rec.termination;
    g.ending = rec.aborted ? "Game interrupted" : rec.reason + (rec.explanation.empty() ? "" : ". " + rec.explanation);
    if (r.tc.to_string() == b.tc.to_string()) {
      g.time_control = r.tc.pgn_tag();
    } else {
      g.extra_tags.emplace_back("WhiteTimeControl", r.tc.pgn_tag());
      g.extra_tags.emplace_back("BlackTimeControl", b.tc.pgn_tag());
    }
    g.extra_tags.emplace_back("PlyCount", std::to_string(rec.moves.size()));
    pgn_ << to_pgn(g) << std::flush;
  }

  void print_summary() {
    if (cfg_.engines.size() == 2) {
      for (const auto& line : summary_lines(cfg_.engines[0].name, cfg_.engines[1].name, counts_[0], cfg_.sprt))
        out_ << line << '\n';
    } else {
      for (const auto& line : rating_table(standings_)) out_ << line << '\n';
    }
    out_ << std::flush;
  }

  void print_final() {
    std::lock_guard lock(mutex_);
    // An engine that could not start left nothing to sum up: no "Elo difference" over 0 games.
    if (engine_failed_ && finished_ == 0) return;
    if (enc_.size() > 1)
      for (std::size_t e = 0; e < enc_.size(); ++e)
        for (const auto& line : summary_lines(cfg_.engines[std::size_t(enc_[e].first)].name,
                                              cfg_.engines[std::size_t(enc_[e].second)].name, counts_[e], std::nullopt))
          out_ << line << '\n';
    print_summary();
  }

  // Written whole to a side file and renamed over the old one: a run killed while writing leaves
  // the previous complete file, never half of one.
  bool write_results() {
    Counts total;
    for (const auto& c : counts_) total += c;
    nlohmann::json results = results_json(settings_json(cfg_), enc_.size() == 1 ? counts_[0] : total);
    results["finished"] = finished_json(done_);
    const std::string error = xq::fileio::replace_file(cfg_.resultsout, results.dump(2) + "\n");
    if (!error.empty()) err_ << "Error: the results file: " << error << "\n";
    return error.empty();
  }

  const MatchConfig& cfg_;
  std::vector<Opening> book_;
  std::ostream& out_;
  std::ostream& err_;
  std::atomic<bool>& abort_;
  std::vector<Encounter> enc_;
  std::vector<Job> jobs_;
  int total_ = 0;
  std::mutex mutex_;
  std::size_t next_ = 0;
  bool stop_ = false, engine_failed_ = false;
  int finished_ = 0;
  std::vector<Counts> counts_;
  std::vector<Standing> standings_;
  struct HalfPair {
    double points = 0;  // the first engine's, in the pair's first finished game
    bool first_is_red = true;
  };
  std::map<int, HalfPair> half_pairs_;  // pair id -> its first finished game
  FinishedPairs done_;                   // the whole pairs (with those of a resumed run)
  std::vector<std::atomic<bool>> ever_started_ = std::vector<std::atomic<bool>>(cfg_.engines.size());
  std::ofstream pgn_;
};

nlohmann::json engine_json(const EngineConfig& e) {
  nlohmann::json j = {{"name", e.name},   {"cmd", e.cmd},     {"args", e.args},  {"proto", protocol_name(e.proto)},
                      {"tc", e.tc.to_string()}, {"nodes", e.nodes}, {"depth", e.depth}, {"timemargin", e.timemargin_ms}};
  nlohmann::json opts = nlohmann::json::array();
  for (const auto& [k, v] : e.options) opts.push_back({k, v});
  j["options"] = opts;
  return j;
}

}  // namespace

nlohmann::json settings_json(const MatchConfig& cfg) {
  nlohmann::json j;
  j["engines"] = nlohmann::json::array();
  for (const auto& e : cfg.engines) j["engines"].push_back(engine_json(e));
  j["games"] = cfg.games;
  j["rounds"] = cfg.rounds;
  j["tournament"] = cfg.tournament;
  j["openings"] = {{"file", cfg.book.file}, {"order", cfg.book.order}, {"plies", cfg.book.plies}, {"start", cfg.book.start}};
  j["seed"] = cfg.seed;
  const GameRules& r = cfg.rules;
  j["rules"] = {{"repetitions", r.repetitions}, {"natural", r.natural_moves}, {"maxmoves", r.maxmoves},
                {"draw", {r.draw.movenumber, r.draw.movecount, r.draw.score}},
                {"resign", {r.resign.movecount, r.resign.score, r.resign.twosided}}};
  if (cfg.sprt) j["sprt"] = {{"elo0", cfg.sprt->elo0}, {"elo1", cfg.sprt->elo1}, {"alpha", cfg.sprt->alpha}, {"beta", cfg.sprt->beta}};
  j["shard"] = std::to_string(cfg.shard_index + 1) + "/" + std::to_string(cfg.shard_count);
  return j;
}

int run_match(const MatchConfig& cfg, std::ostream& out, std::ostream& err, std::atomic<bool>& abort) {
  std::vector<Opening> book{Opening{}};
  if (cfg.openings_given) {
    std::string error;
    auto loaded = load_openings(cfg.book, cfg.seed, error);
    if (!loaded) {
      err << "Error: " << error << '\n';
      return 2;
    }
    book = std::move(*loaded);
  } else {
    err << "Warning: no -openings: every game starts from the standard position\n";
  }
  Match match(cfg, std::move(book), out, err, abort);
  if (!cfg.resume.empty()) {
    std::ifstream f;
    std::string error = fileio::open_input(cfg.resume, f, false);
    nlohmann::json results;
    if (error.empty()) {
      results = nlohmann::json::parse(f, nullptr, false);
      error = results.is_discarded() ? "not valid JSON" : match.resume(results, cfg.resume);
    }
    if (!error.empty()) {
      err << "Error: -resume " << cfg.resume << ": " << error << '\n';
      return 2;
    }
  }
  const int status = match.run();
  return status;
}

int run_merge(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::pair<std::string, nlohmann::json>> files;
  std::optional<SprtConfig> sprt;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-sprt") {
      std::vector<std::string> sub{"-engine", "cmd=a", "nodes=1", "-engine", "cmd=b", "nodes=1", "-sprt"};
      for (++i; i < args.size() && args[i].find('=') != std::string::npos; ++i) sub.push_back(args[i]);
      --i;
      std::string error;
      const auto cfg = parse_command_line(sub, error);
      if (!cfg) {
        err << "Error: " << error << '\n';
        return 2;
      }
      sprt = cfg->sprt;
      continue;
    }
    std::ifstream f;
    if (const std::string error = fileio::open_input(args[i], f, false); !error.empty()) {
      err << "Error: " << error << "\n";
      return 2;
    }
    const nlohmann::json j = nlohmann::json::parse(f, nullptr, false);
    if (j.is_discarded()) {
      err << "Error: '" << args[i] << "' is not valid JSON\n";
      return 2;
    }
    files.emplace_back(args[i], j);
  }
  try {
    const Merged m = merge_results(files);
    if (!sprt && m.settings.contains("sprt")) {
      const auto& s = m.settings["sprt"];
      sprt = SprtConfig{s.value("elo0", 0.0), s.value("elo1", 5.0), s.value("alpha", 0.05), s.value("beta", 0.05)};
    }
    std::string first = "first", second = "second";
    if (m.settings.contains("engines") && m.settings["engines"].size() == 2) {
      first = m.settings["engines"][0].value("name", first);
      second = m.settings["engines"][1].value("name", second);
    }
    for (const auto& line : summary_lines(first, second, m.counts, sprt)) out << line << '\n';
  } catch (const std::exception& e) {
    err << "Error: " << e.what() << '\n';
    return 2;
  }
  return 0;
}

}  // namespace xq::match
