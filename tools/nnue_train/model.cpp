#include "model.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "nnue/features.h"

namespace xq::nnue_train {

void extract_features(const Entry& e, Features& out, bool mirror_board, bool king_buckets) {
  EntryPiece placed[32];
  const int n = entry_pieces(e, placed);
  if (mirror_board)
    for (int i = 0; i < n; ++i) placed[i].square = make_square(FILE_NB - 1 - file_of(placed[i].square), rank_of(placed[i].square));
  Square king[COLOR_NB] = {SQ_NONE, SQ_NONE};
  for (int i = 0; i < n; ++i)
    if (type_of(placed[i].piece) == KING) king[color_of(placed[i].piece)] = placed[i].square;
  const Color us = Color(e.side), them = ~us;
  const bool mirror_us = nnue::mirrored(us, king[us]), mirror_them = nnue::mirrored(them, king[them]);
  const int block_us = king_buckets ? nnue::king_bucket(us, king[us]) * PS_IN : 0;
  const int block_them = king_buckets ? nnue::king_bucket(them, king[them]) * PS_IN : 0;
  out.count = n;
  for (int i = 0; i < n; ++i) {
    out.us[i] = std::uint16_t(block_us + nnue::ps_index(us, mirror_us, placed[i].piece, placed[i].square));
    out.them[i] = std::uint16_t(block_them + nnue::ps_index(them, mirror_them, placed[i].piece, placed[i].square));
  }
}

FloatNetwork FloatNetwork::random(std::uint64_t seed, bool king_buckets) {
  FloatNetwork net;
  net.king_buckets = king_buckets;
  std::mt19937_64 rng(seed);
  // Our own uniform draw: std::uniform_real_distribution may differ between libraries.
  const auto uniform = [&](float range) { return float((double(rng() >> 11) * 0x1.0p-53 * 2 - 1) * range); };
  // One random row per piece-square and per piece, the rest zero. With king buckets the
  // random rows are the piece-square ones and every king block starts as their copy: blocks
  // drawn apart would be six unrelated networks, each learning from its own few positions.
  // Without, the first block's rows are drawn (the piece-square rows do not learn then).
  const std::size_t drawn = king_buckets ? PS_WEIGHTS : FT_WEIGHTS;
  for (std::size_t i = drawn; i < drawn + std::size_t(PS_IN) * L1; ++i) net.params[i] = uniform(0.1f);
  for (std::size_t i = FACTOR_WEIGHTS; i < FT_BIAS; ++i) net.params[i] = uniform(0.1f);
  // One draw per weight of the first bucket, copied into the others: the buckets start as one
  // output layer and part only where the data makes them.
  for (std::size_t i = OUT_WEIGHTS; i < OUT_WEIGHTS + 2 * L1; ++i) net.params[i] = uniform(1.0f / std::sqrt(float(2 * L1)));
  for (int b = 1; b < OUT_BUCKETS; ++b)
    std::copy_n(net.params.begin() + std::ptrdiff_t(OUT_WEIGHTS), 2 * L1,
                net.params.begin() + std::ptrdiff_t(OUT_WEIGHTS + std::size_t(b) * 2 * L1));
  return net;
}

FloatNetwork FloatNetwork::from_network(const nnue::Network& n, bool king_buckets) {
  FloatNetwork net;
  net.king_buckets = king_buckets;
  float* p = net.params.data();
  // A file without king buckets that starts a network with them: its rows are every block's
  // common part, the piece-square rows.
  const std::size_t rows_at = n.king_buckets || !king_buckets ? FT_WEIGHTS : PS_WEIGHTS;
  for (std::size_t i = 0; i < n.ft_weights.size(); ++i) p[rows_at + i] = float(n.ft_weights[i]) / nnue::QA;
  for (std::size_t i = 0; i < n.ft_bias.size(); ++i) p[FT_BIAS + i] = float(n.ft_bias[i]) / nnue::QA;
  for (std::size_t i = 0; i < n.out_weights.size(); ++i) p[OUT_WEIGHTS + i] = float(n.out_weights[i]) / nnue::QB;
  for (int b = 0; b < OUT_BUCKETS; ++b)
    p[OUT_BIAS + std::size_t(b)] = float(double(n.out_bias[std::size_t(b)]) / (double(nnue::QA) * nnue::QB));
  return net;
}

// Runs f(feature row, piece-square row, factor row) for every feature of factor groups
// [first, last), each king block's.
template <class F>
void for_each_feature(int first, int last, F f) {
  for (int k = first; k < last; ++k)
    for (int sq = 0; sq < SQUARE_NB; ++sq) {
      const int ps = k * SQUARE_NB + sq;
      for (int block = 0; block < nnue::KING_BUCKETS; ++block) f(block * PS_IN + ps, ps, k);
    }
}

void FloatNetwork::effective_weights(float* out, int first, int last) const {
  const float* p = params.data();
  for_each_feature(first, last, [&](int f, int ps, int k) {
    const float* row = p + FT_WEIGHTS + std::size_t(f) * L1;
    const float* ps_row = p + PS_WEIGHTS + std::size_t(ps) * L1;
    const float* factor = p + FACTOR_WEIGHTS + std::size_t(k) * L1;
    float* dest = out + std::size_t(f) * L1;
    for (int j = 0; j < L1; ++j) dest[j] = row[j] + ps_row[j] + factor[j];
  });
}

void FloatNetwork::clip_feature_weights(int first, int last) {
  float* p = params.data();
  for (int k = first; k < last; ++k) {
    float* factor = p + FACTOR_WEIGHTS + std::size_t(k) * L1;
    for (int j = 0; j < L1; ++j) factor[j] = std::clamp(factor[j], -WEIGHT_CLIP, WEIGHT_CLIP);
    for (int sq = 0; sq < SQUARE_NB; ++sq) {
      float* ps_row = p + PS_WEIGHTS + std::size_t(k * SQUARE_NB + sq) * L1;
      for (int j = 0; j < L1; ++j) ps_row[j] = std::clamp(ps_row[j], -WEIGHT_CLIP - factor[j], WEIGHT_CLIP - factor[j]);
    }
  }
  for_each_feature(first, last, [&](int f, int ps, int k) {
    float* row = p + FT_WEIGHTS + std::size_t(f) * L1;
    const float* ps_row = p + PS_WEIGHTS + std::size_t(ps) * L1;
    const float* factor = p + FACTOR_WEIGHTS + std::size_t(k) * L1;
    for (int j = 0; j < L1; ++j) {
      const float base = ps_row[j] + factor[j];
      row[j] = std::clamp(row[j], -WEIGHT_CLIP - base, WEIGHT_CLIP - base);
    }
  });
}

float FloatNetwork::evaluate(const Entry& e) const {
  Features f;
  extract_features(e, f, false, king_buckets);
  const float* w = params.data();
  const std::size_t bucket = std::size_t(nnue::output_bucket(f.count));
  float acc[2][L1];
  double sum = w[OUT_BIAS + bucket];
  for (int side = 0; side < 2; ++side) {
    const std::uint16_t* idx = side == 0 ? f.us : f.them;
    for (int j = 0; j < L1; ++j) acc[side][j] = w[FT_BIAS + std::size_t(j)];
    for (int i = 0; i < f.count; ++i)
      for (int j = 0; j < L1; ++j)
        acc[side][j] += w[FT_WEIGHTS + std::size_t(idx[i]) * L1 + std::size_t(j)] +
                        w[PS_WEIGHTS + std::size_t(ps_of(idx[i])) * L1 + std::size_t(j)] +
                        w[FACTOR_WEIGHTS + std::size_t(factor_of(idx[i])) * L1 + std::size_t(j)];
    for (int j = 0; j < L1; ++j) {
      const float c = std::clamp(acc[side][j], 0.0f, 1.0f);
      sum += double(c * c) * w[OUT_WEIGHTS + bucket * 2 * L1 + std::size_t(side * L1 + j)];
    }
  }
  return float(sum * nnue::SCALE);
}

nnue::Network quantise(const FloatNetwork& net, const std::string& description) {
  const auto q = [](float x, double scale, double limit) { return std::clamp(std::lround(double(x) * scale), -long(limit), long(limit)); };
  nnue::Network n = nnue::zero_network(net.king_buckets);  // the sizes of the file's architecture
  const std::vector<float>& p = net.params;
  std::vector<float> ft(std::size_t(N_IN) * L1);
  net.effective_weights(ft.data());
  for (std::size_t i = 0; i < n.ft_weights.size(); ++i) n.ft_weights[i] = std::int16_t(q(ft[i], nnue::QA, nnue::FT_WEIGHT_LIMIT));
  for (std::size_t i = 0; i < n.ft_bias.size(); ++i) n.ft_bias[i] = std::int16_t(q(p[FT_BIAS + i], nnue::QA, nnue::FT_WEIGHT_LIMIT));
  for (std::size_t i = 0; i < n.out_weights.size(); ++i) n.out_weights[i] = std::int16_t(q(p[OUT_WEIGHTS + i], nnue::QB, nnue::OUT_WEIGHT_LIMIT));
  for (int b = 0; b < OUT_BUCKETS; ++b)
    n.out_bias[std::size_t(b)] = std::int32_t(q(p[OUT_BIAS + std::size_t(b)], double(nnue::QA) * nnue::QB, 2e9));
  n.description = description.substr(0, nnue::MAX_DESCRIPTION);
  return n;
}

}  // namespace xq::nnue_train
