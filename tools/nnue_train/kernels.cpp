#include "kernels.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <vector>

#include "model.h"

namespace xq::nnue_train {

namespace {

// Everything below up to the two entry points is inlined into each of them, so it is
// compiled once per instruction set.
//
// Why tiles: a position reads 66 rows of the feature weights and adds into 66 rows of their
// gradient, 1 KB each, anywhere in two 1.3 MB tables; that traffic, not the arithmetic, was
// the cost. A slice is therefore walked once per tile of 64 units: a tile's columns of both
// tables (2 x 322 KB) stay in the core's cache while every position of the slice passes.
// The forward pass runs tile by tile first (the output needs every unit), then the backward
// pass recomputes each tile's accumulators, which is cheaper than storing them.
#define XQ_INLINE [[gnu::always_inline]] inline

constexpr int TILE = 64;
constexpr int TILES = L1 / TILE;
static_assert(L1 % TILE == 0);

// Eight floats as one value (GCC and clang vector extensions): one AVX register in the AVX2
// body, two SSE registers in the plain one. The vectorisers left these loops scalar (the
// clamps' branches, the rows' addresses), so they are written for vectors outright. Arrays are
// read and written through memcpy: no alignment is assumed and no aliasing rule is broken.
// (A vector type declared with a lower alignment was not enough: clang 14 at -O3 still read
// the network's biases with an aligned load, which faults on a heap block 16 bytes off.)
typedef float f8 __attribute__((vector_size(32)));
typedef int i8 __attribute__((vector_size(32)));
constexpr int V = 8, TILE_V = TILE / V;

// These helpers pass vectors by value, which in a build without AVX would differ from the
// AVX calling convention; they are always inlined within this file, so no call crosses it.
#pragma GCC diagnostic ignored "-Wpsabi"
XQ_INLINE f8 load(const float* p) {
  f8 v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
XQ_INLINE void store(float* p, f8 v) { __builtin_memcpy(p, &v, sizeof v); }
XQ_INLINE void add_to(float* p, f8 v) { store(p, load(p) + v); }

// clamp(x, 0, 1) and the mask of 0 < x < 1, without branches.
XQ_INLINE void clamp01(f8& x, i8& inside) {
  const f8 zero = {}, one = {1, 1, 1, 1, 1, 1, 1, 1};
  const i8 above = x > zero, below = x < one;
  inside = above & below;
  x = (f8)((((i8)x & below) | ((i8)one & ~below)) & above);
}

// acc = bias + the features' rows, over one tile (pointers already offset to it). The tile's
// sums stay in registers while the rows pass.
XQ_INLINE void accumulate(float* __restrict acc, const float* __restrict bias, const float* __restrict weights,
                          const std::uint16_t* features, int count) {
  f8 a[TILE_V];
  for (int k = 0; k < TILE_V; ++k) a[k] = load(bias + k * V);
  for (int i = 0; i < count; ++i) {
    const float* row = weights + std::size_t(features[i]) * L1;
    for (int k = 0; k < TILE_V; ++k) a[k] += load(row + k * V);
  }
  for (int k = 0; k < TILE_V; ++k) store(acc + k * V, a[k]);
}

// sum_j screlu(a[j]) * w[j] over the tile, for both halves (w_them: the other half's weights).
XQ_INLINE float output(const float* __restrict us, const float* __restrict them, const float* __restrict w_us,
                       const float* __restrict w_them) {
  f8 sum = {};
  i8 inside;
  for (int k = 0; k < TILE_V; ++k) {
    f8 a = load(us + k * V), b = load(them + k * V);
    clamp01(a, inside);
    clamp01(b, inside);
    sum += a * a * load(w_us + k * V) + b * b * load(w_them + k * V);
  }
  float total = 0;
  for (int k = 0; k < V; ++k) total += sum[k];
  return total;
}

// d(output)/d(acc) times g into d; the output weights' gradient into gw.
XQ_INLINE void backward_half(const float* __restrict acc, const float* __restrict w, float g, float* __restrict d,
                             float* __restrict gw) {
  const f8 gv = {g, g, g, g, g, g, g, g};
  for (int k = 0; k < TILE_V; ++k) {
    const f8 a = load(acc + k * V);
    f8 c = a;
    i8 inside;
    clamp01(c, inside);
    add_to(gw + k * V, gv * c * c);
    const f8 slope = 2.0f * gv * load(w + k * V) * a;
    store(d + k * V, (f8)((i8)slope & inside));
  }
}

XQ_INLINE void scatter(float* __restrict grad, const float* __restrict d, const std::uint16_t* features, int count) {
  f8 dv[TILE_V];
  for (int k = 0; k < TILE_V; ++k) dv[k] = load(d + k * V);
  for (int i = 0; i < count; ++i) {
    float* row = grad + std::size_t(features[i]) * L1;
    for (int k = 0; k < TILE_V; ++k) add_to(row + k * V, dv[k]);
  }
}

XQ_INLINE float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

XQ_INLINE double slice(const float* params, const float* ft, const Entry* entries, const std::uint32_t* index,
                       std::size_t n, const LossSettings& s, float* grad) {
  alignas(64) float acc_us[TILE], acc_them[TILE], d_us[TILE], d_them[TILE];
  const float* bias = params + FT_BIAS;
  const float out_scale = float(nnue::SCALE) / output_k(s);
  std::vector<Features> features(n);
  std::vector<float> out(n);
  // Each position's output layer: its bucket, and where that bucket's weights start.
  std::vector<std::size_t> bucket(n);
  const auto out_weights = [&](std::size_t p) { return OUT_WEIGHTS + bucket[p] * 2 * L1; };
  for (std::size_t p = 0; p < n; ++p) {
    extract_features(entries[index[p] & ~MIRROR_BIT], features[p], (index[p] & MIRROR_BIT) != 0, s.king_buckets);
    bucket[p] = std::size_t(nnue::output_bucket(features[p].count));
    out[p] = params[OUT_BIAS + bucket[p]];
  }
  // Step 1. Forward, tile by tile.
  for (int t = 0; t < TILES; ++t) {
    const int o = t * TILE;
    for (std::size_t p = 0; p < n; ++p) {
      const Features& f = features[p];
      accumulate(acc_us, bias + o, ft + o, f.us, f.count);
      accumulate(acc_them, bias + o, ft + o, f.them, f.count);
      const float* w = params + out_weights(p);
      out[p] += output(acc_us, acc_them, w + o, w + L1 + o);
    }
  }
  // Step 2. The loss, and its derivative by the output (through the sigmoid), kept in out.
  double loss = 0;
  for (std::size_t p = 0; p < n; ++p) {
    const float prob = sigmoid(out[p] * out_scale);
    const float error = prob - target(entries[index[p] & ~MIRROR_BIT], s);
    loss += double(error) * error;
    out[p] = 2.0f * error * prob * (1.0f - prob) * out_scale;
  }
  if (!grad) return loss;
  // Step 3. Backward, tile by tile.
  for (std::size_t p = 0; p < n; ++p) grad[OUT_BIAS + bucket[p]] += out[p];
  for (int t = 0; t < TILES; ++t) {
    const int o = t * TILE;
    for (std::size_t p = 0; p < n; ++p) {
      const Features& f = features[p];
      const float g = out[p];
      accumulate(acc_us, bias + o, ft + o, f.us, f.count);
      accumulate(acc_them, bias + o, ft + o, f.them, f.count);
      const std::size_t at = out_weights(p);
      backward_half(acc_us, params + at + o, g, d_us, grad + at + o);
      backward_half(acc_them, params + at + L1 + o, g, d_them, grad + at + L1 + o);
      for (int k = 0; k < TILE_V; ++k) add_to(grad + FT_BIAS + o + k * V, load(d_us + k * V) + load(d_them + k * V));
      scatter(grad + FT_WEIGHTS + o, d_us, f.us, f.count);
      scatter(grad + FT_WEIGHTS + o, d_them, f.them, f.count);
    }
  }
  return loss;
}

__attribute__((target("avx2,fma"))) double slice_avx2(const float* params, const float* ft, const Entry* entries,
                                                       const std::uint32_t* index, std::size_t n,
                                                       const LossSettings& s, float* grad) {
  return slice(params, ft, entries, index, n, s, grad);
}

double slice_generic(const float* params, const float* ft, const Entry* entries, const std::uint32_t* index,
                     std::size_t n, const LossSettings& s, float* grad) {
  return slice(params, ft, entries, index, n, s, grad);
}

std::atomic<bool> generic_forced{false};

bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

}  // namespace

float target(const Entry& e, const LossSettings& s) {
  return s.lambda * (e.result * 0.5f) + (1.0f - s.lambda) * sigmoid(float(e.score) / s.k);
}

bool using_avx2() { return cpu_has_avx2() && !generic_forced; }
void force_generic(bool on) { generic_forced = on; }

double loss_and_gradient(const float* params, const float* ft, const Entry* entries, const std::uint32_t* index,
                         std::size_t n, const LossSettings& s, float* grad) {
  return using_avx2() ? slice_avx2(params, ft, entries, index, n, s, grad)
                      : slice_generic(params, ft, entries, index, n, s, grad);
}

}  // namespace xq::nnue_train
