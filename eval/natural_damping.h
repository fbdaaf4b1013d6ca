// The static evaluation drawn toward a draw as the natural move limit (judge/natural.h) nears:
// an advantage that has not turned into a capture for many moves is worth less, because the
// limit will call the game drawn unless something changes. Linear in the plies without a
// capture, down to half at the limit: the search then prefers lines that make progress over
// shuffling at an unchanged score. Stockfish damps its evaluation by the fifty-move counter
// for the same reason. The table keeps the damped value, so a position reached again after
// another number of plies reuses it, as Stockfish's table does; the counter is not in the key
// (issue 26). +15.2 +/- 11.5 Elo at 30,000 nodes (bench/results/search/changes.md).
#pragma once

#include <algorithm>

namespace xq::eval {

// `v` damped after `plies` without a capture, for a limit of `limit_plies` (0: no limit, no
// damping). Never changes the sign of v, and never grows it.
constexpr int damp_toward_natural_limit(int v, int plies, int limit_plies) {
  if (limit_plies <= 0) return v;
  const int p = std::clamp(plies, 0, limit_plies);
  return v - v * p / (2 * limit_plies);
}

}  // namespace xq::eval
