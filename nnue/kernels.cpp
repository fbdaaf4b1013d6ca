#include "kernels.h"

#include <algorithm>
#include <atomic>

#include "engine/cpu.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define XQ_NNUE_X86 1
#endif

namespace xq::nnue {

namespace {

const std::int16_t* row(const Network& net, int feature) { return net.ft_weights.data() + std::size_t(feature) * L1; }

#ifdef XQ_NNUE_X86
constexpr int LANES = 16;  // int16 per 256-bit register

// One move's update, the common case: one row added, NR (1 or 2) removed. Each group of 16
// lanes is independent, so it is one pass with the rows' addresses worked out once (the general
// loop below recomputes them per chunk and runs a loop per row).
template <int NR>
__attribute__((target("avx2"))) void update_move_avx2(const std::int16_t* in, std::int16_t* out,
                                                       const std::int16_t* add, const std::int16_t* const* rem) {
#define XQ_LOAD(p) _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))
  for (int i = 0; i < L1; i += LANES) {
    __m256i v = _mm256_sub_epi16(_mm256_add_epi16(XQ_LOAD(in + i), XQ_LOAD(add + i)), XQ_LOAD(rem[0] + i));
    if constexpr (NR == 2) v = _mm256_sub_epi16(v, XQ_LOAD(rem[1] + i));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), v);
  }
#undef XQ_LOAD
}

__attribute__((target("avx2"))) void update_avx2(const Network& net, const std::int16_t* in, std::int16_t* out,
                                                  const int* added, int n_added, const int* removed, int n_removed) {
  if (n_added == 1 && (n_removed == 1 || n_removed == 2)) {
    const std::int16_t* rem[2] = {row(net, removed[0]), n_removed == 2 ? row(net, removed[1]) : nullptr};
    if (n_removed == 1) return update_move_avx2<1>(in, out, row(net, added[0]), rem);
    return update_move_avx2<2>(in, out, row(net, added[0]), rem);
  }
  // Whole rows in 16 registers at a time would spill; 4 chunks of 64 values keep it in registers.
  constexpr int CHUNK = 4 * LANES;
  for (int c = 0; c < L1; c += CHUNK) {
    __m256i acc[4];
    for (int k = 0; k < 4; ++k) acc[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + c + k * LANES));
    for (int a = 0; a < n_added; ++a) {
      const std::int16_t* w = row(net, added[a]) + c;
      for (int k = 0; k < 4; ++k)
        acc[k] = _mm256_add_epi16(acc[k], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + k * LANES)));
    }
    for (int r = 0; r < n_removed; ++r) {
      const std::int16_t* w = row(net, removed[r]) + c;
      for (int k = 0; k < 4; ++k)
        acc[k] = _mm256_sub_epi16(acc[k], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + k * LANES)));
    }
    for (int k = 0; k < 4; ++k) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + c + k * LANES), acc[k]);
  }
}

// Both perspectives in one pass (update_move_pair).
template <int NR>
__attribute__((target("avx2"))) void update_pair_avx2(const Network& net, const std::int16_t* const in[2],
                                                       std::int16_t* const out[2], const MoveRows& r) {
  for (int p = 0; p < 2; ++p) {
    const std::int16_t* rem[2] = {row(net, r.removed[p][0]), NR == 2 ? row(net, r.removed[p][1]) : nullptr};
    update_move_avx2<NR>(in[p], out[p], row(net, r.added[p]), rem);
  }
}

// clamp(x, 0, QA) * w fits int16 (255 * 127), so mullo is exact; madd then multiplies by the
// clamp again and adds pairs into int32. Per lane: 2 * 255 * 255 * 127 per madd, 32 madds over
// both halves: about 5.3e8 < 2^31.
__attribute__((target("avx2"))) std::int64_t output_sum_avx2(const Network& net, const std::int16_t* us,
                                                              const std::int16_t* them, int bucket) {
  const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
  __m256i sum = _mm256_setzero_si256();
  const std::int16_t* halves[2] = {us, them};
  for (int h = 0; h < 2; ++h) {
    const std::int16_t* w = net.out_weights.data() + (bucket * 2 + h) * L1;
    for (int i = 0; i < L1; i += LANES) {
      const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(halves[h] + i));
      const __m256i c = _mm256_min_epi16(_mm256_max_epi16(x, zero), qa);
      const __m256i cw = _mm256_mullo_epi16(c, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i)));
      sum = _mm256_add_epi32(sum, _mm256_madd_epi16(cw, c));
    }
  }
  alignas(32) std::int32_t lanes[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), sum);
  std::int64_t total = 0;
  for (std::int32_t v : lanes) total += v;
  return total;
}

