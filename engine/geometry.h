// How two squares of the board lie to each other, as bits in a table: what the legality and
// check tests ask of a move's squares and a king's. One byte read instead of both squares'
// coordinates and their differences.
#pragma once

#include <array>
#include <cstdint>

#include "types.h"

namespace xq {

enum Relation : std::uint8_t {
  SAME_FILE = 1,
  SAME_RANK = 2,
  DIAGONAL_NEIGHBOUR = 4,
  HORSE_APART = 8,  // a horse's step apart, whatever stands between
  ORTHOGONAL_NEIGHBOUR = 16,
};

inline constexpr auto RELATION = [] {
  std::array<std::array<std::uint8_t, SQUARE_NB>, SQUARE_NB> t{};
  for (Square k = 0; k < SQUARE_NB; ++k)
    for (Square s = 0; s < SQUARE_NB; ++s) {
      const int df = file_of(s) - file_of(k), dr = rank_of(s) - rank_of(k);
      const int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
      t[k][s] = std::uint8_t((df == 0 ? SAME_FILE : 0) | (dr == 0 ? SAME_RANK : 0) |
                             (adf == 1 && adr == 1 ? DIAGONAL_NEIGHBOUR : 0) |
                             ((adf == 1 && adr == 2) || (adf == 2 && adr == 1) ? HORSE_APART : 0) |
                             (adf + adr == 1 ? ORTHOGONAL_NEIGHBOUR : 0));
    }
  return t;
}();

// How square s lies to square k (the relation is symmetric).
inline unsigned relation(Square k, Square s) { return RELATION[k][s]; }

}  // namespace xq
