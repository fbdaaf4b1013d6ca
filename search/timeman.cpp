#include "timeman.h"

#include <algorithm>

namespace xq::search {

TimeBudget allocate_time(const Limits& limits, Color us) {
  // Pipes and process switches cost a few ms per move; never plan to use the last of them.
  constexpr std::int64_t OVERHEAD = 30;
  if (limits.infinite) return {};
  if (limits.movetime > 0) {
    const std::int64_t t = std::max<std::int64_t>(1, limits.movetime - std::min<std::int64_t>(OVERHEAD, limits.movetime / 10));
    return {t, t};
  }
  const std::int64_t left = limits.own_time >= 0 ? limits.own_time : limits.time[us];
  if (left < 0) return {};
  const std::int64_t inc = limits.own_time >= 0 ? limits.own_inc : limits.inc[us];
  // Sudden death: assume about 30 more moves. With movestogo, spread over those moves.
  const int moves = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : 30;
  const std::int64_t usable = std::max<std::int64_t>(1, left - OVERHEAD);
  std::int64_t optimum = usable / moves + inc * 3 / 4;
  // The hard limit lets an unstable iteration finish, but never takes more than a third of
  // the clock (or, on the last move before the time control, most of it).
  const std::int64_t cap = limits.movestogo == 1 ? usable * 9 / 10 : usable / 3;
  optimum = std::clamp<std::int64_t>(optimum, 1, cap > 0 ? cap : 1);
  const std::int64_t maximum = std::clamp<std::int64_t>(optimum * 4, optimum, std::max<std::int64_t>(optimum, cap));
  return {optimum, maximum};
}

double iteration_deadline(std::int64_t optimum, int best_stable, int score_drop) {
  const double stability = std::max(0.6, 1.4 - 0.2 * best_stable);
  const double falling = std::clamp(1.0 + score_drop / 150.0, 0.8, 1.6);
  const double plan = optimum * stability * falling;
  return plan * 0.55;
}

}  // namespace xq::search
