// The network's value of a position (NNUE_SPEC.md, "Network"): centipawns for the side to
// move, unclamped (the search clamps it below its ruling band). The position versions rebuild
// the accumulators from the board: for `eval`, tests, and the trainer's check that its float
// model and the engine's integer one agree.
#pragma once

#include "accumulator.h"

namespace xq::nnue {

// From up-to-date accumulators.
int evaluate(const Network& net, const Accumulator& acc, Color side_to_move);
// From scratch.
int evaluate(const Network& net, const Position& pos);
// From scratch, as if the piece on `removed` were not there (`eval`'s per-piece contributions).
int evaluate_without(const Network& net, const Position& pos, Square removed);

}  // namespace xq::nnue
