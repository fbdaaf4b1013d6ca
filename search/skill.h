// Strength levels (issue 23): how a weaker xqengine plays.
//
// A level below MAX_SKILL weakens play in two ways a human opponent recognises as a weaker
// player rather than a broken program:
//   - it thinks less: a node budget that halves about every two levels (a shallower search
//     misses deeper tactics, as a weaker player does), whatever the clock allows;
//   - it does not always find the best move: the search ranks a few root moves (MultiPV) and
//     the level picks among those that lose at most `margin_cp` against the best, with
//     weights falling off exponentially with the loss (`temperature_cp`).
// It never picks a move that the search sees losing by mate or by a ruling when another move
// does not, and never one outside the margin: a low level misjudges, it does not blunder a
// piece at random. The pick is seeded (the game's seed and the position), so a game replays
// the same with the same seed, and differs with another.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/types.h"

namespace xq::search {

struct InfoLine;

constexpr int MAX_SKILL = 20;  // full strength: no limit, no choice

struct SkillPlan {
  std::uint64_t nodes = 0;  // node budget of one search (0: none)
  int lines = 1;            // root lines the search ranks for the pick
  int margin_cp = 0;        // the farthest a picked move may fall below the best
  int temperature_cp = 1;   // weight exp(-loss / temperature)
};

// The plan of a level in 0..MAX_SKILL (clamped); MAX_SKILL gives the full-strength plan. A
// fractional level lies between its two whole neighbours in every respect (the node budget
// geometrically, the margin and the temperature linearly); whole levels plan as they always did.
SkillPlan skill_plan(double level);

// The move a level plays from the search's ranked lines (best first, as the search reports
// them; each line's pv starts with its root move). `seed` and `key` (the game's seed and the
// position's key) make the pick reproducible. MOVE_NONE when no line has a move.
Move skill_pick(const std::vector<InfoLine>& ranked, double level, std::uint64_t seed, std::uint64_t key);

}  // namespace xq::search
