// Strength levels as GUIs set them (issue 23): Stockfish's "Skill Level" 0..20, and
// "UCI_LimitStrength" with "UCI_Elo", which picks the level whose measured rating is nearest.
// UCCI defines no strength option; xqengine's UCCI names are "skilllevel", "limitstrength" and
// "elo" (frontend/GUI.md). What a level does is search/skill.h.
//
// The Elo scale: LEVEL_ELO gives each level's rating on one scale. PROVISIONAL: the numbers
// below are a linear placeholder between the ends of the range, not yet measured; README's
// strength table says so until the calibration ladder (bench/) has been run and its results
// replace them.
#pragma once

#include <array>

#include "search/skill.h"

namespace xq::frontend {

constexpr int ELO_MIN = 1000;
constexpr int ELO_MAX = 2600;

// Rating of levels 0..MAX_SKILL-1 (full strength has no rating of its own: it is the top).
constexpr std::array<int, search::MAX_SKILL> LEVEL_ELO = [] {
  std::array<int, search::MAX_SKILL> elo{};
  for (int l = 0; l < search::MAX_SKILL; ++l) elo[l] = ELO_MIN + (ELO_MAX - ELO_MIN) * l / (search::MAX_SKILL - 1);
  return elo;
}();

// The level a UCI_Elo asks for: the highest level rated at or below it (the lowest level
// for anything under its rating).
constexpr int skill_for_elo(int elo) {
  int level = 0;
  for (int l = 0; l < search::MAX_SKILL; ++l)
    if (LEVEL_ELO[l] <= elo) level = l;
  return level;
}

}  // namespace xq::frontend
