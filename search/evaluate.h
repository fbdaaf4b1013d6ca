// Static evaluation: material, piece-square tables and a few cheap terms, in centipawns from
// the side to move's point of view. No search, no judge: a pure function of the board.
#pragma once

#include "engine/position.h"

namespace xq::search {

// Base values (the piece-square tables add to them). A pawn that crossed the river gains
// sideways moves and attacks the palace, so its table starts well above its base value.
constexpr int piece_value(PieceType t) {
  constexpr int v[PIECE_TYPE_NB] = {0, 0, 200, 200, 400, 900, 450, 100};
  return v[t];
}

int evaluate(const Position& pos);

}  // namespace xq::search
