// UCCI 3.0 (ElephantEye's cchess_ucci, as XQWizard and the UCCI league drive engines):
// bare-number scores, "bestmove M [ponder P] [draw|resign]" or "nobestmove", banmoves, probe
// (answered "pophash ..."), ponderhit [draw], quit answered "bye", options without the
// "name"/"value" words.
#include <algorithm>
#include <mutex>
#include <vector>

#include <spdlog/spdlog.h>

#include "randomness.h"
#include "search/score.h"
#include "uci_family.h"

namespace xq::frontend {
namespace {

// When the engine accepts, offers or resigns (the "draw" and "resign" options switch it off).
constexpr int ACCEPT_DRAW_AT_MOST = 0;  // an offered draw is fair unless we stand better
constexpr int OFFER_DRAW_WITHIN = 10;   // our own offer: the game has been level ...
constexpr std::size_t OFFER_DRAW_AFTER = 10;  // ... for this many of our searches in a row
constexpr int OFFER_DRAW_FROM_PLY = 60;       // ... and is past its opening and middle game
constexpr int RESIGN_BELOW = -1500;           // about a rook and a horse down ...
constexpr std::size_t RESIGN_AFTER = 4;       // ... for this many searches in a row

// "option randomness type combo var none var tiny ... default none" (randomness.h's table).
std::string randomness_option_line() {
  std::string line = "option randomness type combo";
  for (const RandomnessLevel& l : UCCI_RANDOMNESS) line += std::string(" var ") + l.name;
  return line + " default none";
}

std::string randomness_names() {
  std::string names;
  for (const RandomnessLevel& l : UCCI_RANDOMNESS) names += (names.empty() ? "" : ", ") + std::string(l.name);
  return names;
}

// Options UCCI defines that xqengine accepts but cannot change: its search and evaluation are
// fixed (and it has no opening book or endgame tables). Accepted so that GUIs that send them
// work; the reply says they have no effect.
bool is_fixed_option(const std::string& key) {
  static const char* const FIXED[] = {"pruning", "knowledge", "selectivity", "idle",      "style",
                                      "usebook", "bookfiles", "useegtb",     "egtbpaths", "usehash", "promotion"};
  return std::find(std::begin(FIXED), std::end(FIXED), key) != std::end(FIXED);
}

class UcciProtocol final : public UciFamily {
 public:
  using UciFamily::UciFamily;

  bool handle(const Tokens& t) override {
    if (t[0] != "quit") return UciFamily::handle(t);
    core_.stop();  // a running search still answers first
    core_.wait();
    out_.line("bye");
    return false;
  }

 private:
  void hello() override {
    out_.line(std::string("id name ") + ENGINE_NAME);
    out_.line(std::string("id version ") + ENGINE_VERSION);
    out_.line("id copyright 2026 the xqjudge project");
    out_.line(std::string("id author ") + ENGINE_AUTHOR);
    out_.line("id user unknown");
    out_.line("option usemillisec type check default false");
    out_.line("option ponder type check default false");
    out_.line("option hashsize type spin min 1 max " + std::to_string(EngineCore::MAX_HASH_MB) + " default " +
              std::to_string(EngineCore::DEFAULT_HASH_MB));
    out_.line("option threads type spin min 1 max " + std::to_string(EngineCore::MAX_THREADS) + " default 1");
    out_.line("option batch type check default false");
    out_.line("option debug type check default false");
    out_.line("option draw type check default true");
    out_.line("option resign type check default true");
    out_.line("option repetitionrule type combo var wxf var check-only default wxf");
    out_.line(randomness_option_line());
    out_.line("option usennue type check default false");
    out_.line(std::string("option evalfile type string default ") + EMBEDDED_NETWORK_NAME);
    out_.line("option UCI_Variant type combo default xiangqi var xiangqi var chess");
    out_.line("option newgame type button");
    out_.line("ucciok");
  }

  bool handle_own(const Tokens& t) override {
    if (t[0] == "banmoves") cmd_banmoves(t);
    else if (t[0] == "probe") cmd_probe(t);
    else return false;
    return true;
  }

