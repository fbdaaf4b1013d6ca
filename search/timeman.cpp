#include "timeman.h"

#include <algorithm>

#include "params.h"

namespace xq::search {

using namespace params;

TimeBudget allocate_time(const Limits& limits, Color us) {
  if (limits.infinite) return {};
  // Pipes and process switches cost a few ms per move (TM_OVERHEAD); never plan to use the
  // last of them.
  if (limits.movetime > 0) {
    const std::int64_t t = std::max<std::int64_t>(
        1, limits.movetime - std::min<std::int64_t>(TM_OVERHEAD, limits.movetime / TM_MOVETIME_OVERHEAD_DIV));
    return {t, t};
  }
  const std::int64_t left = limits.own_time >= 0 ? limits.own_time : limits.time[us];
  if (left < 0) return {};
  const std::int64_t inc = limits.own_time >= 0 ? limits.own_inc : limits.inc[us];
  // Sudden death: assume a number of moves still to play. With movestogo, spread over those.
  const int moves = limits.movestogo > 0 ? std::min<int>(limits.movestogo, TM_MOVESTOGO_MAX) : TM_MOVES_LEFT;
  const std::int64_t usable = std::max<std::int64_t>(1, left - TM_OVERHEAD);
  std::int64_t optimum = usable / moves + inc * TM_INC_SHARE / 1000;
  // The hard limit lets an unstable iteration finish, but never takes more than a fraction of
  // the clock (or, on the last move before the time control, most of it).
  const std::int64_t cap = limits.movestogo == 1 ? usable * TM_LAST_MOVE_SHARE / 1000 : usable / TM_CAP_DIV;
  optimum = std::clamp<std::int64_t>(optimum, 1, cap > 0 ? cap : 1);
  const std::int64_t maximum =
      std::clamp<std::int64_t>(optimum * TM_MAXIMUM_RATIO / 1000, optimum, std::max<std::int64_t>(optimum, cap));
  return {optimum, maximum};
}

double iteration_deadline(std::int64_t optimum, int best_stable, int score_drop, double best_share) {
  const double stability = std::max(TM_STABLE_MIN, TM_STABLE_MAX - TM_STABLE_STEP * best_stable);
  const double falling = std::clamp(1.0 + score_drop / double(TM_FALLING_DIV), TM_FALLING_MIN, TM_FALLING_MAX);
  const double effort = best_share * 1000 >= TM_EFFORT_HIGH ? TM_EFFORT_CUT : 1.0;
  const double plan = optimum * stability * falling * effort;
  return plan * TM_NEXT_ITERATION;
}

void RootEffort::add(Move m, std::uint64_t nodes) {
  for (auto& [move, spent] : moves_)
    if (move == m) {
      spent += nodes;
      return;
    }
  moves_.emplace_back(m, nodes);
}

double RootEffort::share(Move m, std::uint64_t total) const {
  if (total == 0) return 0.0;
  for (const auto& [move, spent] : moves_)
    if (move == m) return double(spent) / double(total);
  return 0.0;
}

}  // namespace xq::search
