// The Xiangqi move list.
#pragma once

#include "fixed_list.h"
#include "types.h"

namespace xq {

// 128 is above the largest number of pseudo-legal moves a Xiangqi side can have (119 with
// the full set of pieces, each at its most mobile).
constexpr int MAX_MOVES = 128;

using MoveList = FixedList<Move, MAX_MOVES>;

}  // namespace xq
