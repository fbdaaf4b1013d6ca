// splitmix64: the fixed-seed generator behind both variants' Zobrist tables (constexpr, so the
// keys are built at compile time and never vary between runs or builds).
#pragma once

#include <cstdint>

namespace xq {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace xq
