#include "pick.h"

#include "engine/cpu.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define XQ_PICK_X86 1
#endif

namespace xq::search {

// Asked once at start-up, like the network's kernels: a function-local static would test its
// guard at every pick. (Read before it is set, by other start-up code, it is false: the
// SSE2 scan, which gives the same answers.)
const bool PICK_USES_AVX2 = cpu_has_avx2();

#ifdef XQ_PICK_X86
// Two passes as in the SSE2 scan: the greatest score (max per lane, then across lanes), then
// the first lane equal to it, which keeps the first of tied moves.
__attribute__((target("avx2"))) int first_max_index_avx2(const int* scores, int begin, int end) {
#define XQ_LOAD(i) _mm256_loadu_si256(reinterpret_cast<const __m256i*>(scores + (i)))
  __m256i best = XQ_LOAD(begin);
  for (int i = begin + 8; i < end; i += 8) best = _mm256_max_epi32(best, XQ_LOAD(i));
  __m128i m = _mm_max_epi32(_mm256_castsi256_si128(best), _mm256_extracti128_si256(best, 1));
  m = _mm_max_epi32(m, _mm_shuffle_epi32(m, 0x4E));  // swap the halves
  m = _mm_max_epi32(m, _mm_shuffle_epi32(m, 0xB1));  // swap neighbours
  const __m256i want = _mm256_broadcastd_epi32(m);
  for (int i = begin;; i += 8) {
    const int mask = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(XQ_LOAD(i), want)));
    if (mask) return i + __builtin_ctz(unsigned(mask));
  }
#undef XQ_LOAD
}
#else
int first_max_index_avx2(const int* scores, int begin, int end) { return first_max_index_basic(scores, begin, end); }
#endif

}  // namespace xq::search
