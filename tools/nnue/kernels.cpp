#include "kernels.h"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "model.h"

namespace xq::nnue_train {

namespace {

// Everything below up to the two entry points is inlined into each of them, so it is
// compiled once per instruction set. The loops run over the 256 hidden units with no
// dependence between units (the output's sum keeps 16 partial sums), so they vectorise.
#define XQ_INLINE [[gnu::always_inline]] inline

XQ_INLINE void accumulate(float* __restrict acc, const float* __restrict bias, const float* __restrict weights,
                          const std::uint16_t* features, int count) {
  for (int j = 0; j < L1; ++j) acc[j] = bias[j];
  for (int i = 0; i < count; ++i) {
    const float* __restrict row = weights + std::size_t(features[i]) * L1;
    for (int j = 0; j < L1; ++j) acc[j] += row[j];
  }
}

XQ_INLINE float screlu(float x) {
  const float c = std::min(std::max(x, 0.0f), 1.0f);
  return c * c;
}

// sum_j screlu(a[j]) * w[j] for both halves.
XQ_INLINE float output(const float* __restrict us, const float* __restrict them, const float* __restrict w) {
  constexpr int LANES = 16;
  float lanes[LANES] = {};
  for (int j = 0; j < L1; j += LANES)
    for (int k = 0; k < LANES; ++k) lanes[k] += screlu(us[j + k]) * w[j + k] + screlu(them[j + k]) * w[L1 + j + k];
  float sum = 0;
  for (float x : lanes) sum += x;
  return sum;
}

// d(output)/d(acc) times g into d; the output weights' gradient into gw.
XQ_INLINE void backward_half(const float* __restrict acc, const float* __restrict w, float g, float* __restrict d,
                             float* __restrict gw) {
  for (int j = 0; j < L1; ++j) {
    const float a = acc[j];
    gw[j] += g * screlu(a);
    d[j] = a > 0.0f && a < 1.0f ? 2.0f * g * w[j] * a : 0.0f;
  }
}

XQ_INLINE void scatter(float* __restrict grad, const float* __restrict d, const std::uint16_t* features, int count) {
  for (int i = 0; i < count; ++i) {
    float* __restrict row = grad + std::size_t(features[i]) * L1;
    for (int j = 0; j < L1; ++j) row[j] += d[j];
  }
}

XQ_INLINE float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

XQ_INLINE double slice(const float* params, const float* ft, const Entry* entries, const std::uint32_t* index,
                       std::size_t n, const LossSettings& s, float* grad) {
  alignas(64) float acc_us[L1], acc_them[L1], d_us[L1], d_them[L1];
  const float* bias = params + FT_BIAS;
  const float* w = params + OUT_WEIGHTS;
  const float out_scale = float(nnue::SCALE) / s.k;
  double loss = 0;
  Features f;
  for (std::size_t p = 0; p < n; ++p) {
    const Entry& e = entries[index[p]];
    extract_features(e, f);
    accumulate(acc_us, bias, ft, f.us, f.count);
    accumulate(acc_them, bias, ft, f.them, f.count);
    const float out = output(acc_us, acc_them, w) + params[OUT_BIAS];
    const float prob = sigmoid(out * out_scale);
    const float error = prob - target(e, s);
    loss += double(error) * error;
    if (!grad) continue;
    // d(error^2)/d(out) through the sigmoid.
    const float g = 2.0f * error * prob * (1.0f - prob) * out_scale;
    grad[OUT_BIAS] += g;
    backward_half(acc_us, w, g, d_us, grad + OUT_WEIGHTS);
    backward_half(acc_them, w + L1, g, d_them, grad + OUT_WEIGHTS + L1);
    for (int j = 0; j < L1; ++j) grad[FT_BIAS + std::size_t(j)] += d_us[j] + d_them[j];
    scatter(grad + FT_WEIGHTS, d_us, f.us, f.count);
    scatter(grad + FT_WEIGHTS, d_them, f.them, f.count);
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
