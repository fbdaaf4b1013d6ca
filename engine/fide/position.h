// The chess position: bitboards plus a mailbox, side to move, and a stack of per-ply states
// (key, castling rights, en-passant square, clocks, captured piece, irreversible marker).
// make/unmake keep everything incremental; the draw rules read the stack.
#pragma once

#include <vector>

#include "bitboard.h"
#include "types.h"

namespace xq::fide {

// One entry per ply: entry 0 is the root position, entry i the position after the i-th move.
struct StateInfo {
  Key key = 0;
  Move move = MOVE_NONE;    // the move that led here
  Piece captured = NO_PIECE;  // piece it captured (the pawn, for en passant), for unmake
  int castling = NO_CASTLING;
  // The en-passant target square, kept only while some en-passant capture is legal: the
  // key and FEN output follow it, so positions compare as FIDE 9.2.3 says.
  Square ep_square = SQ_NONE;
  int halfmove_clock = 0;     // plies since the last capture or pawn move (fifty-move rule)
  // Plies since the last irreversible move, or since the root when there was none: how far
  // back a repetition scan has to look. Counted separately from halfmove_clock because losing
  // a castling right also makes every earlier position unreachable.
  int reversible_plies = 0;
  bool irreversible = false;  // capture, pawn move, or a move that changed castling rights
  Bitboard checkers = 0;      // pieces giving check to the side to move here
};

class Position {
 public:
  Position();  // the standard start position

  static constexpr const char* START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  // Board queries.
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Color side_to_move() const { return side_; }
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }

  // State of the current ply.
  const StateInfo& st() const { return history_.back(); }
  Key key() const { return st().key; }
  Key compute_key() const;  // from scratch; tests compare it with the incremental key
  int castling_rights() const { return st().castling; }
  Square ep_square() const { return st().ep_square; }
  int halfmove_clock() const { return st().halfmove_clock; }
  int fullmove_number() const;
  Bitboard checkers() const { return st().checkers; }
  bool in_check() const { return st().checkers != 0; }

  // Attacks. `occ` lets callers ask "what if these squares were empty" (king moves, en passant).
  Bitboard attackers_to(Square s, Bitboard occ) const;
  bool attacked_by(Color c, Square s, Bitboard occ) const { return (attackers_to(s, occ) & pieces(c)) != 0; }
  // Pieces of colour c that are the only piece between their own king and an enemy slider.
  Bitboard pinned(Color c) const;
  // Whether the side to move's pawn on `from` may legally take en passant onto `ep`.
  bool ep_capture_legal(Square from, Square ep) const;

  bool is_capture(Move m) const { return kind_of(m) == EN_PASSANT || (kind_of(m) != CASTLING && !empty(to_sq(m))); }
  void do_move(Move m);  // m must be legal
  void undo_move();

  // History: entry 0 is the root; game_ply() moves have been played since.
  const std::vector<StateInfo>& history() const { return history_; }
  int game_ply() const { return int(history_.size()) - 1; }

  // Set-up, used by the FEN reader (which validates first): clear the board, place pieces,
  // then finish_setup() computes checkers and the key and makes this the root of a new history.
  // An en-passant candidate no pawn can legally use is dropped.
  void clear();
  void put_piece(Piece p, Square s);
  void finish_setup(Color side, int castling, Square ep_candidate, int halfmove, int fullmove);

 private:
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  Square legal_ep_square(Square ep_candidate) const;

  Piece board_[SQUARE_NB];
  Bitboard by_color_[COLOR_NB];
  Bitboard by_type_[PIECE_TYPE_NB];
  Color side_ = WHITE;
  int root_fullmove_ = 1;
  Color root_side_ = WHITE;
  std::vector<StateInfo> history_;
};

}  // namespace xq::fide
