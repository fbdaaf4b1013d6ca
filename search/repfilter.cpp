#include "repfilter.h"

namespace xq::search {

void RepetitionFilter::reset(const std::vector<StateInfo>& h) {
  count_.fill(0);
  int first = int(h.size()) - 1;
  while (first > 0 && !h[first].irreversible) --first;
  for (int i = first; i < int(h.size()); ++i) add(h[i].key);
}

}  // namespace xq::search
