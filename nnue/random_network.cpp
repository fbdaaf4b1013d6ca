#include "random_network.h"

#include <algorithm>
#include <span>

#include "engine/random.h"

namespace xq::nnue {

namespace {

int uniform(std::uint64_t& state, int range) {
  return int(splitmix64(state) % std::uint64_t(2 * range + 1)) - range;
}

void fill(std::span<std::int16_t> v, std::uint64_t& state, int range) {
  for (auto& x : v) x = std::int16_t(uniform(state, range));
}

}  // namespace

Network random_network(std::uint64_t seed, int ft_range, int out_range, std::string description, bool king_buckets) {
  ft_range = std::clamp(ft_range, 0, FT_WEIGHT_LIMIT);
  out_range = std::clamp(out_range, 0, OUT_WEIGHT_LIMIT);
  Network net = zero_network(king_buckets);
  std::uint64_t state = seed;
  fill(net.ft_bias, state, ft_range);
  fill(net.ft_weights, state, ft_range);
  fill(net.out_weights, state, out_range);
  for (std::int32_t& b : net.out_bias) b = uniform(state, out_range * QA);
  net.description = std::move(description);
  return net;
}

}  // namespace xq::nnue
