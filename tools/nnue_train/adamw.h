// AdamW (Loshchilov and Hutter: Adam with the weight decay applied to the weights, not mixed
// into the gradient), over a range of the flat parameter array, with the spec's clipping.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xq::nnue_train {

struct AdamSettings {
  double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
  double weight_decay = 0.01;  // per unit of learning rate
};

struct AdamState {
  std::vector<float> m, v;  // moment estimates, one per parameter
  std::uint64_t step = 0;   // steps taken (the bias correction's t)
};

// One step on params[begin, end) with the mean gradient grad[begin, end); parameters in
// [clip_begin, clip_end) are clipped to +-clip afterwards. `step` is the step's number, from 1.
void adamw_step(float* params, const float* grad, AdamState& state, std::size_t begin, std::size_t end,
                std::size_t clip_begin, std::size_t clip_end, float clip, double lr, std::uint64_t step,
                const AdamSettings& s);

}  // namespace xq::nnue_train
