// The network's input features (nnue/README.md): one per (perspective, piece, square),
// 2 colours x 7 types x 90 squares = 1260 per perspective. Each side sees the board from its own
// side (ranks flipped for Black) and mirrored left-right when its own king stands on files f-i,
// so that the king is always on files a-e: what the network learns about one wing serves both.
// The trainer (tools/) uses these same functions, so engine and trainer cannot disagree.
#pragma once

#include <array>
#include <cstdint>

#include "engine/types.h"

namespace xq::nnue {

constexpr int N_IN = 2 * 7 * SQUARE_NB;  // 1260 inputs per perspective
constexpr int L1 = 256;                  // accumulator width per perspective

// The square as perspective p sees it: unchanged for Red, rank flipped for Black.
constexpr Square orient(Square s, Color p) {
  return p == RED ? s : make_square(file_of(s), RANK_NB - 1 - rank_of(s));
}

// Whether perspective p sees the board mirrored left-right: its own king (on own_king) stands
// right of the centre file in p's orientation. On the centre file there is no mirror.
constexpr bool mirrored(Color p, Square own_king) { return file_of(orient(own_king, p)) > 4; }

// Feature index of `piece` on s for perspective p whose mirror flag is `mirror`.
constexpr int feature_index(Color p, bool mirror, Piece piece, Square s) {
  Square o = orient(s, p);
  if (mirror) o = make_square(FILE_NB - 1 - file_of(o), rank_of(o));
  const int rel = color_of(piece) == p ? 0 : 1;
  const int t = int(type_of(piece)) - 1;  // KING = 0 .. PAWN = 6
  return (rel * 7 + t) * SQUARE_NB + o;
}

// feature_index for every argument, computed at compile time: the accumulator's updates ask
// for three indices per move, and the arithmetic (two divisions by 9 and a flip) costs more
// than the table's one load. FEATURE_TABLE[p][mirror][piece][s]; pieces without a type are 0.
inline constexpr auto FEATURE_TABLE = [] {
  std::array<std::array<std::array<std::array<std::int16_t, SQUARE_NB>, PIECE_NB>, 2>, COLOR_NB> t{};
  for (Color p : {RED, BLACK})
    for (int mirror = 0; mirror < 2; ++mirror)
      for (int piece = 0; piece < PIECE_NB; ++piece) {
        const int type = type_of(Piece(piece));
        if (type == NO_PIECE_TYPE || type >= PIECE_TYPE_NB) continue;
        for (Square s = 0; s < SQUARE_NB; ++s)
          t[p][mirror][piece][s] = std::int16_t(feature_index(p, mirror != 0, Piece(piece), s));
      }
  return t;
}();

inline int feature(Color p, bool mirror, Piece piece, Square s) { return FEATURE_TABLE[p][mirror][piece][s]; }

// feature_index with the mirror flag taken from p's own king square.
constexpr int feature_index(Color p, Square own_king, Piece piece, Square s) {
  return feature_index(p, mirrored(p, own_king), piece, s);
}

}  // namespace xq::nnue
