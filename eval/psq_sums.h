// Material plus piece-square sums per side, kept move by move. The walk over the board that
// computes them costs a table add per piece at every evaluation; after a move only two or three
// pieces changed, and the position's dirty-piece record (engine/position.h) says which. The
// Evaluator (evaluator.h) keeps one of these per ply of the search's line; evaluate() takes it
// instead of summing.
#pragma once

#include "engine/position.h"
#include "model.h"

namespace xq::eval {

struct PsqSums {
  Tapered side[COLOR_NB];

  // From scratch: every piece's value plus its table entry.
  static PsqSums compute(const Position& pos, const EvalModel& model);

  // The sums after a move whose changes are `d` (a null move: unchanged).
  PsqSums after(const DirtyPiece& d, const EvalModel& model) const {
    PsqSums next = *this;
    if (d.piece == NO_PIECE) return next;
    const Color us = color_of(d.piece);
    next.side[us] += model.psq(us, type_of(d.piece), d.to) - model.psq(us, type_of(d.piece), d.from);
    if (d.captured != NO_PIECE) next.side[~us] -= model.psq(~us, type_of(d.captured), d.to);
    return next;
  }

  friend bool operator==(const PsqSums& a, const PsqSums& b) {
    return a.side[RED] == b.side[RED] && a.side[BLACK] == b.side[BLACK];
  }
};

}  // namespace xq::eval
