// Memory for large tables read at random, backed by 2 MB pages where the system offers them:
// the search's transposition table and histories, and the network's feature weights. A probe
// into a 16 MB table with 4 KB pages needs one of 4,096 page translations, which the CPU's
// translation cache cannot hold; with 2 MB pages eight are enough (the network's 645 KB of
// rows, read a few rows a node, fit one). The pages come from the system zeroed and only as
// they are touched, so a large table is ready at once.
#pragma once

#include <cstddef>
#include <memory>
#include <new>

namespace xq {

struct LargeMemoryDeleter {
  std::size_t bytes = 0;  // as asked for (the mapping is rounded up from it)
  void operator()(void* p) const;
};
using LargeMemory = std::unique_ptr<void, LargeMemoryDeleter>;

// `bytes` of zeroed memory aligned to 64 bytes at least, or null when there is none to be had.
LargeMemory allocate_large(std::size_t bytes);

// A standard allocator over allocate_large, for a container that holds such a table (the
// network's feature weights): a std::vector with it keeps every vector operation.
template <typename T>
struct LargePageAllocator {
  using value_type = T;
  LargePageAllocator() = default;
  template <typename U>
  LargePageAllocator(const LargePageAllocator<U>&) {}
  T* allocate(std::size_t n) {
    if (n > std::size_t(-1) / sizeof(T)) throw std::bad_alloc();
    LargeMemory m = allocate_large(n * sizeof(T));
    if (!m) throw std::bad_alloc();
    return static_cast<T*>(m.release());
  }
  void deallocate(T* p, std::size_t n) { LargeMemoryDeleter{n * sizeof(T)}(p); }
  template <typename U>
  bool operator==(const LargePageAllocator<U>&) const { return true; }
};

}  // namespace xq
