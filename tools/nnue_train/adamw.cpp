#include "adamw.h"

#include <algorithm>
#include <cmath>

#include "kernels.h"

namespace xq::nnue_train {

namespace {

#define XQ_INLINE [[gnu::always_inline]] inline

XQ_INLINE void update(float* __restrict p, const float* __restrict g, float* __restrict m, float* __restrict v,
                      std::size_t n, float b1, float b2, float step_size, float eps_hat, float decay, float lo,
                      float hi) {
  for (std::size_t i = 0; i < n; ++i) {
    m[i] = b1 * m[i] + (1 - b1) * g[i];
    v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
    const float x = p[i] * decay - step_size * m[i] / (std::sqrt(v[i]) + eps_hat);
    p[i] = std::min(std::max(x, lo), hi);
  }
}

__attribute__((target("avx2,fma"))) void update_avx2(float* p, const float* g, float* m, float* v, std::size_t n,
                                                     float b1, float b2, float step_size, float eps_hat,
                                                     float decay, float lo, float hi) {
  update(p, g, m, v, n, b1, b2, step_size, eps_hat, decay, lo, hi);
}

void update_generic(float* p, const float* g, float* m, float* v, std::size_t n, float b1, float b2,
                    float step_size, float eps_hat, float decay, float lo, float hi) {
  update(p, g, m, v, n, b1, b2, step_size, eps_hat, decay, lo, hi);
}

}  // namespace

void adamw_step(float* params, const float* grad, AdamState& state, std::size_t begin, std::size_t end,
                std::size_t clip_begin, std::size_t clip_end, float clip, double lr, std::uint64_t step,
                const AdamSettings& s) {
  // Bias correction folded into the step size and epsilon (Kingma and Ba, section 2).
  const double c1 = 1 - std::pow(s.beta1, double(step)), c2 = 1 - std::pow(s.beta2, double(step));
  const float step_size = float(lr * std::sqrt(c2) / c1), eps_hat = float(s.epsilon * std::sqrt(c2));
  const float decay = float(1 - lr * s.weight_decay);
  const bool avx2 = using_avx2();
  const auto run = [&](std::size_t a, std::size_t b, float lo, float hi) {
    if (a >= b) return;
    (avx2 ? update_avx2 : update_generic)(params + a, grad + a, state.m.data() + a, state.v.data() + a, b - a,
                                          float(s.beta1), float(s.beta2), step_size, eps_hat, decay, lo, hi);
  };
  const float inf = INFINITY;
  const auto bound = [&](std::size_t x) { return std::clamp(x, begin, end); };
  run(begin, bound(clip_begin), -inf, inf);
  run(bound(clip_begin), bound(clip_end), -clip, clip);
  run(bound(clip_end), end, -inf, inf);
}

}  // namespace xq::nnue_train
