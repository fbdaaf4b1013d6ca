// Vocabulary of the western-chess (FIDE) model: squares, pieces, moves, castling rights, keys.
// Deliberately separate from the Xiangqi vocabulary in engine/types.h: the boards, pieces and
// move encodings differ, and sharing names across them would invite mix-ups.
#pragma once

#include <cstdint>
#include <string>

namespace xq::fide {

using Key = std::uint64_t;
using Bitboard = std::uint64_t;

// Square index = rank * 8 + file; a1 = 0, h1 = 7, a8 = 56, h8 = 63.
using Square = int;
constexpr Square SQ_NONE = -1;
constexpr int SQUARE_NB = 64;

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return rank * 8 + file; }
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
// a1 is dark; a square is light when file + rank is odd.
constexpr bool is_light(Square s) { return ((file_of(s) + rank_of(s)) & 1) != 0; }

enum Color : int { WHITE, BLACK, COLOR_NB };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : int { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB };

// Piece = color * 8 + type; 0 is "empty".
enum Piece : int { NO_PIECE = 0, PIECE_NB = 16 };
constexpr Piece make_piece(Color c, PieceType t) { return Piece(c * 8 + t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Castling rights as four bits, so the Zobrist table has one key per combination.
enum CastlingRights : int {
  NO_CASTLING = 0,
  WHITE_OO = 1,
  WHITE_OOO = 2,
  BLACK_OO = 4,
  BLACK_OOO = 8,
  ALL_CASTLING = 15,
  CASTLING_NB = 16
};

// Move = from | to << 6 | (promotion type - KNIGHT) << 12 | kind << 14.
// Castling is written as the king's two-square step (e1g1), as UCI does.
enum MoveKind : int { NORMAL = 0, PROMOTION = 1, EN_PASSANT = 2, CASTLING = 3 };
enum Move : std::uint16_t { MOVE_NONE = 0 };

constexpr Move make_move(Square from, Square to, MoveKind kind = NORMAL, PieceType promo = KNIGHT) {
  return Move(from | (to << 6) | ((promo - KNIGHT) << 12) | (kind << 14));
}
constexpr Square from_sq(Move m) { return m & 63; }
constexpr Square to_sq(Move m) { return (m >> 6) & 63; }
constexpr MoveKind kind_of(Move m) { return MoveKind(m >> 14); }
constexpr PieceType promotion_type(Move m) { return PieceType(((m >> 12) & 3) + KNIGHT); }
constexpr bool is_ok(Move m) { return from_sq(m) != to_sq(m); }

inline std::string square_to_string(Square s) {
  return std::string{char('a' + file_of(s)), char('1' + rank_of(s))};
}

// UCI long algebraic text: "e2e4", "e7e8q", "e1g1"; "0000" for no move.
inline std::string move_to_uci(Move m) {
  if (!is_ok(m)) return "0000";
  std::string s = square_to_string(from_sq(m)) + square_to_string(to_sq(m));
  if (kind_of(m) == PROMOTION) s += " pnbrqk"[promotion_type(m)];
  return s;
}

}  // namespace xq::fide
