// Small random networks from a fixed seed: the placeholder default network (data/nnue/README.md)
// and the tests' networks. The same seed gives the same weights on every machine (splitmix64).
#pragma once

#include <cstdint>
#include <string>

#include "network.h"

namespace xq::nnue {

// Feature-transformer weights and biases uniform in [-ft_range, ft_range], output weights in
// [-out_range, out_range], output bias in [-out_range * QA, out_range * QA]. The ranges are
// clipped to the file format's limits. With king buckets unless told otherwise.
Network random_network(std::uint64_t seed, int ft_range, int out_range, std::string description, bool king_buckets = true);

}  // namespace xq::nnue
