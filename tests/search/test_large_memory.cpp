// The search's large tables (engine/large_memory.h, search/tt.h): memory comes zeroed and
// aligned whatever its size, a request the system cannot meet is refused without a crash,
// and a table whose resize fails keeps working at its old size, or at one cluster when the
// system refuses even that.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <vector>

#include "engine/large_memory.h"
#include "nnue/loaded_network.h"
#include "search/tt.h"

using namespace xq;
using namespace xq::search;

TEST_CASE("large memory: zeroed, aligned and writable at every size", "[search][tt]") {
  for (std::size_t bytes : {std::size_t(0), std::size_t(1), std::size_t(64), std::size_t(4096), std::size_t(3) << 20,
                            (std::size_t(16) << 20) + 100}) {
    INFO(bytes << " bytes");
    LargeMemory m = allocate_large(bytes);
    REQUIRE(m);
    CHECK(reinterpret_cast<std::uintptr_t>(m.get()) % 64 == 0);
#if defined(__linux__)
    CHECK(reinterpret_cast<std::uintptr_t>(m.get()) % (std::size_t(2) << 20) == 0);  // room for 2 MB pages
#endif
    auto* bytes_of = static_cast<unsigned char*>(m.get());
    std::size_t nonzero = 0;
    for (std::size_t i = 0; i < bytes; i += 509) nonzero += bytes_of[i] != 0;
    if (bytes) nonzero += bytes_of[bytes - 1] != 0;
    CHECK(nonzero == 0);
    if (bytes) {
      std::memset(bytes_of, 0xA5, bytes);  // the whole request is ours to write
      CHECK(bytes_of[bytes - 1] == 0xA5);
    }
  }
}

TEST_CASE("large memory: an impossible request is refused, not a crash", "[search][tt]") {
  const LargeMemory m = allocate_large(std::numeric_limits<std::size_t>::max() / 4);
  CHECK(!m);
}

TEST_CASE("large memory: a vector with the large-page allocator copies, grows and compares as a vector", "[search][tt]") {
  std::vector<std::int16_t, LargePageAllocator<std::int16_t>> v(1000, 7);
#if defined(__linux__)
  CHECK(reinterpret_cast<std::uintptr_t>(v.data()) % (std::size_t(2) << 20) == 0);
#endif
  v.resize(300000, -3);  // reallocates: the old block goes back, the values come along
  CHECK(v[999] == 7);
  CHECK(v[1000] == -3);
  CHECK(v.back() == -3);
  const auto copy = v;
  CHECK(copy == v);
  v[5] = 1;
  CHECK(copy != v);
  std::vector<std::int16_t, LargePageAllocator<std::int16_t>> huge;
  CHECK_THROWS_AS(huge.reserve(std::numeric_limits<std::size_t>::max() / 8), std::bad_alloc);  // no such memory
  CHECK_THROWS_AS(LargePageAllocator<std::int16_t>{}.allocate(std::size_t(1) << 60), std::bad_alloc);
}

// The point of the allocator: the network's rows start on a 2 MB boundary, where the system
// can back all 645 KB of them with one large page.
TEST_CASE("large memory: the embedded network's feature rows start on a 2 MB boundary", "[search][tt][nnue]") {
  const auto net = xq::nnue::embedded_network();
  REQUIRE(net);
  REQUIRE(!net->net.ft_weights.empty());
#if defined(__linux__)
  CHECK(reinterpret_cast<std::uintptr_t>(net->net.ft_weights.data()) % (std::size_t(2) << 20) == 0);
#else
  CHECK(reinterpret_cast<std::uintptr_t>(net->net.ft_weights.data()) % 64 == 0);
#endif
}

TEST_CASE("transposition table: a failed resize throws and leaves a usable table", "[search][tt]") {
  TranspositionTable tt(2);
  tt.store(Key(0x123456789ABCDEFULL), make_move(0, 9), 37, 12, 5, Bound::Exact);
  REQUIRE(tt.probe(Key(0x123456789ABCDEFULL)));
  // Far more than any machine has: the request cannot be met.
  CHECK_THROWS_AS(tt.resize(std::size_t(1) << 42), std::bad_alloc);
  CHECK(tt.size_mb() == 2);
  // The table is empty now but works: a store is found again.
  tt.store(Key(0x42), make_move(1, 10), -50, 3, 7, Bound::Lower);
  const auto e = tt.probe(Key(0x42));
  REQUIRE(e);
  CHECK(e->score == -50);
  CHECK(e->depth == 7);
  tt.resize(4);
  CHECK(tt.size_mb() == 4);
  CHECK(!tt.probe(Key(0x42)));  // a resize clears
}

namespace {

// An allocator that serves the first `budget` requests and refuses the rest.
int budget = 0;
LargeMemory rationed(std::size_t bytes) {
  if (budget <= 0) return LargeMemory(nullptr, {bytes});
  --budget;
  return allocate_large(bytes);
}

}  // namespace

TEST_CASE("transposition table: with no memory left at all, a failed resize keeps one cluster", "[search][tt]") {
  budget = 1;  // the constructor's table, then nothing
  TranspositionTable tt(2, rationed);
  REQUIRE(tt.size_mb() == 2);
  tt.store(Key(0x77), make_move(0, 9), 11, 4, 3, Bound::Exact);
  REQUIRE(tt.probe(Key(0x77)));
  // The new size, the new size after freeing the old table, the old size: all refused.
  CHECK_THROWS_AS(tt.resize(8), std::bad_alloc);
  CHECK(tt.size_mb() == 0);
  CHECK(!tt.probe(Key(0x77)));  // empty, and probing it is safe
  // It still works as a table: four entries of any keys fit its one cluster.
  const Key keys[4] = {Key(1), Key(0x1234), Key(0xFFFF0000FFFFULL), Key(0x8000000000000000ULL)};
  for (int i = 0; i < 4; ++i) tt.store(keys[i], make_move(i, 9 + i), 10 * i, 0, 1 + i, Bound::Lower);
  for (int i = 0; i < 4; ++i) {
    INFO("key " << i);
    const auto e = tt.probe(keys[i]);
    REQUIRE(e);
    CHECK(e->score == 10 * i);
    CHECK(e->depth == 1 + i);
  }
  tt.clear();
  CHECK(!tt.probe(keys[0]));
  CHECK(tt.hashfull() == 0);
  // Once memory comes back, a resize gives a real table again.
  budget = 1;
  tt.resize(4);
  CHECK(tt.size_mb() == 4);
  CHECK(!tt.probe(keys[1]));
}
