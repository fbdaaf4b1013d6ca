// UCCI 3.0 (ElephantEye's cchess_ucci, as XQWizard and the UCCI league drive engines):
// bare-number scores, "bestmove M [ponder P] [draw|resign]" or "nobestmove", banmoves, probe
// (answered "pophash ..."), ponderhit [draw], quit answered "bye", options without the
// "name"/"value" words.
#include <algorithm>
#include <mutex>
#include <vector>

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

class UcciProtocol final : public UciFamily {
 public:
  using UciFamily::UciFamily;

  bool handle(const Tokens& t) override {
    if (t[0] != "quit") return UciFamily::handle(t);
    core_.finish_for_quit();  // a running search still answers first; perft and bench finish
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
    for (const std::string& line : option_lines(OptionProtocol::Ucci)) out_.line(line);
    out_.line("ucciok");
  }

  OptionProtocol option_protocol() const override { return OptionProtocol::Ucci; }

  bool handle_own(const Tokens& t) override {
    if (t[0] == "banmoves") cmd_banmoves(t);
    else if (t[0] == "probe") cmd_probe(t);
    else return false;
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
    std::vector<MoveCode> banned;
    for (auto it = t.begin() + 1; it != t.end(); ++it) {
      if (const auto code = core_.legal_move(*it)) banned.push_back(*code);
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
    if (core_.settings().ponder && !o.ponder.empty()) line += " ponder " + o.ponder;
    out_.line(line + verdict(o.score, draw_offered));
  }

  // " draw" (accept the GUI's offer, or offer one), " resign", or "".
  std::string verdict(int score, bool draw_offered) {
    const bool draws = core_.settings().draw, resign = core_.settings().resign;
    std::lock_guard lock(scores_mutex_);
    scores_.push_back(score);
    const auto last_all = [this](std::size_t n, auto pred) {
      return scores_.size() >= n && std::all_of(scores_.end() - std::ptrdiff_t(n), scores_.end(), pred);
    };
    if (draw_offered && draws && score <= ACCEPT_DRAW_AT_MOST) return " draw";
    // Resign only when the search proves the loss (a mate or a ruling against us), or after a
    // long run of hopeless scores.
    const bool proven_loss = score < -search::REP_BOUND;
    if (resign && (proven_loss || last_all(RESIGN_AFTER, [](int s) { return s <= RESIGN_BELOW; }))) return " resign";
    if (draws && core_.game_ply() >= OFFER_DRAW_FROM_PLY &&
        last_all(OFFER_DRAW_AFTER, [](int s) { return std::abs(s) <= OFFER_DRAW_WITHIN; }))
      return " draw";
    return "";
  }

  std::vector<MoveCode> banned_;  // legal_move()'s codes in the current position
  std::mutex scores_mutex_;  // scores_ is filled on the search thread, cleared on the reading one
  std::vector<int> scores_;  // our searches' scores in this game, newest last
};

}  // namespace

std::unique_ptr<Dialect> make_ucci(EngineCore& core, Output& out) {
  auto ucci = std::make_unique<UcciProtocol>(core, out);
  ucci->take_protocol_defaults();
  return ucci;
}

}  // namespace xq::frontend
