// Scores of the search, in centipawns from the side to move's point of view.
//
// Three bands, far apart so that no evaluation can reach the next one:
//   |score| <  REP_WIN - MAX_PLY            ordinary evaluations (material stays below ~10,000)
//   REP_WIN - MAX_PLY .. REP_WIN            repetition rulings: the WXF judge says the side to move
//                                           wins (or, negated, loses) in `ply` plies from the root
//   MATE - MAX_PLY .. MATE                  mate (or stalemate, which loses in Xiangqi) in `ply` plies
// A ruling is worth less than a mate: a mate ends the game on the board, a ruling needs an
// arbiter, and the GUI must not print a repetition win as "mate in N". Both bands shrink with
// the distance so that the search prefers the quicker win and the slower loss.
#pragma once

#include "eval/bounds.h"

namespace xq::search {

constexpr int MAX_PLY = 128;
constexpr int INFINITE = 32000;
constexpr int MATE = 30000;
constexpr int MATE_BOUND = MATE - MAX_PLY;   // above: a mate score
constexpr int REP_WIN = 20000;
constexpr int REP_BOUND = REP_WIN - MAX_PLY; // above: a repetition win (or a mate)
constexpr int DRAW = 0;
// Every static evaluation stays within +-EVAL_MAX (eval/bounds.h), far below REP_BOUND.
using eval::EVAL_MAX;
static_assert(EVAL_MAX < REP_BOUND);

constexpr int mate_in(int ply) { return MATE - ply; }
constexpr int mated_in(int ply) { return -MATE + ply; }
constexpr int rep_win_in(int ply) { return REP_WIN - ply; }
constexpr int rep_loss_in(int ply) { return -REP_WIN + ply; }

constexpr bool is_mate_score(int s) { return s > MATE_BOUND || s < -MATE_BOUND; }
// Any score whose meaning depends on the distance from the root (mates and rulings).
constexpr bool is_decisive(int s) { return s > REP_BOUND || s < -REP_BOUND; }

// The rest: scores that carry no distance, the only ones margin arithmetic may touch.
constexpr bool ordinary(int s) { return s < REP_BOUND && s > -REP_BOUND; }

// Plies from the root to the end that a decisive score (a mate or a ruling) announces.
constexpr int decisive_distance(int s) {
  const int a = s < 0 ? -s : s;
  return a > MATE_BOUND ? MATE - a : REP_WIN - a;
}

// Moves to mate as UCI prints it ("mate 3", "mate -2"), for a mate score.
constexpr int mate_moves(int s) { return s > 0 ? (MATE - s + 1) / 2 : -(MATE + s) / 2; }

}  // namespace xq::search
