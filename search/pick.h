// The move picker's selection step: the index of the first greatest score. Its inner loop runs
// once per move picked over every move not yet picked. Eight scores per compare (AVX2) or four
// (SSE2, part of every x86-64) shorten the long scans of the quiet moves (bench: 8 % fewer
// instructions in the picker, bench/results/search/callgrind_speed_2026-11-26_stop24.md);
// the many short lists (a few captures) are cheapest with the plain loop. The order of ties
// (the first greatest wins) is part of the search's behaviour and is kept exactly.
#pragma once

#include <climits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace xq::search {

// Scores read past `end`: the caller keeps PICK_PAD entries of INT_MIN after its last score,
// so whole groups of four (eight with AVX2) can be read without a scalar tail.
constexpr int PICK_PAD = 8;

// The same scan eight scores at a time (pick.cpp), for CPUs with AVX2: worth its call only
// on long lists (the quiet moves), so first_max_index hands over past AVX2_PICK_MIN scores.
int first_max_index_avx2(const int* scores, int begin, int end);
// Whether the CPU has AVX2, asked once at start-up (pick.cpp); read inline at every pick.
extern const bool PICK_USES_AVX2;
constexpr int AVX2_PICK_MIN = 12;
// Up to this many scores (most capture lists) a plain loop costs less than the SSE2 scan's
// set-up and two passes: callgrind -0.6 %, wall clock +2.5 % (speed_prefetch_2026-11-27.md).
constexpr int SCALAR_PICK_MAX = 7;

// The plain loop.
inline int first_max_index_scalar(const int* scores, int begin, int end) {
  int best = begin;
  for (int i = begin + 1; i < end; ++i)
    if (scores[i] > scores[best]) best = i;
  return best;
}

// The SSE2 scan (every x86-64) or the plain loop: what first_max_index runs on lists too long
// for the plain loop and too short for AVX2, and on CPUs without AVX2.
inline int first_max_index_basic(const int* scores, int begin, int end) {
#if defined(__SSE2__)
  __m128i best = _mm_set1_epi32(INT_MIN);
  for (int i = begin; i < end; i += 4) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(scores + i));
    const __m128i gt = _mm_cmpgt_epi32(v, best);
    best = _mm_or_si128(_mm_and_si128(gt, v), _mm_andnot_si128(gt, best));
  }
  alignas(16) int lanes[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(lanes), best);
  int top = lanes[0];
  for (int k = 1; k < 4; ++k) top = lanes[k] > top ? lanes[k] : top;
  const __m128i want = _mm_set1_epi32(top);
  for (int i = begin;; i += 4) {
    const __m128i eq = _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(scores + i)), want);
    if (const int mask = _mm_movemask_ps(_mm_castsi128_ps(eq))) return i + __builtin_ctz(unsigned(mask));
  }
#else
  return first_max_index_scalar(scores, begin, end);
#endif
}

// The first i in [begin, end) with the greatest scores[i]; begin < end.
inline int first_max_index(const int* scores, int begin, int end) {
  if (end - begin >= AVX2_PICK_MIN && PICK_USES_AVX2) return first_max_index_avx2(scores, begin, end);
  if (end - begin <= SCALAR_PICK_MAX) return first_max_index_scalar(scores, begin, end);
  return first_max_index_basic(scores, begin, end);
}

}  // namespace xq::search