// The same two kernels with 512-bit registers (AVX512BW: 32 int16 lanes), on CPUs that have
// them. A move's update and the output layer are the kernels of almost every evaluation; the
// rarer refresh keeps the AVX2 loop above.
constexpr int LANES512 = 32;
#define XQ_LOAD512(p) _mm512_loadu_si512(static_cast<const void*>(p))

template <int NR>
__attribute__((target("avx512f,avx512bw"))) void update_move_avx512(const std::int16_t* in, std::int16_t* out,
                                                                   const std::int16_t* add, const std::int16_t* const* rem) {
  for (int i = 0; i < L1; i += LANES512) {
    __m512i v = _mm512_sub_epi16(_mm512_add_epi16(XQ_LOAD512(in + i), XQ_LOAD512(add + i)), XQ_LOAD512(rem[0] + i));
    if constexpr (NR == 2) v = _mm512_sub_epi16(v, XQ_LOAD512(rem[1] + i));
    _mm512_storeu_si512(static_cast<void*>(out + i), v);
  }
}

template <int NR>
__attribute__((target("avx512f,avx512bw"))) void update_pair_avx512(const Network& net, const std::int16_t* const in[2],
                                                                   std::int16_t* const out[2], const MoveRows& r) {
  for (int p = 0; p < 2; ++p) {
    const std::int16_t* rem[2] = {row(net, r.removed[p][0]), NR == 2 ? row(net, r.removed[p][1]) : nullptr};
    update_move_avx512<NR>(in[p], out[p], row(net, r.added[p]), rem);
  }
}

// As output_sum_avx2: 16 madds per lane over both halves stay far inside int32; the 16 lanes
// are added as int64, as the AVX2 version adds its 8.
__attribute__((target("avx512f,avx512bw"))) std::int64_t output_sum_avx512(const Network& net, const std::int16_t* us,
                                                                          const std::int16_t* them, int bucket) {
  const __m512i zero = _mm512_setzero_si512(), qa = _mm512_set1_epi16(QA);
  __m512i sum = _mm512_setzero_si512();
  const std::int16_t* halves[2] = {us, them};
  for (int h = 0; h < 2; ++h) {
    const std::int16_t* w = net.out_weights.data() + (bucket * 2 + h) * L1;
    for (int i = 0; i < L1; i += LANES512) {
      const __m512i c = _mm512_min_epi16(_mm512_max_epi16(XQ_LOAD512(halves[h] + i), zero), qa);
      const __m512i cw = _mm512_mullo_epi16(c, XQ_LOAD512(w + i));
      sum = _mm512_add_epi32(sum, _mm512_madd_epi16(cw, c));
    }
  }
  // Through memory: GCC 12's widening and reduction intrinsics warn inside its own header
  // (an "undefined" register it reads on purpose, GCC bug 105593).
  alignas(64) std::int32_t lanes[16];
  _mm512_store_si512(static_cast<void*>(lanes), sum);
  std::int64_t total = 0;
  for (std::int32_t v : lanes) total += v;
  return total;
}
#undef XQ_LOAD512
#endif

}  // namespace

namespace {
// Asked once at start-up: every update and output reads the path in use, and a function-local
// static would test its guard each time; the machine's answer and the tests' cap are one
// value, so each kernel call reads one byte. (Read before this is set, by some other start-up
// code, it is the scalar path, which gives the same results.)
Simd machine_simd() {
  if (!cpu_has_avx2()) return Simd::Scalar;
  // The AVX-512 path still refreshes with the AVX2 loop: it needs both (every such CPU has both,
  // but a hypervisor may hide either).
  return cpu_has_avx512bw() ? Simd::Avx512 : Simd::Avx2;
}
const Simd CPU_SIMD = machine_simd();
const Simd CPU_DEFAULT_SIMD = preferred_simd(CPU_SIMD, cpu_is_intel());
std::atomic<Simd> simd_on{CPU_DEFAULT_SIMD};
}  // namespace

