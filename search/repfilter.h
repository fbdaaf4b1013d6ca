// Repetition pre-filter: a small table of counters indexed by key bits, one count per
// position on the current line (the game's reversible tail before the root, then every
// position the search stands on). The judge can only rule at a node when the position two
// plies back occurred before (judge::judge_prune starts by judging that player's window), so
// a count below two for that key proves there is nothing to judge, and the search skips the
// judge's walk through history. Collisions only cost a judge call, never a ruling.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/position.h"

namespace xq::search {

class RepetitionFilter {
 public:
  // Counts the history from its last irreversible entry (the oldest position a repetition
  // window can reach) to the end.
  void reset(const std::vector<StateInfo>& h);
  void add(Key k) { ++count_[index(k)]; }
  void remove(Key k) { --count_[index(k)]; }
  // False only when no position in the counted line other than one with key k can equal it.
  bool may_repeat(Key k) const { return count_[index(k)] >= 2; }

 private:
  static constexpr int SIZE = 1 << 13;
  static int index(Key k) { return int((k >> 20) & (SIZE - 1)); }
  std::array<std::uint16_t, SIZE> count_{};
};

}  // namespace xq::search
