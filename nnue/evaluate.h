// The network's value of a position (nnue/README.md): centipawns for the side to
// move, unclamped (the search clamps it below its ruling band). The position versions rebuild
// the accumulators from the board: for `eval`, tests, and the trainer's check that its float
// model and the engine's integer one agree.
#pragma once

#include <cstdint>

#include "accumulator.h"
#include "kernels.h"

namespace xq::nnue {

// From up-to-date accumulators of a position with `pieces` pieces on the board. Inline: the
// search's every evaluation ends here.
inline int evaluate(const Network& net, const Accumulator& acc, Color side_to_move, int pieces) {
  const int bucket = output_bucket(pieces);
  const std::int64_t sum = output_sum(net, acc.values[side_to_move], acc.values[~side_to_move], bucket);
  // C++ division truncates toward zero, as the spec says; the trainer's reference does the same.
  return int((sum / QA + net.out_bias[std::size_t(bucket)]) * SCALE / (QA * QB));
}
// From scratch.
int evaluate(const Network& net, const Position& pos);
// From scratch, as if the piece on `removed` were not there (`eval`'s per-piece contributions).
int evaluate_without(const Network& net, const Position& pos, Square removed);

}  // namespace xq::nnue
