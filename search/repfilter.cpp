#include "repfilter.h"

namespace xq::search {

void RepetitionFilter::reset(const std::vector<StateInfo>& h) {
  count_.fill(0);
  last_.clear();
  prev_.clear();
  root_ = int(h.size()) - 1;
  first_ = root_;
  while (first_ > 0 && !h[first_].irreversible) --first_;
  prev_.reserve(root_ - first_ + 1);
  for (int i = first_; i <= root_; ++i) {
    // Only "two or more" matters, and the search removes only what it added: capping the
    // game's counts at 2 keeps the answer and keeps a long shuffle from overflowing a count.
    std::uint16_t& c = count_[index(h[i].key)];
    if (c < 2) ++c;
    auto [it, fresh] = last_.try_emplace(h[i].key, i);
    prev_.push_back(fresh ? -1 : it->second);
    it->second = i;
  }
}

int RepetitionFilter::earlier(const std::vector<StateInfo>& h, int index) const {
  const Key k = h[index].key;
  int j = index;
  // The search's line, at most a few dozen plies: the judge's own walk. So is a position older
  // than the indexed tail (the search never asks for one; the answer stays exact).
  while (j > root_ || j < first_) {
    if (j < 2 || h[j].irreversible || h[j - 1].irreversible) return -1;
    j -= 2;
    if (h[j].key == k) return j;
  }
  // The game before the root: every entry after first_ is reversible, so the latest indexed
  // occurrence below j is the one the walk would reach.
  const auto it = last_.find(k);
  if (it == last_.end()) return -1;
  int i = it->second;
  while (i >= j) i = prev_[i - first_];
  return i;
}

}  // namespace xq::search
