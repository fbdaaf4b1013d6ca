// FEN and ICCS coordinate moves, in and out. Parsers never change their target on error:
// they build the result aside and only commit it when everything checked out.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace xq {

struct FenOptions {
  // Reject placements that cannot arise in play (elephant or advisor off its points,
  // pawn behind its start or on a file it cannot have reached) instead of warning.
  bool strict = false;
};

struct FenResult {
  bool ok = false;
  std::string error;                  // set when !ok: names what is wrong
  std::vector<std::string> warnings;  // unusual but rule-defined placements
};

// Reads "placement side - - halfmove fullmove". Side is w or r for Red, b for Black.
// Letters K A B/E N/H R C P, upper case Red. Fields 3-6 may be left off from the right: the
// counters then default to 0 and 1. Fields 3 and 4 (castling, en passant in chess) must be '-';
// the halfmove clock (plies since the last capture) and the fullmove number are digits only,
// at most 100000000; a fullmove number of 0, which some writers use, reads as 1. More than six
// fields is an error. On error `pos` is left exactly as it was.
FenResult set_fen(Position& pos, std::string_view fen, FenOptions opts = {});
// Always all six fields: "placement w|b - - <rule60_count> <fullmove_number>".
std::string to_fen(const Position& pos);

struct MoveResult {
  Move move = MOVE_NONE;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

// Parses an ICCS move ("h2e2") and checks that it is legal in `pos`.
MoveResult parse_move(Position& pos, std::string_view text);

char piece_to_char(Piece p);  // 'K', 'a', ... ; '.' for empty
std::string board_diagram(const Position& pos);  // a text picture of the board

}  // namespace xq
