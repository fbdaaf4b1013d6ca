// The classical evaluation, in centipawns from the side to move's point of view: named terms
// (params.h), each a middlegame/endgame pair, summed per side and blended by the game phase,
// the result scaled down where the stronger side cannot win. No search, no judge: a pure
// function of the board. Move ordering and pruning do not read these values; they use the
// search's fixed exchange values (search/see.h), so tuning the evaluation leaves them alone.
#pragma once

#include "engine/position.h"
#include "model.h"
#include "psq_sums.h"

namespace xq::eval {

// The phase of a position, PHASE_MAX (all middlegame) .. 0 (all endgame).
int game_phase(const Position& pos);

// What the evaluation saw, term by term, for trace.h and the tuner. coeff[c][i] is how
// many times value i applied to side c; the evaluation is exactly blend(sum over sides and
// values of coeff * value) with this phase and these scales.
struct EvalTrace {
  int coeff[COLOR_NB][PARAM_NB] = {};
  Tapered total[COLOR_NB];  // each side's sum of pairs
  int phase = 0;
  int scale[COLOR_NB] = {SCALE_NORMAL, SCALE_NORMAL};  // applied when that side is the stronger
  Color side_to_move = RED;
  int eval = 0;  // side to move's view, as evaluate() returns it
};

// Red's total as one centipawn number: both halves blended by phase, then scaled for the side
// it favours. evaluate() and the tuner both use it.
int blend(Tapered red_minus_black, int phase, const int scale[COLOR_NB]);

int evaluate(const Position& pos);
int evaluate(const Position& pos, const EvalModel& model);
// The same evaluation with material and piece-square sums that the caller kept up to date
// (psq_sums.h, as Evaluator does for the search) instead of a walk summing them; equal to the above when
// `sums` matches the board.
int evaluate(const Position& pos, const EvalModel& model, const PsqSums& sums);
EvalTrace trace(const Position& pos, const EvalModel& model = default_model());

}  // namespace xq::eval
