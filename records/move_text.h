// One move as records write it, read against the legal moves of a position (and written back).
//   Iccs     coordinates: "h2e2", "H2-E2"; with ranks_from_one, the 1-10 ranks some programs write
//   Wxf      "C2.5", "C2=5", "C25", "H8+7", "+R+6" / "R++6" (front/rear marker before the letter or
//            in place of the file), "2P+1" (the second pawn from the front, for three to five),
//            letters K A E/B H/N R C P in either case, full-width forms folded first
//   Chinese  "炮二平五", "马８进７", "前卒进１", "二兵平三", "中兵进一", simplified or traditional
// A move is resolved by describing every legal move of the side to move the same way and
// keeping those that match: the position, not the text's conventions, decides. So a record
// that names a piece by its file where a marker was due still reads when only one move fits,
// and a text that fits two moves is refused as ambiguous.
#pragma once

#include <string>
#include <string_view>

#include "engine/notation.h"
#include "engine/position.h"

namespace xq::records {

enum class Notation { Unknown, Iccs, Wxf, Chinese };

const char* to_string(Notation n);

// The notation a move token is written in, from its shape alone (Unknown if none fits).
Notation notation_of(std::string_view token);

// Parses `text` in `notation` and checks it against pos's legal moves; pos is unchanged.
// The error names what failed: malformed text, no legal move matching, or several.
MoveResult read_move(Position& pos, std::string_view text, Notation notation, bool ranks_from_one = false);

// Writes a legal move of the side to move. Wxf uses the ASCII forms ("C2.5", "+P+1", "2P.4");
// Chinese uses Red's numerals and Black's full-width digits, simplified characters.
std::string write_move(Position& pos, Move m, Notation notation);

}  // namespace xq::records
