// Static evaluation in centipawns from the side to move's point of view: named terms
// (eval_params.h), each a middlegame/endgame pair, summed per side and blended by the game
// phase, the result scaled down where the stronger side cannot win. No search, no
// judge: a pure function of the board. Move ordering and pruning do not read these values;
// they use see.h's fixed exchange values, so tuning the evaluation leaves them alone.
#pragma once

#include <algorithm>

#include "engine/position.h"
#include "eval_params.h"
#include "nnue/accumulator.h"
#include "score.h"

namespace xq::search {

// The parameters with what the evaluation derives from them: value plus table entry for
// every piece on every square, so material and tables cost one add per piece.
class EvalModel {
 public:
  EvalModel(const EvalParams& params, const EndgameScales& scales);

  const EvalParams& params() const { return params_; }
  const EndgameScales& scales() const { return scales_; }
  Tapered param(int index) const { return param_at(params_, index); }
  Tapered psq(Color c, PieceType t, Square s) const { return psq_[c][t][s]; }

 private:
  EvalParams params_;
  EndgameScales scales_;
  Tapered psq_[COLOR_NB][PIECE_TYPE_NB][SQUARE_NB];
};

// The model built from DEFAULT_EVAL_PARAMS and DEFAULT_ENDGAME_SCALES: what the engine plays.
const EvalModel& default_model();

// The flat index (eval_params.h) of the table entry for a piece of type t and colour c on s,
// or -1 when its table does not cover s (a king outside the palace: only in broken positions).
int pst_index(PieceType t, Color c, Square s);

// The phase of a position, PHASE_MAX (all middlegame) .. 0 (all endgame).
int game_phase(const Position& pos);

// What the evaluation saw, term by term, for eval_trace.h and the tuner. coeff[c][i] is how
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
// (psq_sums.h, as the search does) instead of a walk summing them; equal to the above when
// `sums` matches the board.
struct PsqSums;
int evaluate(const Position& pos, const EvalModel& model, const PsqSums& sums);
EvalTrace trace(const Position& pos, const EvalModel& model = default_model());

// The neural evaluation (nnue/) of the top position of `acc` (brought up to date lazily),
// clamped to +-EVAL_MAX (score.h) so that no network output can reach the ruling or mate
// bands. The search calls this instead of the classical evaluate() when a network is set.
// Inline: the search evaluates at most nodes, and each call level costs.
inline int evaluate_network(const Position& pos, nnue::AccumulatorStack& acc) {
  return std::clamp(acc.evaluate(pos), -EVAL_MAX, EVAL_MAX);
}
// The same from scratch, for `eval` and tests.
int evaluate_network(const Position& pos, const nnue::Network& net);

}  // namespace xq::search
