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

// Reads "placement side [extra fields]". Side is w or r for Red, b for Black.
// Letters K A B/E N/H R C P, upper case Red. On error `pos` is left exactly as it was.
FenResult set_fen(Position& pos, std::string_view fen, FenOptions opts = {});
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
