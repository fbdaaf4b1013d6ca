// What the GUI's options change in the search, in one struct. The engine core owns one and
// every searcher of its pool reads that same one (SearchPool and Searcher hold a reference,
// never a copy of their own), so an option reaches the search without being passed down
// layer by layer. Written only between searches; each run() takes a snapshot at its start.
#pragma once

#include <cstdint>

#include "judge/judge.h"
#include "judge/natural.h"
#include "skill.h"

namespace xq::search {

struct SearchSettings {
  // The repetition rules the search plays by (full WXF, or perpetual check only).
  judge::RuleSet rules = judge::RuleSet::Wxf;
  // How many times a position must have stood (this occurrence included) before the arbiter
  // rules a cycle that reaches back to the root or before it (issue 25); as xqmatch
  // -repetitions, 3 by default, at least 2. Inside the tree a cycle is ruled at its first
  // repetition whatever this is.
  int arbiter_count = judge::ARBITER_OCCURRENCES;
  // The natural move limit (judge/natural.h) in moves by each side; 0: not applied.
  int natural_moves = judge::NATURAL_LIMIT_MOVES;
  // Move variety: every static evaluation gets a pseudo-random offset in [-noise_cp, noise_cp]
  // drawn from the position's key and noise_seed. The same position keeps the same offset
  // (the table stays consistent, and threads agree since they share the seed); a new seed per
  // game gives other games. 0: off. The seed also drives a strength level's pick.
  int noise_cp = 0;
  std::uint64_t noise_seed = 0;
  // Stockfish's "nodestime": > 0, the clock the search plans and stops by is counted in nodes,
  // this many nodes to a millisecond (the main thread's nodes), so a timed game plays the same
  // on any machine. Info lines still show the real time. 0: the real clock.
  int nodes_per_ms = 0;
  // Strength level (search/skill.h): below MAX_SKILL the search gets a node budget and picks
  // among its best few root moves, seeded by noise_seed and the position. MAX_SKILL: full.
  // Fractional between the whole levels when UCI_Elo asks for a rating between two measured
  // ones (frontend/strength.h); Skill Level sets whole levels.
  double skill_level = MAX_SKILL;
};

// Defaults, for searchers built without an owner's settings (bench, tools, tests).
inline const SearchSettings& default_settings() {
  static const SearchSettings defaults;
  return defaults;
}

}  // namespace xq::search
