// Zobrist keys: one random 64-bit number per (piece, square) and one for Black to move.
// Generated at compile time from a fixed seed, so keys (and bench signatures) never vary.
#pragma once

#include <array>

#include "random.h"
#include "types.h"

namespace xq::zobrist {

namespace detail {

using xq::splitmix64;

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
