#include "model.h"

#include <algorithm>

namespace xq::eval {

int pst_index(PieceType t, Color c, Square s) {
  const int r = c == RED ? rank_of(s) : RANK_NB - 1 - rank_of(s);
  const int f = std::min(file_of(s), FILE_NB - 1 - file_of(s));
  switch (t) {
    case KING:
      return r < 3 && f >= 3 ? XQ_PARAM_INDEX(pst_king) + r * 2 + f - 3 : -1;
    case ADVISOR:
      return r < 3 && f >= 3 ? XQ_PARAM_INDEX(pst_advisor) + r * 2 + f - 3 : -1;
    case ELEPHANT:
      return r < 5 ? XQ_PARAM_INDEX(pst_elephant) + r * HALF_FILES + f : -1;
    case HORSE:
      return XQ_PARAM_INDEX(pst_horse) + r * HALF_FILES + f;
    case ROOK:
      return XQ_PARAM_INDEX(pst_rook) + r * HALF_FILES + f;
    case CANNON:
      return XQ_PARAM_INDEX(pst_cannon) + r * HALF_FILES + f;
    case PAWN:
      return XQ_PARAM_INDEX(pst_pawn) + r * HALF_FILES + f;
    default:
      return -1;
  }
}

EvalModel::EvalModel(const EvalParams& params, const EndgameScales& scales) : params_(params), scales_(scales) {
  for (Color c : {RED, BLACK})
    for (int t = 0; t < PIECE_TYPE_NB; ++t)
      for (Square s = 0; s < SQUARE_NB; ++s) {
        const int i = t == NO_PIECE_TYPE ? -1 : pst_index(PieceType(t), c, s);
        psq_[c][t][s] = param(XQ_PARAM_INDEX(piece_value) + t) + (i >= 0 ? param(i) : Tapered());
      }
}

// A function-local static rather than a global: built on first use, so no other file's static
// initialisation can see it half built.
const EvalModel& default_model() {
  static const EvalModel model(DEFAULT_EVAL_PARAMS, DEFAULT_ENDGAME_SCALES);
  return model;
}

}  // namespace xq::eval
