#include "game.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "judge/explain.h"
#include "judge/judge.h"
#include "judge/natural.h"

namespace xq::match {

namespace {

constexpr std::int64_t SETTLE_MS = 1000;  // after a flag fall: how long "stop" may take

const char* win_result(Color winner) { return winner == RED ? "1-0" : "0-1"; }

// What an engine sent, for a result reason: cut short, and with no braces, which would end the
// "{reason}" of a Finished line or a PGN comment early.
std::string quote(const std::string& text, std::size_t max = 24) {
  std::string s = text.size() <= max ? text : text.substr(0, max) + "...";
  for (char& c : s) c = c == '{' ? '(' : c == '}' ? ')' : c;
  return s;
}

struct Ending {
  std::string result, reason, termination, explanation;
};

Ending win(Color winner, const std::string& reason, const std::string& termination = "normal") {
  return {win_result(winner), reason, termination, ""};
}
Ending draw(const std::string& reason, const std::string& termination = "normal") {
  return {"1/2-1/2", reason, termination, ""};
}

// The scores each engine reported for its own moves, newest last, for adjudication.
struct ScoreTrail {
  std::vector<std::optional<int>> scores[COLOR_NB];

  // The last n scores of `c` all satisfy pred (and there are n of them).
  template <class Pred>
  bool last_all(Color c, int n, Pred pred) const {
    const auto& s = scores[c];
    if (n <= 0 || int(s.size()) < n) return false;
    for (auto it = s.end() - n; it != s.end(); ++it)
      if (!*it || !pred(**it)) return false;
    return true;
  }
};

class Arbiter {
 public:
  Arbiter(const Opening& opening, const GameRules& rules) : rules_(rules) {
    if (!opening.fen.empty()) set_fen(pos_, opening.fen);  // checked when the book was read
    judge::record_root(pos_);
  }

  Position& position() { return pos_; }

  // Plays a legal move; the position keeps the counts the rules need (judge data, rule60).
  void play(Move m) { judge::play(pos_, m); }

  // The game's end after the last move, if the rules say it is over.
  std::optional<Ending> ending(const ScoreTrail& trail) {
    const Color us = pos_.side_to_move();
    if (!has_legal_move(pos_))
      return pos_.in_check() ? win(~us, std::string(side_name(~us)) + " mates")
                             : win(~us, std::string(side_name(~us)) + " wins: " + side_name(us) + " has no legal move");
    if (auto e = repetition()) return e;
    // The mate test above already let a mate on the limit's last move win.
    if (judge::natural_limit(pos_, rules_.natural_moves) == judge::Verdict::Draw) {
      Ending e = draw("Draw by " + std::to_string(rules_.natural_moves) + "-move rule");
      // In the PGN's own move numbers: the comment sits under that movetext.
      e.explanation = judge::explain_natural_limit(pos_, judge::Verdict::Draw, rules_.natural_moves,
                                                   judge::MoveNumbering::Pgn);
      return e;
    }
    if (rules_.maxmoves > 0 && pos_.game_ply() >= 2 * rules_.maxmoves) return draw("Draw by move limit", "adjudication");
    return adjudication(trail);
  }

 private:
  std::optional<Ending> repetition() {
    const int ntimes = std::max(1, rules_.repetitions - 1);
    if (judge::judge_ntimes(pos_.history(), ntimes) == judge::Verdict::Undecided) return std::nullopt;
    const judge::Ruling ruling = judge::judge_full(pos_.history(), ntimes);
    const Color us = pos_.side_to_move();
    Ending e = ruling.verdict == judge::Verdict::Draw  ? draw("Draw by repetition")
               : ruling.verdict == judge::Verdict::Win ? win(us, "")
                                                       : win(~us, "");
    const std::string summary = judge::ruling_summary(pos_, ruling);
    if (!summary.empty()) e.reason = summary;
    else if (e.reason.empty()) e.reason = std::string(side_name(ruling.verdict == judge::Verdict::Win ? ~us : us)) + " loses by repetition";
    e.reason[0] = char(std::toupper(static_cast<unsigned char>(e.reason[0])));
    e.explanation = judge::explain(pos_, ruling, ntimes);
    return e;
  }

  std::optional<Ending> adjudication(const ScoreTrail& trail) const {
    const ResignAdjudication& r = rules_.resign;
    for (Color c : {RED, BLACK}) {
      const bool lost = trail.last_all(c, r.movecount, [&](int s) { return s <= -r.score; });
      const bool agreed = !r.twosided || trail.last_all(~c, r.movecount, [&](int s) { return s >= r.score; });
      if (r.movecount > 0 && lost && agreed)
        return win(~c, std::string(side_name(~c)) + " wins by adjudication", "adjudication");
    }
    const DrawAdjudication& d = rules_.draw;
    const int move_number = pos_.game_ply() / 2 + 1;
    auto level = [&](int s) { return std::abs(s) <= d.score; };
    if (d.movecount > 0 && move_number >= d.movenumber && trail.last_all(RED, d.movecount, level) &&
        trail.last_all(BLACK, d.movecount, level))
      return draw("Draw by adjudication", "adjudication");
    return std::nullopt;
  }

