// Zobrist keys: one random 64-bit number per (piece, square) and one for Black to move.
// Generated at compile time from a fixed seed, so keys (and bench signatures) never vary.
#pragma once

#include <array>

#include "types.h"

namespace xq::zobrist {

namespace detail {

constexpr Key splitmix64(Key& state) {
  Key z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

struct Keys {
  std::array<std::array<Key, SQUARE_NB>, PIECE_NB> psq{};
  Key side = 0;
};

constexpr Keys make_keys() {
  Keys k{};
  Key state = 0x5851F42D4C957F2DULL;
  for (auto& row : k.psq)
    for (auto& key : row) key = splitmix64(state);
  k.side = splitmix64(state);
  return k;
}

inline constexpr Keys KEYS = make_keys();

}  // namespace detail

inline Key piece_square(Piece p, Square s) { return detail::KEYS.psq[p][s]; }
inline Key side() { return detail::KEYS.side; }

}  // namespace xq::zobrist
