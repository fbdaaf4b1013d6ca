// The trainer's inner loops: forward and backward passes over a slice of positions, summing
// the loss and the gradient of every parameter. One body, compiled twice: for AVX2 + FMA
// (chosen at run time when the CPU has them) and for plain x86-64, so the default build needs
// no -march flag. On one machine the choice is fixed, so a run is deterministic.
#pragma once

#include <cstddef>
#include <cstdint>

#include "train_data.h"

namespace xq::nnue_train {

struct LossSettings {
  float k = 635.0f;     // centipawns per logit of the win probability
  float lambda = 0.0f;  // weight of the game result in the target (1 - lambda: the score)
  // The feature set positions are read in: with king blocks (features.h) or the first block
  // only (a network without king buckets).
  bool king_buckets = true;
  // Centipawns per logit of the network's own output, when it differs from k (0: k). k turns
  // the data's search scores into probabilities; k_out says in what unit the network answers.
  // Refining a network with k_out at the start network's own value (--keep-scale) keeps its
  // scale, which every eval-unit number of the search is tuned to.
  float k_out = 0.0f;
};

inline float output_k(const LossSettings& s) { return s.k_out > 0 ? s.k_out : s.k; }

// The target of one position: lambda * result + (1 - lambda) * sigmoid(score / k).
float target(const Entry& e, const LossSettings& s);

// An index with this bit set stands for its entry mirrored left-right (extract_features).
constexpr std::uint32_t MIRROR_BIT = 0x80000000u;

// Over positions entries[index[0..n)] (MIRROR_BIT taken off and obeyed): returns the sum of the squared errors
// (sigmoid(y / output_k) - target)^2, and, when `grad` is not null, adds each error's gradient with
// respect to every parameter (the layout of model.h) into grad. The feature transformer's
// weights are `ft` ([N_IN][L1], FloatNetwork::effective_weights); their gradient goes to
// grad's FT_WEIGHTS rows, the piece-square and factor rows' gradient is left to the caller
// (the sum of their features' rows).
double loss_and_gradient(const float* params, const float* ft, const Entry* entries, const std::uint32_t* index,
                         std::size_t n, const LossSettings& s, float* grad);

// Whether the AVX2 body runs; force_generic(true) makes every call take the plain one (tests).
bool using_avx2();
void force_generic(bool on);

}  // namespace xq::nnue_train
