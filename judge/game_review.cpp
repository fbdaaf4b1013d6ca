#include "judge/game_review.h"

#include <algorithm>

#include "engine/movegen.h"
#include "judge/explain.h"
#include "judge/natural.h"

namespace xq::judge {
namespace {

std::vector<Square> squares(SquareSet set) {
  std::vector<Square> out;
  while (set) out.push_back(pop_lsb(set));
  return out;
}

// The move of ply `index` as a CycleMove; pos stands right after it.
CycleMove cycle_move(const Position& pos, int index) {
  const StateInfo& st = pos.history()[index];
  CycleMove cm;
  cm.ply = index;
  cm.move = st.move;
  cm.mover = color_of(st.moved);
  cm.status = st.judge.status;
  cm.chased = squares(st.judge.chased);
  SquareSet chasing = 0;
  for (const Square v : cm.chased) chasing |= pos.attackers(v, cm.mover);
  cm.chasing = squares(chasing);
  return cm;
}

WindowReview window_review(const Position& pos, const PlayerWindow& w) {
  WindowReview wr;
  wr.player = window_player(pos, w);
  wr.level = w.level;
  for (int i = w.occurrence + 1; i < w.index; i += 2) wr.plies.push_back(i);
  wr.victims = squares(w.victims);
  return wr;
}

Color offender_of(const Ruling& r, Color stm) { return r.verdict == Verdict::Win ? ~stm : stm; }

RulingPoint ruling_point(const Position& pos, const Ruling& r, int ntimes, const std::vector<CycleMove>& plies) {
  RulingPoint p;
  p.ply = pos.game_ply();
  p.verdict = r.verdict;
  p.side_to_move = pos.side_to_move();
  p.draw = r.verdict == Verdict::Draw;
  p.offender = offender_of(r, p.side_to_move);
  p.cycle_from = p.ply;
  for (const PlayerWindow* w : {&r.last_mover, &r.side_to_move}) {
    if (w->level == Level::Undecided) continue;
    p.windows.push_back(window_review(pos, *w));
    p.cycle_from = std::min(p.cycle_from, w->occurrence + 1);
  }
  p.cycle_to = p.ply;
  for (int i = p.cycle_from; i <= p.cycle_to; ++i) p.moves.push_back(plies[i]);
  p.explanation = explain(pos, r, ntimes);
  p.last_ruled_ply = p.ply;
  return p;
}

}  // namespace

GameEnd game_end(Position& pos, int ntimes) {
  GameEnd end;
  const Color stm = pos.side_to_move();
  auto result_for = [&](Verdict v) -> std::string {
    if (v == Verdict::Draw) return "1/2-1/2";
    const bool red_wins = (v == Verdict::Win) == (stm == RED);
    return red_wins ? "1-0" : "0-1";
  };
  if (!has_legal_move(pos)) {
    end.verdict = Verdict::Loss;
    end.reason = EndReason::Mate;
    end.explanation = std::string(side_name(stm)) + " has no legal move (" +
                      (pos.in_check() ? "checkmate" : "stalemate, which loses in Xiangqi") + ").";
  } else if (const Ruling r = judge_full(pos.history(), ntimes); r.verdict != Verdict::Undecided) {
    end.verdict = r.verdict;
    end.reason = EndReason::Repetition;
    end.explanation = explain(pos, r, ntimes);
  } else if (const Verdict v = natural_limit(pos); v != Verdict::Undecided) {
    end.verdict = v;
    end.reason = EndReason::NaturalLimit;
    end.explanation = explain_natural_limit(pos, v, NATURAL_LIMIT_MOVES, MoveNumbering::Pgn);
  }
  if (end.verdict != Verdict::Undecided) end.result = result_for(end.verdict);
  return end;
}

GameReview review_game(Position& pos, const std::vector<Move>& moves, int ntimes) {
  GameReview review;
  record_root(pos);
  std::vector<CycleMove> plies(1);  // plies[i]: move i; entry 0 unused
  bool in_streak = false;
  for (const Move m : moves) {
    play(pos, m);
    plies.push_back(cycle_move(pos, pos.game_ply()));
    const Ruling r = judge_full(pos.history(), ntimes);
    if (r.verdict == Verdict::Undecided) {
      in_streak = false;
      continue;
    }
    // While the same side stays the offender (or the draw stands), the plies after the first
    // ruled one belong to the same repetition: the game was ruled there, once.
    const Color offender = offender_of(r, pos.side_to_move());
    const bool draw = r.verdict == Verdict::Draw;
    if (in_streak && review.rulings.back().draw == draw && (draw || review.rulings.back().offender == offender)) {
      review.rulings.back().last_ruled_ply = pos.game_ply();
      continue;
    }
    review.rulings.push_back(ruling_point(pos, r, ntimes, plies));
    in_streak = true;
  }
  for (RulingPoint& p : review.rulings) p.game_went_on = p.last_ruled_ply < pos.game_ply();
  review.end = game_end(pos, ntimes);
  return review;
}

const char* result_agreement(const std::string& recorded, const GameEnd& end) {
  const bool known = recorded == "1-0" || recorded == "0-1" || recorded == "1/2-1/2";
  if (!known || end.result.empty()) return "undecided";
  return recorded == end.result ? "agrees" : "contradicts";
}

}  // namespace xq::judge
