// Zeroed memory for the search's large random-access tables (the transposition table, the
// histories), backed by 2 MB pages where the system offers them. A probe into a 16 MB table
// with 4 KB pages needs one of 4,096 page translations, which the CPU's translation cache
// cannot hold; with 2 MB pages eight are enough. The pages still come from the system zeroed
// and only as they are touched, so a large table is ready at once.
#pragma once

#include <cstddef>
#include <memory>

namespace xq::search {

struct LargeMemoryDeleter {
  std::size_t bytes = 0;  // as asked for (the mapping is rounded up from it)
  void operator()(void* p) const;
};
using LargeMemory = std::unique_ptr<void, LargeMemoryDeleter>;

// `bytes` of zeroed memory aligned to 64 bytes at least, or null when there is none to be had.
LargeMemory allocate_large(std::size_t bytes);

}  // namespace xq::search
