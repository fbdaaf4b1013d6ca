// Shared vocabulary of the Xiangqi model: squares, pieces, moves, keys.
// Everything here is constexpr and header-only so that every layer speaks the same words.
#pragma once

#include <cstdint>
#include <string>

namespace xq {

using Key = std::uint64_t;

constexpr int FILE_NB = 9;
constexpr int RANK_NB = 10;
constexpr int SQUARE_NB = FILE_NB * RANK_NB;

// Square index = rank * 9 + file. Rank 0 is Red's back rank, file 0 is file 'a' (ICCS).
using Square = int;
constexpr Square SQ_NONE = -1;

// File and rank by table: the hot paths (move generation, legality, gives-check) ask for them
// at every step, and a load is one instruction where the division by 9 is four or five. The
// tables hold exactly what % and / give for every index a Move's 7-bit squares can carry, and
// for SQ_NONE, so no caller sees a difference.
namespace detail {
constexpr int SQUARE_TABLE_MIN = SQ_NONE, SQUARE_TABLE_MAX = 127;
struct SquareCoordinates {
  std::int8_t file[SQUARE_TABLE_MAX - SQUARE_TABLE_MIN + 1];
  std::int8_t rank[SQUARE_TABLE_MAX - SQUARE_TABLE_MIN + 1];
};
inline constexpr SquareCoordinates SQUARE_COORDINATES = [] {
  SquareCoordinates c{};
  for (int s = SQUARE_TABLE_MIN; s <= SQUARE_TABLE_MAX; ++s) {
    c.file[s - SQUARE_TABLE_MIN] = std::int8_t(s % FILE_NB);
    c.rank[s - SQUARE_TABLE_MIN] = std::int8_t(s / FILE_NB);
  }
  return c;
}();
}  // namespace detail

constexpr int file_of(Square s) { return detail::SQUARE_COORDINATES.file[s - detail::SQUARE_TABLE_MIN]; }
constexpr int rank_of(Square s) { return detail::SQUARE_COORDINATES.rank[s - detail::SQUARE_TABLE_MIN]; }
constexpr Square make_square(int file, int rank) { return rank * FILE_NB + file; }
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < FILE_NB && rank >= 0 && rank < RANK_NB;
}

enum Color : int { RED, BLACK, COLOR_NB };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : int { NO_PIECE_TYPE, KING, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN, PIECE_TYPE_NB };

// Piece = color * 8 + type; 0 is "empty".
enum Piece : int { NO_PIECE = 0, PIECE_NB = 16 };
constexpr Piece make_piece(Color c, PieceType t) { return Piece(c * 8 + t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Lower-case names for messages: "red", "black"; "king", ..., "pawn" ("none" for no type).
constexpr const char* color_name(Color c) { return c == RED ? "red" : "black"; }
// The side as a sentence names it: "Red", "Black".
constexpr const char* side_name(Color c) { return c == RED ? "Red" : "Black"; }
constexpr const char* type_name(PieceType t) {
  constexpr const char* names[] = {"none", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"};
  return names[t];
}

// How many of each type a side starts with; a FEN with more is rejected.
constexpr int max_count(PieceType t) {
  return t == KING ? 1 : t == PAWN ? 5 : 2;
}

// The river lies between ranks 4 and 5: Red's half is ranks 0-4.
constexpr bool on_own_half(Color c, Square s) {
  return c == RED ? rank_of(s) <= 4 : rank_of(s) >= 5;
}
constexpr bool in_palace(Color c, Square s) {
  const int f = file_of(s), r = rank_of(s);
  return f >= 3 && f <= 5 && (c == RED ? r <= 2 : r >= 7);
}
// A pawn moves sideways only once it has crossed the river.
constexpr bool pawn_crossed(Color c, Square s) { return !on_own_half(c, s); }

// Move = from | to << 7. MOVE_NONE has from == to, which no real move has.
enum Move : std::uint16_t { MOVE_NONE = 0 };
constexpr Move make_move(Square from, Square to) { return Move(from | (to << 7)); }
constexpr Square from_sq(Move m) { return m & 0x7F; }
constexpr Square to_sq(Move m) { return (m >> 7) & 0x7F; }
constexpr bool is_ok(Move m) { return from_sq(m) != to_sq(m); }

// ICCS coordinate text of a square ("e0") and a move ("h2e2").
inline std::string square_to_string(Square s) {
  return std::string{char('a' + file_of(s)), char('0' + rank_of(s))};
}
inline std::string move_to_string(Move m) {
  if (!is_ok(m)) return "0000";
  return square_to_string(from_sq(m)) + square_to_string(to_sq(m));
}

// A set of squares as a 128-bit mask: the judge's chased sets and attack sets.
__extension__ using SquareSet = unsigned __int128;
// By table too: a 128-bit shift by a variable count is six or seven instructions, two loads
// read the same bit. Every index a 128-bit set has is covered.
namespace detail {
struct SquareBits {
  SquareSet bit[128];
};
inline constexpr SquareBits SQUARE_BITS = [] {
  SquareBits t{};
  for (int s = 0; s < 128; ++s) t.bit[s] = SquareSet(1) << s;
  return t;
}();
}  // namespace detail
constexpr SquareSet square_bit(Square s) { return detail::SQUARE_BITS.bit[s]; }
constexpr bool contains(SquareSet set, Square s) { return (set & square_bit(s)) != 0; }
inline int popcount(SquareSet b) {
  return __builtin_popcountll(std::uint64_t(b)) + __builtin_popcountll(std::uint64_t(b >> 64));
}
inline Square lsb(SquareSet b) {
  const auto lo = std::uint64_t(b);
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(std::uint64_t(b >> 64));
}
inline Square pop_lsb(SquareSet& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

// f(s) for every square of b, lowest first, as pop_lsb would give them, but as two loops over
// 64-bit halves: no 128-bit borrow and no test of which half per square.
template <typename F>
[[gnu::always_inline]] inline void for_each_square(SquareSet b, F f) {
  for (std::uint64_t lo = std::uint64_t(b); lo; lo &= lo - 1) f(Square(__builtin_ctzll(lo)));
  for (std::uint64_t hi = std::uint64_t(b >> 64); hi; hi &= hi - 1) f(Square(64 + __builtin_ctzll(hi)));
}

}  // namespace xq