  bool set_own_option(const std::string& key, const std::string& value) override {
    bool on = false;
    if (key == "newgame") {
      core_.new_game();
      after_new_game();
    } else if (key == "batch") {
      // Batch mode lets an engine skip reading input while it thinks; xqengine always reads.
      parse_check("batch", value, on);
    } else if (key == "debug") {
      if (parse_check("debug", value, on)) spdlog::set_level(on ? spdlog::level::debug : spdlog::level::info);
    } else if (key == "draw") {
      if (parse_check("draw", value, on)) draws_ = on;
    } else if (key == "resign") {
      if (parse_check("resign", value, on)) resign_ = on;
    } else if (key == "randomness") {
      if (const auto cp = ucci_randomness_cp(value)) core_.set_randomness(*cp);
      else error("bad value '" + value + "' for randomness: expected one of " + randomness_names());
    } else if (is_fixed_option(key)) {
      out_.line("info string " + key + " is fixed in xqengine; the setting has no effect");
    } else {
      return false;
    }
    return true;
  }

  void before_go(GoRequest& request) override { request.banned = banned_; }
  void after_position() override { banned_.clear(); }  // banmoves hold for one position
  void after_new_game() override {
    std::lock_guard lock(scores_mutex_);
    scores_.clear();
  }

  // banmoves m1 m2 ...: moves the next search must not answer (until the next position).
  void cmd_banmoves(const Tokens& t) {
    std::vector<std::string> banned;
    for (auto it = t.begin() + 1; it != t.end(); ++it) {
      if (core_.is_legal(*it)) banned.push_back(*it);
      else error("banmoves: '" + *it + "' is not a legal move here; ignored");
    }
    banned_ = std::move(banned);
  }

  // probe startpos|fen ... [moves ...]: what the hash table holds for that position, always
  // answered by exactly one pophash line (empty when nothing is stored).
  void cmd_probe(const Tokens& t) {
    std::optional<std::string> fen;
    std::vector<std::string> moves;
    std::string line = "pophash";
    if (parse_position_args(t, fen, moves)) {
      std::string err;
      const std::optional<HashEntry> e = core_.probe(fen, moves, err);
      if (!err.empty()) error("probe: " + err);
      if (e) {
        if (!e->move.empty()) line += " bestmove " + e->move;
        if (e->lower) line += " lowerbound " + std::to_string(e->score) + " depth " + std::to_string(e->depth);
        if (e->upper) line += " upperbound " + std::to_string(e->score) + " depth " + std::to_string(e->depth);
      }
    }
    out_.line(line);
  }

  void print_info(const SearchReport& r) override {
    std::string line = "info depth " + std::to_string(r.depth) + " seldepth " + std::to_string(r.seldepth) +
                       " score " + std::to_string(r.score) + " nodes " + std::to_string(r.nodes) + " nps " +
                       std::to_string(r.nps) + " time " + std::to_string(r.time_ms) + " hashfull " +
                       std::to_string(r.hashfull) + " pv";
    for (const std::string& m : r.pv) line += ' ' + m;
    out_.line(line);
  }

  void print_bestmove(const SearchOutcome& o, bool draw_offered) override {
    if (o.best.empty()) return out_.line("nobestmove");
    std::string line = "bestmove " + o.best;
    if (ponder_option_ && !o.ponder.empty()) line += " ponder " + o.ponder;
    out_.line(line + verdict(o.score, draw_offered));
  }

  // " draw" (accept the GUI's offer, or offer one), " resign", or "".
  std::string verdict(int score, bool draw_offered) {
    std::lock_guard lock(scores_mutex_);
    scores_.push_back(score);
    const auto last_all = [this](std::size_t n, auto pred) {
      return scores_.size() >= n && std::all_of(scores_.end() - std::ptrdiff_t(n), scores_.end(), pred);
    };
    if (draw_offered && draws_ && score <= ACCEPT_DRAW_AT_MOST) return " draw";
    // Resign only when the search proves the loss (a mate or a ruling against us), or after a
    // long run of hopeless scores.
    const bool proven_loss = score < -search::REP_BOUND;
    if (resign_ && (proven_loss || last_all(RESIGN_AFTER, [](int s) { return s <= RESIGN_BELOW; }))) return " resign";
    if (draws_ && core_.game_ply() >= OFFER_DRAW_FROM_PLY &&
        last_all(OFFER_DRAW_AFTER, [](int s) { return std::abs(s) <= OFFER_DRAW_WITHIN; }))
      return " draw";
    return "";
  }

  std::vector<std::string> banned_;
  std::atomic<bool> draws_{true}, resign_{true};
  std::mutex scores_mutex_;  // scores_ is filled on the search thread, cleared on the reading one
  std::vector<int> scores_;  // our searches' scores in this game, newest last
};

}  // namespace

std::unique_ptr<Dialect> make_ucci(EngineCore& core, Output& out) { return std::make_unique<UcciProtocol>(core, out); }

}  // namespace xq::frontend
