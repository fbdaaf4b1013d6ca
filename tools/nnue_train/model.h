// The float network the trainer fits (nnue/README.md): 6 x 1260 inputs (a block per king
// square, features.h) -> 256 per perspective (feature transformer, shared by both), SCReLU,
// 512 -> 1 output by one of OUT_BUCKETS output layers chosen by the number of pieces, times
// SCALE for centipawns. Without king buckets only the first block is used and written. All parameters sit in one flat array so the optimiser and the gradient
// buffers treat them alike; the offsets below say where each part starts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "nnue/network.h"
#include "train_data.h"

namespace xq::nnue_train {

constexpr int N_IN = nnue::N_IN;
constexpr int PS_IN = nnue::PS_IN;
constexpr int L1 = nnue::L1;
// The factoriser, two virtual layers of rows the file never sees: one row per piece-square
// (PS_IN), shared by that piece-square's king blocks, and one per (own/their, piece type)
// (FACTORS), shared by that piece's 90 squares. A feature's weights in the network are its
// own row plus its piece-square row plus its piece's factor row, so what a piece-square has
// in common across king squares, and what a piece has in common across squares (its value,
// most of all), are learnt from every position that has them; the file gets the sums.
constexpr int FACTORS = 14;
constexpr int ps_of(int feature) { return feature % PS_IN; }
constexpr int factor_of(int feature) { return ps_of(feature) / SQUARE_NB; }
// Offsets in the flat parameter array.
constexpr std::size_t FT_WEIGHTS = 0;                                      // [N_IN][L1], input-major
constexpr std::size_t PS_WEIGHTS = FT_WEIGHTS + std::size_t(N_IN) * L1;    // [PS_IN][L1]
constexpr std::size_t FACTOR_WEIGHTS = PS_WEIGHTS + std::size_t(PS_IN) * L1;  // [FACTORS][L1]
constexpr std::size_t FT_BIAS = FACTOR_WEIGHTS + std::size_t(FACTORS) * L1;  // [L1]
constexpr int OUT_BUCKETS = nnue::OUT_BUCKETS;
// [OUT_BUCKETS][2 * L1]: per bucket the side to move's half, then the other's.
constexpr std::size_t OUT_WEIGHTS = FT_BIAS + L1;
constexpr std::size_t OUT_BIAS = OUT_WEIGHTS + std::size_t(OUT_BUCKETS) * 2 * L1;  // [OUT_BUCKETS]
constexpr std::size_t PARAM_COUNT = OUT_BIAS + OUT_BUCKETS;
// The file's weights are clipped to +-WEIGHT_CLIP: quantised, they then stay within the
// spec's int16 bounds (|ft| <= 505, |out| <= 127). The feature biases are clipped too, so an
// accumulator (bias + 33 rows) stays below 17,200. A feature's row plus its piece-square and
// factor rows is what the file holds, so that sum is clipped (clip_feature_weights), and each
// partial sum from the factor row up.
constexpr float WEIGHT_CLIP = 1.98f;

// The active features of a position from both sides: `us` is the side to move.
struct Features {
  int count = 0;
  std::uint16_t us[32], them[32];
};
// `mirror_board`: the position mirrored left-right (file a <-> i) first. Xiangqi's rules are
// the same in the mirror, so its score and result are the entry's own: a second, equally true
// sample that trains the network to agree with itself (TrainSettings::mirror).
// `king_buckets`: the rows of the king's block (features.h), or of the first block always.
void extract_features(const Entry& e, Features& out, bool mirror_board, bool king_buckets);

struct FloatNetwork {
  std::vector<float> params = std::vector<float>(PARAM_COUNT, 0.0f);
  // Whether the network uses its king blocks; without, only the first block is trained and
  // the file is of the architecture before king buckets.
  bool king_buckets = true;

  // Seeded uniform start: feature weights in +-0.1 (about 33 features are active, so an
  // accumulator starts with a spread of about 0.33, inside SCReLU's [0, 1]), output weights
  // in +-1/sqrt(512) (every bucket alike), biases 0.
  static FloatNetwork random(std::uint64_t seed, bool king_buckets = true);
  // A network file's weights as floats (each integer over its quantisation scale): the start
  // of a run that refines an existing network (xqnnue_train --init). A file with king buckets
  // gives its rows to the feature rows, one without gives them to the piece-square rows (so
  // every king block starts as that one block); the factor rows are zero. quantise() of the
  // result, with king_buckets as the file had it, gives the file's integers back;
  // `king_buckets` true on one from a file without them starts king buckets from it.
  static FloatNetwork from_network(const nnue::Network& n, bool king_buckets);

  // The feature transformer as the network file has it: each feature's row plus its
  // piece-square and factor rows, [N_IN][L1]. The rows of factor groups [first, last) (every
  // king block's) into out (which holds all N_IN rows).
  void effective_weights(float* out, int first = 0, int last = FACTORS) const;
  // Keeps every feature's sum within +-WEIGHT_CLIP: the factor rows first, each within it,
  // then each piece-square row plus its factor row, then each feature row plus both; the
  // factor groups [first, last).
  void clip_feature_weights(int first = 0, int last = FACTORS);

  // The output in centipawns for the side to move.
  float evaluate(const Entry& e) const;
};

// Rounded to the spec's integers (ft * QA, out * QB, bias * QA * QB) with the description;
// the first block of rows alone for a network without king buckets.
nnue::Network quantise(const FloatNetwork& net, const std::string& description);

}  // namespace xq::nnue_train
