// The classical evaluation's parameters (params.h) with what it derives from them once: the
// value plus table entry of every piece on every square. The evaluation itself (classical.h)
// and the running sums (psq_sums.h) both read it; neither needs the other to do so.
#pragma once

#include "engine/types.h"
#include "params.h"

namespace xq::eval {

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

// The flat index (params.h) of the table entry for a piece of type t and colour c on s,
// or -1 when its table does not cover s (a king outside the palace: only in broken positions).
int pst_index(PieceType t, Color c, Square s);

}  // namespace xq::eval
