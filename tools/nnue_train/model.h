// The float network the trainer fits (nnue/README.md): 1260 inputs -> 256 per perspective
// (feature transformer, shared by both), SCReLU, 512 -> 1 output by one of OUT_BUCKETS output
// layers chosen by the number of pieces, times SCALE for centipawns. All parameters sit in one flat array so the optimiser and the gradient
// buffers treat them alike; the offsets below say where each part starts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "nnue/network.h"
#include "train_data.h"

namespace xq::nnue_train {

constexpr int N_IN = nnue::N_IN;
constexpr int L1 = nnue::L1;
// The factoriser: one extra row per (own/their, piece type), shared by that piece's 90
// squares. A square's weights in the network are its own row plus its piece's factor row,
// so what every square of a piece has in common (its value, most of all) is learnt from
// every position with that piece, not square by square; the file gets the sums.
constexpr int FACTORS = 14;
constexpr int factor_of(int feature) { return feature / SQUARE_NB; }
// Offsets in the flat parameter array.
constexpr std::size_t FT_WEIGHTS = 0;                                // [N_IN][L1], input-major
constexpr std::size_t FACTOR_WEIGHTS = FT_WEIGHTS + std::size_t(N_IN) * L1;  // [FACTORS][L1]
constexpr std::size_t FT_BIAS = FACTOR_WEIGHTS + std::size_t(FACTORS) * L1;  // [L1]
constexpr int OUT_BUCKETS = nnue::OUT_BUCKETS;
// [OUT_BUCKETS][2 * L1]: per bucket the side to move's half, then the other's.
constexpr std::size_t OUT_WEIGHTS = FT_BIAS + L1;
constexpr std::size_t OUT_BIAS = OUT_WEIGHTS + std::size_t(OUT_BUCKETS) * 2 * L1;  // [OUT_BUCKETS]
constexpr std::size_t PARAM_COUNT = OUT_BIAS + OUT_BUCKETS;
// The file's weights are clipped to +-WEIGHT_CLIP: quantised, they then stay within the
// spec's int16 bounds (|ft| <= 505, |out| <= 127). The feature biases are clipped too, so an
// accumulator (bias + 33 rows) stays below 17,200. A square's row plus its factor row is
// what the file holds, so that sum is clipped (clip_feature_weights), each part is not.
constexpr float WEIGHT_CLIP = 1.98f;

// The active features of a position from both sides: `us` is the side to move.
struct Features {
  int count = 0;
  std::uint16_t us[32], them[32];
};
// `mirror_board`: the position mirrored left-right (file a <-> i) first. Xiangqi's rules are
// the same in the mirror, so its score and result are the entry's own: a second, equally true
// sample that trains the network to agree with itself (TrainSettings::mirror).
void extract_features(const Entry& e, Features& out, bool mirror_board = false);

struct FloatNetwork {
  std::vector<float> params = std::vector<float>(PARAM_COUNT, 0.0f);

  // Seeded uniform start: feature weights in +-0.1 (about 33 features are active, so an
  // accumulator starts with a spread of about 0.33, inside SCReLU's [0, 1]), output weights
  // in +-1/sqrt(512) (every bucket alike), biases 0.
  static FloatNetwork random(std::uint64_t seed);
  // A network file's weights as floats (each integer over its quantisation scale), factor
  // rows zero: the start of a run that refines an existing network (xqnnue_train --init).
  // quantise() of the result gives the file's integers back.
  static FloatNetwork from_network(const nnue::Network& n);

  // The feature transformer as the network file has it: each square's row plus its factor
  // row, [N_IN][L1]. Rows [first, last) into out (which holds all N_IN rows).
  void effective_weights(float* out, int first = 0, int last = N_IN) const;
  // Keeps every row plus its factor row within +-WEIGHT_CLIP (factor rows first, each within
  // it too), rows [first, last).
  void clip_feature_weights(int first = 0, int last = N_IN);

  // The output in centipawns for the side to move.
  float evaluate(const Entry& e) const;
};

// Rounded to the spec's integers (ft * QA, out * QB, bias * QA * QB) with the description.
nnue::Network quantise(const FloatNetwork& net, const std::string& description);

}  // namespace xq::nnue_train
