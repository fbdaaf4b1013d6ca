#include "large_memory.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace xq {

#if defined(__linux__)

namespace {

constexpr std::size_t HUGE_PAGE = std::size_t(2) << 20;

// At least one page, so that even an empty request maps something to give back.
std::size_t rounded(std::size_t bytes) { return bytes == 0 ? HUGE_PAGE : (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE; }

}  // namespace

// An anonymous mapping is zeroed by the system page by page. It is mapped one huge page
// larger than needed and trimmed to a 2 MB boundary at both ends, so that the kernel can back
// it with huge pages; madvise asks it to (a system set to "never" just ignores the advice).
LargeMemory allocate_large(std::size_t bytes) {
  const std::size_t size = rounded(bytes);
  void* raw = mmap(nullptr, size + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return LargeMemory(nullptr, {bytes});
  const auto start = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (start + HUGE_PAGE - 1) & ~std::uintptr_t(HUGE_PAGE - 1);
  if (aligned > start) munmap(raw, aligned - start);
  if (const std::size_t tail = start + size + HUGE_PAGE - (aligned + size)) munmap(reinterpret_cast<void*>(aligned + size), tail);
  void* p = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  madvise(p, size, MADV_HUGEPAGE);
#endif
  return LargeMemory(p, {bytes});
}

void LargeMemoryDeleter::operator()(void* p) const {
  if (p) munmap(p, rounded(bytes));
}

#else

// Elsewhere: plain aligned memory, zeroed here.
LargeMemory allocate_large(std::size_t bytes) {
  const std::size_t size = (bytes + 63) / 64 * 64;
  void* p = std::aligned_alloc(64, size);
  if (p) std::memset(p, 0, size);
  return LargeMemory(p, {bytes});
}

void LargeMemoryDeleter::operator()(void* p) const { std::free(p); }

#endif

}  // namespace xq
