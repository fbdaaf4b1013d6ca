// The move picker's selection step (search/pick.h), and its SSE2 and AVX2 scans each, against
// the plain loop it replaced: the first greatest score, on random score arrays full of ties,
// from every start and to every end.
#include <catch2/catch.hpp>
#include <climits>
#include <random>
#include <vector>

#include "search/pick.h"

using namespace xq::search;

namespace {
int first_max_by_loop(const std::vector<int>& s, int begin, int end) {
  int best = begin;
  for (int i = begin + 1; i < end; ++i)
    if (s[i] > s[best]) best = i;
  return best;
}
}  // namespace

TEST_CASE("the selection step finds the first greatest score, as the plain loop does", "[search][pick]") {
  std::mt19937 rng(4);
  int checked = 0, tie_later = 0;
  for (int round = 0; round < 400; ++round) {
    const int n = 1 + int(rng() % 128);
    // Few distinct values (ties everywhere) or the full range, negative values included.
    const int spread = round % 3 == 0 ? 3 : round % 3 == 1 ? 40 : 2'000'000;
    std::vector<int> s(n + PICK_PAD, INT_MIN);
    for (int i = 0; i < n; ++i) s[i] = int(rng() % spread) - spread / 2;
    if (round % 50 == 0) s[n - 1] = INT_MIN + 1;  // extreme values
    for (int begin = 0; begin < n; ++begin) {
      const int want = first_max_by_loop(s, begin, n);
      REQUIRE(first_max_index(s.data(), begin, n) == want);
      REQUIRE(first_max_index_basic(s.data(), begin, n) == want);
      if (PICK_USES_AVX2) REQUIRE(first_max_index_avx2(s.data(), begin, n) == want);
      for (int i = want + 1; i < n; ++i) tie_later += s[i] == s[want];
      ++checked;
    }
  }
  CHECK(checked > 10000);
  CHECK(tie_later > 1000);  // ties after the answer were met: the first one must win
}

TEST_CASE("the AVX2 selection is used exactly when the CPU has AVX2", "[search][pick]") {
  CHECK(PICK_USES_AVX2 == bool(__builtin_cpu_supports("avx2")));
}
