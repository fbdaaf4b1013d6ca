// How far a static evaluation may reach. The search keeps its ruling and mate bands
// (search/score.h) far above this, so an evaluation plus any pruning margin or randomness
// offset still reads there as an ordinary score.
#pragma once

namespace xq::eval {

// Every static evaluation stays within +-EVAL_MAX: the classical one by construction (its
// material stays below it), the network's by a clamp (evaluator.h).
constexpr int EVAL_MAX = 10000;

}  // namespace xq::eval
