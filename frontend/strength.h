// Strength levels as GUIs set them (issue 23): Stockfish's "Skill Level" 0..20, and
// "UCI_LimitStrength" with "UCI_Elo", which sets the level of a measured rating (or one in
// between). UCCI defines no strength option; xqengine's UCCI names are "skilllevel",
// "limitstrength" and "elo" (frontend/GUI.md).
// What a level does is search/skill.h.
//
// The Elo scale is anchored to maxqi (Debian's fairymax) at 1 s per move, rated 1500. The
// ratings below were measured by bench/skill_ladder.sh with network gen20, then the one embedded
// (results and commands: bench/results/strength/ladder_2026-12-06_1803.md): each level played 60
// games against the level below it and the one two below it, maxqi 120 games against each of
// levels 0, 2 and 4, and bench/ladder_fit.py fitted one rating per level from all the matches.
// Full strength (level 20, UCI_LimitStrength off: not a UCI_Elo level) came out at 3388 at
// 200,000 nodes a move, about what a move of 10+0.1 gets on that machine. Against gen11's table
// before it, levels 0-4 stayed within their intervals (-45 to +12: at a few hundred nodes the
// better network hardly shows) and levels 6-18 rose 77-240 (the top of the scale is the least
// certain, +-150-200, as each step rests on the ones below).
// gen21, gen22, gen23 and gen24, embedded since, are +13, +22, +19 and +21 Elo over their
// predecessors at 30,000 nodes (+75 together): inside the upper levels' intervals, but the
// ladder has not been run again since and is due (bench/skill_ladder.sh, about 1,500 games on
// an idle machine).
// A UCI_Elo between two measured levels gets the fractional level between them in proportion
// (search/skill.h: its node budget, margin and temperature lie between theirs); outside the
// measured range it gets the nearest measured level. The odd levels are there for Skill Level
// but carry no rating of their own. All levels share the evaluation, so a new network moves
// them all: the ladder is then run again.
#pragma once

#include <array>

#include "search/skill.h"

namespace xq::frontend {

struct RatedLevel {
  int level;  // Skill Level
  int elo;    // its measured rating on the scale above
};

constexpr std::array<RatedLevel, 10> RATED_LEVELS = {{
    {0, 1195},
    {2, 1266},
    {4, 1403},
    {6, 1657},
    {8, 1950},
    {10, 2227},
    {12, 2524},
    {14, 2750},
    {16, 2971},
    {18, 3171},
}};

constexpr int ELO_MIN = RATED_LEVELS.front().elo;
constexpr int ELO_MAX = RATED_LEVELS.back().elo;

// The level a UCI_Elo asks for: a measured rating gives its level; a rating between two
// measured ones the fractional level between theirs, linearly (each measured step of two
// levels, one doubling of the nodes, was worth 80-320 Elo, near enough to linear within a step);
// below or above the measured range the lowest or highest measured level.
constexpr double skill_for_elo(int elo) {
  if (elo <= RATED_LEVELS.front().elo) return RATED_LEVELS.front().level;
  for (std::size_t i = 1; i < RATED_LEVELS.size(); ++i) {
    const RatedLevel lo = RATED_LEVELS[i - 1], hi = RATED_LEVELS[i];
    if (elo < hi.elo) return lo.level + double(hi.level - lo.level) * (elo - lo.elo) / (hi.elo - lo.elo);
  }
  return RATED_LEVELS.back().level;
}

}  // namespace xq::frontend
