// CECP v2 (the XBoard/WinBoard engine protocol, engine-intf.html), for Xiangqi as XBoard plays
// it: moves in ICCS coordinates (files a-i, ranks 0-9: "on boards with exactly 10 ranks,
// counting of the ranks starts at 0"), FENs with XBoard's letters (H horse, E elephant, which
// engine/ reads too), clocks in centiseconds.
//
// The engine plays the side XBoard assigns (new, go, playother, force). After its own move,
// and when it is to move, it claims the result the rules give: mate, or a repetition the WXF
// judge rules at the third occurrence of a position (as XBoard and xqmatch count), e.g.
// "0-1 {Red loses by perpetual chase}". It never claims anything else.
#include <cmath>
#include <spdlog/spdlog.h>

#include "dialect.h"
#include "options.h"
#include "search/score.h"

namespace xq::frontend {
namespace {

// Without any time control (no level, st, time or sd) a move gets this long.
constexpr std::int64_t DEFAULT_MOVE_MS = 5000;
// XBoard's mate scores: 100000 + N for mate in N moves.
constexpr int CECP_MATE = 100000;

const char* result_token(GameEnd::Winner w) {
  return w == GameEnd::RED_WINS ? "1-0" : w == GameEnd::BLACK_WINS ? "0-1" : "1/2-1/2";
}

// Seconds as CECP writes them ("30", "0.5"), in ms; nullopt when it is not a number >= 0.
std::optional<std::int64_t> seconds_to_ms(const std::string& text) {
  if (text.empty() || text.size() > 12 || text.find_first_not_of("0123456789.") != std::string::npos) return std::nullopt;
  try {
    const double s = std::stod(text);
    return std::int64_t(std::llround(s * 1000));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// "level" BASE: minutes, or minutes:seconds.
std::optional<std::int64_t> level_base_ms(const std::string& text) {
  const std::size_t colon = text.find(':');
  const auto minutes = to_int<std::int64_t>(text.substr(0, colon));
  if (!minutes || *minutes < 0 || *minutes > 100000) return std::nullopt;
  std::int64_t seconds = 0;
  if (colon != std::string::npos) {
    const auto s = to_int<std::int64_t>(text.substr(colon + 1));
    if (!s || *s < 0 || *s > 59) return std::nullopt;
    seconds = *s;
  }
  return (*minutes * 60 + seconds) * 1000;
}

bool looks_like_move(const std::string& w) {
  return w.size() == 4 && w[0] >= 'a' && w[0] <= 'i' && std::isdigit(static_cast<unsigned char>(w[1])) &&
         w[2] >= 'a' && w[2] <= 'i' && std::isdigit(static_cast<unsigned char>(w[3]));
}

class CecpProtocol final : public Dialect {
 public:
  using Dialect::Dialect;

  bool handle(const Tokens& t) override {
    command_ = join(t.begin(), t.end());
    const std::string& cmd = t[0];
    if (cmd == "quit") {
      abandon();
      return false;
    }
    if (handle_game(t) || handle_clock(t) || handle_mode(t) || handle_misc(t)) return true;
    if (looks_like_move(cmd) && t.size() == 1) user_move(cmd);  // without feature usermove=1
    else reply_error("unknown command");
    return true;
  }

  void end_of_input() override { abandon(); }

  void error(const std::string& message) override { reply_error(message); }

  // CECP has UCI's defaults where UCCI's differ (options.h).
  void take_protocol_defaults() {
    OptionContext context = option_context();
    apply_protocol_defaults(OptionProtocol::Cecp, context);
  }

 private:
  // new, variant, setboard, usermove, undo, remove.
  bool handle_game(const Tokens& t) {
    const std::string& cmd = t[0];
    if (cmd == "new") {
      abandon();
      core_.new_game();
      force_ = false;
      engine_side_ = BLACK;
      depth_ = 0;  // "new" removes an sd limit, keeps the time control
      own_cs_ = opp_cs_ = -1;
      bad_position_ = false;
      have_score_ = false;
      if (analyzing_) start_analysis();
    } else if (cmd == "variant") {
      if (t.size() == 2 && t[1] == "xiangqi") core_.set_variant("xiangqi");
      else reply_error("unsupported variant");
    } else if (cmd == "setboard") {
      abandon();
      const std::string err = t.size() > 1 ? core_.set_position(join(t.begin() + 1, t.end()), {}) : "no FEN";
      bad_position_ = !err.empty();
      if (bad_position_) out_.line("tellusererror Illegal position: " + printable(err, 120));
      if (analyzing_) start_analysis();
    } else if (cmd == "usermove") {
      if (t.size() != 2) reply_error("usermove needs one move");
      else user_move(t[1]);
    } else if (cmd == "undo" || cmd == "remove") {
      abandon();
      for (int i = cmd == "undo" ? 1 : 2; i > 0; --i)
        if (!core_.undo()) return reply_error("command not legal now"), true;
      if (analyzing_) start_analysis();
    } else {
      return false;
    }
    return true;
  }

  // time, otim, level, st, sd.
  bool handle_clock(const Tokens& t) {
    const std::string& cmd = t[0];
    if (cmd == "time" || cmd == "otim") {
      // A negative clock (the GUI's flag fell) means no time left.
      const auto cs = t.size() == 2 ? to_int<std::int64_t>(t[1]) : std::nullopt;
      if (!cs) return reply_error("bad parameters"), true;
      (cmd == "time" ? own_cs_ : opp_cs_) = std::clamp<std::int64_t>(*cs, 0, std::int64_t(1) << 36);
    } else if (cmd == "level") {
      if (t.size() != 4) return reply_error("bad parameters"), true;
      const auto mps = to_int(t[1]);
      const auto base = level_base_ms(t[2]);
      const auto inc = seconds_to_ms(t[3]);
      if (!mps || *mps < 0 || !base || !inc) return reply_error("bad parameters"), true;
      moves_per_session_ = *mps;
      base_ms_ = *base;
      inc_ms_ = *inc;
      move_ms_ = 0;
    } else if (cmd == "st") {
      const auto ms = t.size() == 2 ? seconds_to_ms(t[1]) : std::nullopt;
      if (!ms || *ms <= 0) return reply_error("bad parameters"), true;
      move_ms_ = *ms;
    } else if (cmd == "sd") {
      const auto d = t.size() == 2 ? to_int(t[1]) : std::nullopt;
      if (!d || *d < 1 || *d > 1000) return reply_error("bad parameters"), true;
      depth_ = *d;
    } else {
      return false;
    }
    return true;
  }

  // force, go, playother, ?, analyze, exit, ., post, nopost, hard, easy.
  bool handle_mode(const Tokens& t) {
    const std::string& cmd = t[0];
    if (cmd == "force") {
      abandon();
      force_ = true;
    } else if (cmd == "go") {
      if (thinking_) return true;
      force_ = false;
      engine_side_ = core_.side_to_move();
      think();
    } else if (cmd == "playother") {
      force_ = false;
      engine_side_ = ~core_.side_to_move();  // no pondering: wait for the GUI's move
    } else if (cmd == "?") {
      if (thinking_) {  // move now: stop, and let the search answer with its best so far
        core_.stop();
        core_.wait();
      }
    } else if (cmd == "analyze") {
      analyzing_ = true;
      start_analysis();
    } else if (cmd == "exit") {
      abandon();
      analyzing_ = false;
    } else if (cmd == "post" || cmd == "nopost") {
      post_ = cmd == "post";
    } else if (cmd == "hard" || cmd == "easy") {
      // Pondering: accepted; xqengine does not think on the opponent's time under CECP.
    } else if (cmd == ".") {
      // Analysis status updates are optional; without an answer XBoard stops asking.
    } else {
      return false;
    }
    return true;
  }

  // xboard, protover, accepted, rejected, ping, result, draw, memory, cores, option, and the
  // commands a GUI may send that need no answer.
  bool handle_misc(const Tokens& t) {
    const std::string& cmd = t[0];
    if (cmd == "protover") {
      out_.line(std::string("feature setboard=1 usermove=1 ping=1 playother=1 colors=0 sigint=0 sigterm=0 analyze=1 "
                            "memory=1 variants=\"xiangqi\" myname=\"") +
                ENGINE_NAME + " " + ENGINE_VERSION + "\"");
      for (const std::string& line : option_lines(OptionProtocol::Cecp)) out_.line(line);
      out_.line("feature done=1");
    } else if (cmd == "ping") {
      if (thinking_) core_.wait();  // "pong" only after the move it is thinking about
      out_.line("pong" + (t.size() > 1 ? " " + printable(t[1], 20) : std::string()));
    } else if (cmd == "result") {
      abandon();
      force_ = true;
    } else if (cmd == "draw") {
      // Accept (by offering in turn) when our last search says we do not stand better.
      if (!force_ && have_score_ && last_score_ <= 0) out_.line("offer draw");
    } else if (cmd == "memory") {
      const auto mb = t.size() == 2 ? to_int(t[1]) : std::nullopt;
      if (!mb || *mb < 1) return reply_error("bad parameters"), true;
      core_.set_hash_mb(std::min(*mb, EngineCore::MAX_HASH_MB));
    } else if (cmd == "option") {  // option NAME=VALUE, for the options our features offered
      OptionContext context = option_context();
      if (std::string err = set_option(after_words(line_, 1), OptionProtocol::Cecp, context); !err.empty())
        reply_error(err);
    } else if (cmd == "cores") {
      // One search thread whatever the GUI allows.
    } else if (cmd == "rejected") {
      spdlog::warn("the GUI rejected feature {}", t.size() > 1 ? t[1] : "");
    } else {
      static const char* const QUIET[] = {"xboard", "accepted", "random", "computer", "name", "rating", "ics", "hint", "bk"};
      return std::find(std::begin(QUIET), std::end(QUIET), cmd) != std::end(QUIET);
    }
    return true;
  }

  OptionContext option_context() {
    return {core_, [this](const std::string& text) { out_.line("telluser " + printable(text, 200)); },
            [this] { core_.new_game(); }};
  }

  void user_move(const std::string& move) {
    if (bad_position_) return out_.line("Illegal move: " + printable(move, 20));
    if (thinking_ || analyzing_) abandon();
    if (const std::string err = core_.play(move); !err.empty())
      return out_.line("Illegal move (" + printable(paren_free(err), 100) + "): " + printable(move, 20));
    if (analyzing_) start_analysis();
    else if (!force_ && core_.side_to_move() == engine_side_) think();
  }

  // Our move: claim the result if the game is already over, else search on our clock.
  void think() {
    if (bad_position_ || claim_if_over(core_.game_end(core_.arbiter_count() - 1))) return;
    GoRequest request;
    request.limits = limits();
    abandoned_ = false;
    thinking_ = true;
    SearchCallbacks callbacks;
    callbacks.info = [this](const SearchReport& r) {
      if (post_) print_thinking(r);
    };
    callbacks.done = [this](const SearchOutcome& o) { search_done(o); };
    if (!core_.go(request, std::move(callbacks))) {
      thinking_ = false;
      reply_error("no search for this variant");
    }
  }

  // On the search thread: play our move on our game first (the GUI's answer must meet the
  // position after it), then tell the GUI, then claim what the rules give.
  void search_done(const SearchOutcome& o) {
    if (abandoned_ || o.best.empty() || !core_.play(o.best).empty()) {
      thinking_ = false;
      return;
    }
    if (o.note.empty()) {  // a book move has no score to judge a draw offer by
      last_score_ = o.score;
      have_score_ = true;
    } else if (post_) {
      out_.line("# " + o.note);  // XBoard ignores lines that start with '#'
    }
    const GameEnd end = core_.game_end(core_.arbiter_count() - 1);
    out_.line("move " + o.best);
    claim_if_over(end);
    thinking_ = false;
  }

  bool claim_if_over(const GameEnd& end) {
    if (!end.over()) return false;
    out_.line(std::string(result_token(end.winner)) + " {" + paren_free(end.reason) + "}");
    return true;
  }

  void start_analysis() {
    abandon();
    if (bad_position_) return;
    GoRequest request;
    request.limits.infinite = true;
    abandoned_ = false;
    SearchCallbacks callbacks;
    callbacks.info = [this](const SearchReport& r) {
      if (post_) print_thinking(r);
    };
    callbacks.done = [](const SearchOutcome&) {};  // analysis never moves
    core_.go(request, std::move(callbacks));
  }

  search::Limits limits() const {
    search::Limits l;
    l.depth = depth_;
    if (move_ms_ > 0) {
      l.movetime = move_ms_;
      return l;
    }
    const Color us = engine_side_;
    const std::int64_t own = own_cs_ >= 0 ? own_cs_ * 10 : base_ms_;
    const std::int64_t opp = opp_cs_ >= 0 ? opp_cs_ * 10 : base_ms_;
    if (own > 0 || own_cs_ >= 0) {
      l.time[us] = own;
      l.time[~us] = opp;
      l.inc[us] = l.inc[~us] = inc_ms_;
      // Moves left in this session: XBoard adds BASE again after every MPS moves of ours.
      if (moves_per_session_ > 0) l.movestogo = moves_per_session_ - (core_.game_ply() / 2) % moves_per_session_;
    } else if (depth_ == 0) {
      l.movetime = DEFAULT_MOVE_MS;
    }
    return l;
  }

  // "ply score time nodes pv": score in centipawns from the engine's side, time in centiseconds.
  // Mates as XBoard asks (100000 + N); a repetition ruling stays in centipawns (+-199xx).
  void print_thinking(const SearchReport& r) {
    int score = r.score;
    if (search::is_mate_score(score)) {
      const int moves = search::mate_moves(score);
      score = moves > 0 ? CECP_MATE + moves : -CECP_MATE + moves;
    }
    std::string line = std::to_string(r.depth) + " " + std::to_string(score) + " " + std::to_string(r.time_ms / 10) +
                       " " + std::to_string(r.nodes);
    for (const std::string& m : r.pv) line += ' ' + m;
    out_.line(line);
  }

  // Stops whatever runs and throws its answer away.
  void abandon() {
    abandoned_ = true;
    core_.stop();
    core_.wait();
    thinking_ = false;
  }

  void reply_error(const std::string& type) {
    out_.line("Error (" + printable(paren_free(type), 100) + "): " + printable(command_, 100));
  }

  // XBoard reads "(...)" and "{...}" as delimiters: keep them out of free text.
  static std::string paren_free(std::string s) {
    for (char& c : s) {
      if (c == '(' || c == '{') c = '[';
      else if (c == ')' || c == '}') c = ']';
    }
    return s;
  }

  std::string command_;  // the line being handled, for error replies
  bool force_ = true;
  Color engine_side_ = BLACK;
  bool analyzing_ = false;
  // Read by the search thread's info callback while the reading thread handles post/nopost
  // (ThreadSanitizer: bench/results/search/tsan_*.txt).
  std::atomic<bool> post_{false};
  bool bad_position_ = false;  // after a refused setboard: every move is illegal until new/setboard
  std::atomic<bool> thinking_{false}, abandoned_{false};
  std::atomic<int> last_score_{0};
  std::atomic<bool> have_score_{false};
  int moves_per_session_ = 40;  // XBoard's default time control, until "level" says otherwise
  std::int64_t base_ms_ = 5 * 60 * 1000;
  std::int64_t inc_ms_ = 0;
  std::int64_t move_ms_ = 0;  // "st": exactly this long per move
  int depth_ = 0;             // "sd"
  std::int64_t own_cs_ = -1, opp_cs_ = -1;  // the last "time" and "otim"; -1 before any
};

}  // namespace

std::unique_ptr<Dialect> make_cecp(EngineCore& core, Output& out) {
  auto cecp = std::make_unique<CecpProtocol>(core, out);
  cecp->take_protocol_defaults();
  return cecp;
}

}  // namespace xq::frontend
