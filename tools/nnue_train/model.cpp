#include "model.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "nnue/features.h"

namespace xq::nnue_train {

void extract_features(const Entry& e, Features& out, bool mirror_board) {
  EntryPiece placed[32];
  const int n = entry_pieces(e, placed);
  if (mirror_board)
    for (int i = 0; i < n; ++i) placed[i].square = make_square(FILE_NB - 1 - file_of(placed[i].square), rank_of(placed[i].square));
  Square king[COLOR_NB] = {SQ_NONE, SQ_NONE};
  for (int i = 0; i < n; ++i)
    if (type_of(placed[i].piece) == KING) king[color_of(placed[i].piece)] = placed[i].square;
  const Color us = Color(e.side), them = ~us;
  const bool mirror_us = nnue::mirrored(us, king[us]), mirror_them = nnue::mirrored(them, king[them]);
  out.count = n;
  for (int i = 0; i < n; ++i) {
    out.us[i] = std::uint16_t(nnue::feature_index(us, mirror_us, placed[i].piece, placed[i].square));
    out.them[i] = std::uint16_t(nnue::feature_index(them, mirror_them, placed[i].piece, placed[i].square));
  }
}

FloatNetwork FloatNetwork::random(std::uint64_t seed) {
  FloatNetwork net;
  std::mt19937_64 rng(seed);
  // Our own uniform draw: std::uniform_real_distribution may differ between libraries.
  const auto uniform = [&](float range) { return float((double(rng() >> 11) * 0x1.0p-53 * 2 - 1) * range); };
  for (std::size_t i = FT_WEIGHTS; i < FT_BIAS; ++i) net.params[i] = uniform(0.1f);
  // One draw per weight of the first bucket, copied into the others: the buckets start as one
  // output layer and part only where the data makes them.
  for (std::size_t i = OUT_WEIGHTS; i < OUT_WEIGHTS + 2 * L1; ++i) net.params[i] = uniform(1.0f / std::sqrt(float(2 * L1)));
  for (int b = 1; b < OUT_BUCKETS; ++b)
    std::copy_n(net.params.begin() + std::ptrdiff_t(OUT_WEIGHTS), 2 * L1,
                net.params.begin() + std::ptrdiff_t(OUT_WEIGHTS + std::size_t(b) * 2 * L1));
  return net;
}

FloatNetwork FloatNetwork::from_network(const nnue::Network& n) {
  FloatNetwork net;
  float* p = net.params.data();
  for (std::size_t i = 0; i < n.ft_weights.size(); ++i) p[FT_WEIGHTS + i] = float(n.ft_weights[i]) / nnue::QA;
  for (std::size_t i = 0; i < n.ft_bias.size(); ++i) p[FT_BIAS + i] = float(n.ft_bias[i]) / nnue::QA;
  for (std::size_t i = 0; i < n.out_weights.size(); ++i) p[OUT_WEIGHTS + i] = float(n.out_weights[i]) / nnue::QB;
  for (int b = 0; b < OUT_BUCKETS; ++b)
    p[OUT_BIAS + std::size_t(b)] = float(double(n.out_bias[std::size_t(b)]) / (double(nnue::QA) * nnue::QB));
  return net;
}

void FloatNetwork::effective_weights(float* out, int first, int last) const {
  for (int f = first; f < last; ++f) {
    const float* row = params.data() + FT_WEIGHTS + std::size_t(f) * L1;
    const float* factor = params.data() + FACTOR_WEIGHTS + std::size_t(factor_of(f)) * L1;
    float* dest = out + std::size_t(f) * L1;
    for (int j = 0; j < L1; ++j) dest[j] = row[j] + factor[j];
  }
}

void FloatNetwork::clip_feature_weights(int first, int last) {
  float* factors = params.data() + FACTOR_WEIGHTS;
  for (int k = factor_of(first); k <= factor_of(last - 1); ++k)
    for (int j = 0; j < L1; ++j) {
      float& x = factors[std::size_t(k) * L1 + std::size_t(j)];
      x = std::clamp(x, -WEIGHT_CLIP, WEIGHT_CLIP);
    }
  for (int f = first; f < last; ++f) {
    float* row = params.data() + FT_WEIGHTS + std::size_t(f) * L1;
    const float* factor = factors + std::size_t(factor_of(f)) * L1;
    for (int j = 0; j < L1; ++j) row[j] = std::clamp(row[j], -WEIGHT_CLIP - factor[j], WEIGHT_CLIP - factor[j]);
  }
}

float FloatNetwork::evaluate(const Entry& e) const {
  Features f;
  extract_features(e, f);
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
  nnue::Network n;
  const std::vector<float>& p = net.params;
  n.ft_weights.resize(std::size_t(N_IN) * L1);
  n.ft_bias.resize(L1);
  n.out_weights.resize(std::size_t(OUT_BUCKETS) * 2 * L1);
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
