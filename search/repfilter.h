// Repetition pre-filter: a small table of counters indexed by key bits, one count per
// position on the current line (the game's reversible tail before the root, then every
// position the search stands on). The judge can only rule at a node when the position two
// plies back occurred before (judge::judge_prune starts by judging that player's window), so
// a count below two for that key proves there is nothing to judge, and the search skips the
// judge's walk through history. Collisions only cost a judge call, never a ruling.
//
// The filter is also the judge's occurrence index (judge::OccurrenceIndex): the game before
// the root is indexed by key once per search, so a judge call walks only the search's own
// line, never a long reversible game (a GUI may send 100,000 shuffling moves; issue 8).
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "engine/position.h"
#include "judge/judge.h"

namespace xq::search {

class RepetitionFilter final : public judge::OccurrenceIndex {
 public:
  // Counts and indexes the history from its last irreversible entry (the oldest position a
  // repetition window can reach) to its end, the root of the search.
  void reset(const std::vector<StateInfo>& h);
  void add(Key k) { ++count_[index(k)]; }
  void remove(Key k) { --count_[index(k)]; }
  // False only when no position in the counted line other than one with key k can equal it.
  bool may_repeat(Key k) const { return count_[index(k)] >= 2; }

  // The judge's earlier occurrence of h[index] (h: the history reset() saw, extended by the
  // search's line), answered as judge's walk would: the line after the root is walked, the
  // game before it looked up.
  int earlier(const std::vector<StateInfo>& h, int index) const override;

 private:
  static constexpr int SIZE = 1 << 13;
  static int index(Key k) { return int((k >> 20) & (SIZE - 1)); }
  std::array<std::uint16_t, SIZE> count_{};
  int root_ = 0;                       // history index of the search's root
  int first_ = 0;                      // last irreversible entry at or before the root (or 0)
  std::unordered_map<Key, int> last_;  // key -> its latest index in first_ .. root_
  std::vector<int> prev_;              // [i - first_]: the previous index with h[i]'s key, or -1
};

}  // namespace xq::search
