// Bitboard helpers and attack tables, built at compile time (no init order to worry about).
// Sliding attacks use the classical ray method: a ray is cut at its first blocker, found
// with one bit scan. Slower than magics but small, obviously correct and fast enough.
#pragma once

#include <array>

#include "types.h"

namespace xq::fide {

inline int popcount(Bitboard b) { return __builtin_popcountll(b); }
inline Square lsb(Bitboard b) { return __builtin_ctzll(b); }
inline Square msb(Bitboard b) { return 63 - __builtin_clzll(b); }
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

constexpr Bitboard RANK_1 = 0xFFULL;
constexpr Bitboard rank_bb(int r) { return RANK_1 << (8 * r); }
constexpr Bitboard LIGHT_SQUARES = 0x55AA55AA55AA55AAULL;

namespace tables {

// The eight directions; the first four run towards higher square indices.
enum Dir : int { NORTH, NORTH_EAST, EAST, NORTH_WEST, SOUTH, SOUTH_WEST, WEST, SOUTH_EAST, DIR_NB };
constexpr int DF[DIR_NB] = {0, 1, 1, -1, 0, -1, -1, 1};
constexpr int DR[DIR_NB] = {1, 1, 0, 1, -1, -1, 0, -1};

constexpr bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

// Squares reached from s by the given (file, rank) steps, each taken once.
template <int N>
constexpr Bitboard leaper(Square s, const int (&steps)[N][2]) {
  Bitboard b = 0;
  for (const auto& st : steps) {
    const int f = file_of(s) + st[0], r = rank_of(s) + st[1];
    if (on_board(f, r)) b |= square_bb(make_square(f, r));
  }
  return b;
}

struct Tables {
  std::array<std::array<Bitboard, SQUARE_NB>, DIR_NB> ray{};
  std::array<Bitboard, SQUARE_NB> knight{}, king{};
  std::array<std::array<Bitboard, SQUARE_NB>, COLOR_NB> pawn{};
  std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB> between{};  // exclusive of both ends
  std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB> line{};     // whole line through both, or 0
};

constexpr Tables make_tables() {
  Tables t{};
  constexpr int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int king_steps[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
  constexpr int white_pawn[2][2] = {{-1, 1}, {1, 1}};
  constexpr int black_pawn[2][2] = {{-1, -1}, {1, -1}};
  for (Square s = 0; s < SQUARE_NB; ++s) {
    t.knight[s] = leaper(s, knight_steps);
    t.king[s] = leaper(s, king_steps);
    t.pawn[WHITE][s] = leaper(s, white_pawn);
    t.pawn[BLACK][s] = leaper(s, black_pawn);
    for (int d = 0; d < DIR_NB; ++d) {
      Bitboard path = 0;
      for (int f = file_of(s) + DF[d], r = rank_of(s) + DR[d]; on_board(f, r); f += DF[d], r += DR[d]) {
        const Square to = make_square(f, r);
        t.between[s][to] = path;
        path |= square_bb(to);
      }
      t.ray[d][s] = path;
    }
  }
  for (Square a = 0; a < SQUARE_NB; ++a)
    for (int d = 0; d < DIR_NB; ++d)
      for (Bitboard b = t.ray[d][a]; b; b &= b - 1) {
        const Square to = __builtin_ctzll(b);
        t.line[a][to] = t.ray[d][a] | t.ray[(d + 4) % DIR_NB][a] | square_bb(a);
      }
  return t;
}

inline constexpr Tables T = make_tables();

template <int D>
inline Bitboard slide(Square s, Bitboard occ) {
  Bitboard r = T.ray[D][s];
  const Bitboard blockers = r & occ;
  if (blockers) r ^= T.ray[D][D < SOUTH ? lsb(blockers) : msb(blockers)];
  return r;
}

}  // namespace tables

inline Bitboard knight_attacks(Square s) { return tables::T.knight[s]; }
inline Bitboard king_attacks(Square s) { return tables::T.king[s]; }
inline Bitboard pawn_attacks(Color c, Square s) { return tables::T.pawn[c][s]; }
inline Bitboard between_bb(Square a, Square b) { return tables::T.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return tables::T.line[a][b]; }

inline Bitboard rook_attacks(Square s, Bitboard occ) {
  using namespace tables;
  return slide<NORTH>(s, occ) | slide<EAST>(s, occ) | slide<SOUTH>(s, occ) | slide<WEST>(s, occ);
}
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  using namespace tables;
  return slide<NORTH_EAST>(s, occ) | slide<NORTH_WEST>(s, occ) | slide<SOUTH_EAST>(s, occ) |
         slide<SOUTH_WEST>(s, occ);
}

}  // namespace xq::fide
