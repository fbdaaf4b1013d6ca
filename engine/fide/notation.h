// FEN and UCI long-algebraic moves for the chess model, in and out. Parsers never change their
// target on error: they build the result aside and commit it only when everything checked out.
#pragma once

#include <string>
#include <string_view>

#include "position.h"

namespace xq::fide {

struct FenResult {
  bool ok = false;
  std::string error;  // set when !ok: names what is wrong
};

// Reads "placement side castling ep [halfmove fullmove]". The two counters may be left out
// (0 and 1 then), as many tools do. Castling uses the standard letters KQkq or "-"; a right
// whose king or rook is not on its home square is an error. An en-passant square must be
// consistent with a double push just made; if no pawn can legally take there, it is accepted
// and dropped (it changes no possible move). On error `pos` is left exactly as it was.
FenResult set_fen(Position& pos, std::string_view fen);

// The en-passant field is written only when an en-passant capture is legal (as the key).
std::string to_fen(const Position& pos);

struct MoveResult {
  Move move = MOVE_NONE;
  std::string error;  // empty on success; says "malformed" or "illegal" and why
  bool ok() const { return error.empty(); }
};

// Parses a UCI move ("e2e4", "e7e8q", "e1g1") and checks that it is legal in `pos`.
MoveResult parse_uci_move(const Position& pos, std::string_view text);

char piece_to_char(Piece p);                     // 'K', 'p', ...; '.' for empty
std::string board_diagram(const Position& pos);  // a text picture of the board, White at the bottom

}  // namespace xq::fide
