#include "attacks.h"

namespace xq {

LineOccupancy LineOccupancy::of(SquareSet occupied) {
  LineOccupancy lines;
  while (occupied) lines.flip(pop_lsb(occupied));
  return lines;
}

namespace attacks {

unsigned rank_bits(SquareSet occupied, int rank) { return unsigned(occupied >> (rank * FILE_NB)) & 0x1FF; }

unsigned file_bits(SquareSet occupied, int file) {
  unsigned bits = 0;
  for (int r = 0; r < RANK_NB; ++r) bits |= unsigned(contains(occupied, make_square(file, r))) << r;
  return bits;
}

SquareSet rook(Square s, const LineOccupancy& lines) {
  const SliderHits h = slider(s, lines);
  return rank_set(rank_of(s), h.rank.reach) | file_set(file_of(s), h.file.reach);
}

SquareSet cannon_captures(Square s, const LineOccupancy& lines) {
  const SliderHits h = slider(s, lines);
  return rank_set(rank_of(s), h.rank.jump) | file_set(file_of(s), h.file.jump);
}

SquareSet between(Square a, Square b) {
  // The bits strictly between bit i and bit j of one line.
  auto inner = [](int i, int j) {
    const int lo = i < j ? i : j, hi = i < j ? j : i;
    return ((1u << hi) - 1) & ~((2u << lo) - 1);
  };
  if (a == b) return 0;
  if (rank_of(a) == rank_of(b)) return rank_set(rank_of(a), inner(file_of(a), file_of(b)));
  if (file_of(a) == file_of(b)) return file_set(file_of(a), inner(rank_of(a), rank_of(b)));
  return 0;
}

}  // namespace attacks

}  // namespace xq
