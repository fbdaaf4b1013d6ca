#include "psq_sums.h"

namespace xq::eval {

PsqSums PsqSums::compute(const Position& pos, const EvalModel& model) {
  PsqSums sums;
  for (Color c : {RED, BLACK})
    for (int t = KING; t <= PAWN; ++t)
      for (SquareSet b = pos.pieces(c, PieceType(t)); b;) sums.side[c] += model.psq(c, PieceType(t), pop_lsb(b));
  return sums;
}

}  // namespace xq::eval