  Position pos_;
  GameRules rules_;
};

std::string move_comment(const TurnReply& r) {
  char buf[64];
  if (r.score_cp) std::snprintf(buf, sizeof buf, "%+.2f/%d %.2fs", *r.score_cp / 100.0, r.depth, r.elapsed_ms / 1000.0);
  else std::snprintf(buf, sizeof buf, "%.2fs", r.elapsed_ms / 1000.0);
  return buf;
}

// A move made within the margin may leave the clock below zero; engines are told 0, never a
// negative time (which some reject as a malformed command).
ClockState clock_state(const GameClock& c) { return {std::max<std::int64_t>(0, c.remaining_ms()), 0, c.moves_to_go()}; }

// What an engine's failed turn means for the game (the move was not played).
Ending turn_failure(Color us, const TurnReply& r, bool clocked, Player& p, bool& failed) {
  const std::string side = side_name(us);
  switch (r.status) {
    case TurnReply::Timeout:
      failed = !p.settle(SETTLE_MS);
      return clocked ? win(~us, side + " loses on time", "time forfeit")
                     : win(~us, side + "'s connection stalls", "stalled connection");
    case TurnReply::Crashed:
      failed = true;
      return win(~us, side + " disconnects", "abandoned");
    case TurnReply::Resigned: return win(~us, side + " resigns");
    case TurnReply::FalseClaim:  // the engine is fine: it only reads the rules differently
      return win(~us, side + " makes a false claim: " + quote(r.detail, 80), "rules infraction");
    default:
      failed = true;
      return win(~us, side + " sends garbage: " + quote(r.detail + (r.raw.empty() ? "" : " '" + r.raw + "'"), 80),
                 "rules infraction");
  }
}

void finish(GameRecord& rec, const Ending& e) {
  rec.result = e.result;
  rec.reason = e.reason;
  rec.termination = e.termination;
  rec.explanation = e.explanation;
}

}  // namespace

GameRecord play_game(Player& red, Player& black, const Opening& opening, const GameRules& rules,
                     const std::atomic<bool>& abort) {
  GameRecord rec;
  rec.start_fen = opening.fen;
  Player* players[COLOR_NB] = {&red, &black};
  Arbiter arbiter(opening, rules);
  Position& pos = arbiter.position();
  for (Color c : {RED, BLACK})
    if (!players[c]->new_game(opening.fen)) {
      if (abort) {  // the wait for the engine was cut short, it did not fail
        rec.aborted = true;
        rec.reason = "Game interrupted";
        return rec;
      }
      rec.engine_failed[c] = true;
      finish(rec, win(~c, std::string(side_name(c)) + " disconnects", "abandoned"));
      return rec;
    }
  for (const auto& text : opening.moves) {  // legal: checked when the book was read
    arbiter.play(parse_move(pos, text).move);
    rec.moves.push_back(text);
    rec.comments.push_back("book");
  }
  GameClock clocks[COLOR_NB] = {GameClock(red.config().tc), GameClock(black.config().tc)};
  ScoreTrail trail;
  while (true) {
    if (auto e = arbiter.ending(trail)) {
      finish(rec, *e);
      break;
    }
    const Color us = pos.side_to_move();
    Player& p = *players[us];
    const EngineConfig& cfg = p.config();
    TurnRequest req;
    req.start_fen = opening.fen;
    req.moves = &rec.moves;
    req.red_to_move = us == RED;
    req.own = clock_state(clocks[us]);
    req.own.inc_ms = cfg.tc.inc_ms;
    req.opponent = clock_state(clocks[~us]);
    req.opponent.inc_ms = players[~us]->config().tc.inc_ms;
    const std::int64_t limit = clocks[us].limit_ms(cfg.timemargin_ms);
    req.wait_ms = limit >= 0 ? limit : cfg.timeout_ms;
    req.abort = &abort;
    const TurnReply r = p.think(req);
    if (r.status == TurnReply::Aborted || abort) {
      rec.aborted = true;
      rec.reason = "Game interrupted";
      break;
    }
    if (r.status != TurnReply::Moved) {
      finish(rec, turn_failure(us, r, limit >= 0, p, rec.engine_failed[us]));
      break;
    }
    if (!clocks[us].charge(r.elapsed_ms, cfg.timemargin_ms)) {
      finish(rec, win(~us, std::string(side_name(us)) + " loses on time", "time forfeit"));
      break;
    }
    const MoveResult mr = parse_move(pos, r.move);
    if (!mr.ok()) {
      finish(rec, win(~us, std::string(side_name(us)) + " makes an illegal move: " + quote(r.move), "rules infraction"));
      break;
    }
    arbiter.play(mr.move);
    rec.moves.push_back(r.move);
    rec.comments.push_back(move_comment(r));
    trail.scores[us].push_back(r.score_cp);
  }
  if (!rec.aborted)
    for (Player* p : players)
      if (p->alive()) p->game_over(rec.result, rec.reason);
  return rec;
}

}  // namespace xq::match
