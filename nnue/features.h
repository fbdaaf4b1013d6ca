// The network's input features (nnue/README.md). A piece-square feature is one per
// (perspective, piece, square): 2 colours x 7 types x 90 squares = 1260 per perspective. Each
// side sees the board from its own side (ranks flipped for Black) and mirrored left-right when
// its own king stands on files f-i, so that the king is always on files a-e: what the network
// learns about one wing serves both.
// A network with king buckets has one block of 1260 rows per palace square of the side's own
// king (after the mirror: d or e file, three ranks), 6 blocks: what a rook on the open file is
// worth depends on whether the king stands on that file. A network without them (the files up
// to gen14) has one block, used whatever the king's square.
// The trainer (tools/) uses these same functions, so engine and trainer cannot disagree.
#pragma once

#include <array>
#include <cstdint>

#include "engine/types.h"

namespace xq::nnue {

constexpr int PS_IN = 2 * 7 * SQUARE_NB;  // 1260 piece-square inputs per perspective and king block
constexpr int KING_BUCKETS = 6;           // king blocks of a network that has them
constexpr int N_IN = KING_BUCKETS * PS_IN;  // 7560: the most rows a network has
constexpr int L1 = 256;                   // accumulator width per perspective

// The square as perspective p sees it: unchanged for Red, rank flipped for Black.
constexpr Square orient(Square s, Color p) {
  return p == RED ? s : make_square(file_of(s), RANK_NB - 1 - rank_of(s));
}

// Whether perspective p sees the board mirrored left-right: its own king (on own_king) stands
// right of the centre file in p's orientation. On the centre file there is no mirror.
constexpr bool mirrored(Color p, Square own_king) { return file_of(orient(own_king, p)) > 4; }

// The king block of perspective p whose king stands on own_king, in a network with king
// buckets: 2 x (rank in its palace) + (0 on the centre file, 1 beside it). A king outside the
// palace (no legal position has one) counts as the nearest palace square.
constexpr int king_bucket(Color p, Square own_king) {
  const Square o = orient(own_king, p);
  const int rank = rank_of(o) < 2 ? rank_of(o) : 2;
  return 2 * rank + (file_of(o) == 4 ? 0 : 1);
}

// What the accumulator of perspective p depends on besides the pieces: its mirror flag and,
// in a network with king buckets, its king block; slot = 2 x block + mirror. A king move that
// keeps the slot keeps the rows of every other piece; one that changes it means a rebuild.
constexpr int king_slot(Color p, Square own_king, bool king_buckets) {
  return 2 * (king_buckets ? king_bucket(p, own_king) : 0) + (mirrored(p, own_king) ? 1 : 0);
}
constexpr int SLOTS = 2 * KING_BUCKETS;

// king_slot for every argument, computed at compile time: the accumulator asks at every king
// move. KING_SLOT_TABLE[king_buckets][p][own_king].
inline constexpr auto KING_SLOT_TABLE = [] {
  std::array<std::array<std::array<std::uint8_t, SQUARE_NB>, COLOR_NB>, 2> t{};
  for (int kb = 0; kb < 2; ++kb)
    for (Color p : {RED, BLACK})
      for (Square s = 0; s < SQUARE_NB; ++s) t[kb][p][s] = std::uint8_t(king_slot(p, s, kb != 0));
  return t;
}();

// Piece-square index (0..PS_IN) of `piece` on s for perspective p whose mirror flag is `mirror`.
constexpr int ps_index(Color p, bool mirror, Piece piece, Square s) {
  Square o = orient(s, p);
  if (mirror) o = make_square(FILE_NB - 1 - file_of(o), rank_of(o));
  const int rel = color_of(piece) == p ? 0 : 1;
  const int t = int(type_of(piece)) - 1;  // KING = 0 .. PAWN = 6
  return (rel * 7 + t) * SQUARE_NB + o;
}

// The row of every (perspective, king slot, piece, square): the accumulator's updates ask for
// three rows per move and perspective, and the arithmetic (two divisions by 9, a flip, the
// block's offset) costs more than the table's one load. A search touches one or two slots per
// side, 2.9 KB of the table each. Filled when the program starts, not at compile time: its
// 35,000 entries are past clang's limit on constant evaluation.
// FEATURE_TABLE[p][slot][piece][s]; pieces without a type are 0.
inline const auto FEATURE_TABLE = [] {
  std::array<std::array<std::array<std::array<std::int16_t, SQUARE_NB>, PIECE_NB>, SLOTS>, COLOR_NB> t{};
  for (Color p : {RED, BLACK})
    for (int slot = 0; slot < SLOTS; ++slot)
      for (int piece = 0; piece < PIECE_NB; ++piece) {
        const int type = type_of(Piece(piece));
        if (type == NO_PIECE_TYPE || type >= PIECE_TYPE_NB) continue;
        for (Square s = 0; s < SQUARE_NB; ++s)
          t[p][slot][piece][s] = std::int16_t((slot >> 1) * PS_IN + ps_index(p, (slot & 1) != 0, Piece(piece), s));
      }
  return t;
}();

// The row of `piece` on s for perspective p in king slot `slot` (king_slot).
inline int feature(Color p, int slot, Piece piece, Square s) { return FEATURE_TABLE[p][slot][piece][s]; }

// The row with the slot taken from p's own king square.
constexpr int feature_index(Color p, Square own_king, bool king_buckets, Piece piece, Square s) {
  return (king_buckets ? king_bucket(p, own_king) : 0) * PS_IN + ps_index(p, mirrored(p, own_king), piece, s);
}

}  // namespace xq::nnue