Simd preferred_simd(Simd widest, bool intel) { return widest == Simd::Avx512 && intel ? Simd::Avx2 : widest; }

void force_scalar(bool on) { simd_on.store(on ? Simd::Scalar : CPU_DEFAULT_SIMD, std::memory_order_relaxed); }

void limit_simd(Simd widest) { simd_on.store(std::min(widest, CPU_SIMD), std::memory_order_relaxed); }

Simd machine_best_simd() { return CPU_SIMD; }

Simd machine_default_simd() { return CPU_DEFAULT_SIMD; }

Simd active_simd() { return simd_on.load(std::memory_order_relaxed); }

bool using_avx2() { return active_simd() != Simd::Scalar; }

const char* simd_name(Simd s) {
  switch (s) {
    case Simd::Avx512: return "avx512bw";
    case Simd::Avx2: return "avx2";
    case Simd::Scalar: break;
  }
  return "scalar";
}

namespace scalar {

// int16 wraps like the SIMD adds (C++20 defines the narrowing conversion as modular); with
// the weight limits nothing wraps at all.
void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* added, int n_added,
            const int* removed, int n_removed) {
  if (out != in) std::copy(in, in + L1, out);
  for (int a = 0; a < n_added; ++a) {
    const std::int16_t* w = row(net, added[a]);
    for (int i = 0; i < L1; ++i) out[i] = std::int16_t(out[i] + w[i]);
  }
  for (int r = 0; r < n_removed; ++r) {
    const std::int16_t* w = row(net, removed[r]);
    for (int i = 0; i < L1; ++i) out[i] = std::int16_t(out[i] - w[i]);
  }
}

std::int64_t output_sum(const Network& net, const std::int16_t* us, const std::int16_t* them, int bucket) {
  std::int64_t total = 0;
  const std::int16_t* halves[2] = {us, them};
  for (int h = 0; h < 2; ++h) {
    const std::int16_t* w = net.out_weights.data() + (bucket * 2 + h) * L1;
    for (int i = 0; i < L1; ++i) {
      const std::int64_t c = std::clamp<int>(halves[h][i], 0, QA);
      total += c * c * w[i];
    }
  }
  return total;
}

}  // namespace scalar

void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* added, int n_added,
            const int* removed, int n_removed) {
#ifdef XQ_NNUE_X86
  if (using_avx2()) return update_avx2(net, in, out, added, n_added, removed, n_removed);
#endif
  scalar::update(net, in, out, added, n_added, removed, n_removed);
}

namespace {
// Out of line, so that the AVX2 dispatch above it stays a plain jump (inlined, the scalar
// loops made every call save registers).
[[gnu::noinline]] void update_move_pair_scalar(const Network& net, const std::int16_t* const in[2],
                                                std::int16_t* const out[2], const MoveRows& rows) {
  for (int p = 0; p < 2; ++p) scalar::update(net, in[p], out[p], &rows.added[p], 1, rows.removed[p], rows.n_removed);
}
}  // namespace

void update_move_pair(const Network& net, const std::int16_t* const in[2], std::int16_t* const out[2], const MoveRows& rows) {
#ifdef XQ_NNUE_X86
  switch (active_simd()) {
    case Simd::Avx512:
      return rows.n_removed == 1 ? update_pair_avx512<1>(net, in, out, rows) : update_pair_avx512<2>(net, in, out, rows);
    case Simd::Avx2:
      return rows.n_removed == 1 ? update_pair_avx2<1>(net, in, out, rows) : update_pair_avx2<2>(net, in, out, rows);
    case Simd::Scalar:
      break;
  }
#endif
  update_move_pair_scalar(net, in, out, rows);
}

void refresh(const Network& net, const int* features, int n, std::int16_t* out) {
  update(net, net.ft_bias.data(), out, features, n, nullptr, 0);
}

std::int64_t output_sum(const Network& net, const std::int16_t* us, const std::int16_t* them, int bucket) {
#ifdef XQ_NNUE_X86
  switch (active_simd()) {
    case Simd::Avx512: return output_sum_avx512(net, us, them, bucket);
    case Simd::Avx2: return output_sum_avx2(net, us, them, bucket);
    case Simd::Scalar: break;
  }
#endif
  return scalar::output_sum(net, us, them, bucket);
}

}  // namespace xq::nnue
