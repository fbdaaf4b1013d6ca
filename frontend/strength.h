// Strength levels as GUIs set them (issue 23): Stockfish's "Skill Level" 0..20, and
// "UCI_LimitStrength" with "UCI_Elo", which sets the level of a measured rating (or one in
// between). UCCI defines no strength option; xqengine's UCCI names are "skilllevel",
// "limitstrength" and "elo" (frontend/GUI.md).
// What a level does is search/skill.h.
//
// The Elo scale is anchored to maxqi (Debian's fairymax) at 1 s per move, rated 1500. The
// ratings below were measured by bench/skill_ladder.sh with network gen11, the one embedded
// (results and commands: bench/results/strength/ladder_2026-11-28_2249.md): each level played 60
// games against the level below it and the one two below it, maxqi 120 games against each of
// levels 0, 2 and 4, and bench/ladder_fit.py fitted one rating per level from all the matches.
// Full strength (level 20, UCI_LimitStrength off: not a UCI_Elo level) came out at 3257 at
// 200,000 nodes a move, about what a move of 10+0.1 gets on that machine. Against gen8's table
// before it the levels moved within their intervals (levels 0-4 up 28-69, 6-18 down 80-157;
// the top of the scale is the least certain, +-150-190, as each step rests on the ones below).
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
    {0, 1217},
    {2, 1311},
    {4, 1391},
    {6, 1533},
    {8, 1733},
    {10, 2043},
    {12, 2284},
    {14, 2529},
    {16, 2774},
    {18, 3094},
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
