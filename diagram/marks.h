// What a diagram says about the play: the move's arrow, the rings on chasing, chased and
// checking pieces, and thin lines from each attacker to its victim, so a reader sees which piece
// chased which without reading the ruling's words.
#pragma once

#include <string>
#include <vector>

#include "diagram/geometry.h"
#include "diagram/svg_writer.h"
#include "engine/position.h"

namespace xq::diagram {

struct Marks {
  std::vector<Move> arrows;   // a move's arrow, from its origin to its destination
  SquareSet chasing = 0;      // a solid ring: the pieces that chase
  SquareSet chased = 0;       // a dashed ring: the pieces chased
  SquareSet checking = 0;     // a ring in the check colour: the pieces giving check
  // Thin dashed lines from an attacker (the move's from) to its victim (its to): the chases
  // in the chased ring's colour, the checks in the check colour.
  std::vector<Move> chase_lines, check_lines;
};

enum class MarkKind { Chasing, Chased, Checking };

// A ring's colour, width and dashes: the same on the board and in a strip's legend.
std::string ring_style(const Geometry& g, MarkKind kind);

// The marks of the move that led to `pos`: its arrow, the victims the judge recorded for it
// (judge::play or record_move must have filled in pos.st().judge) with their attackers, and the
// pieces that give check. The start of a game has no move: no arrow, only a check if any.
Marks move_marks(const Position& pos);

// Where an arrow for a move ends: on the rim of the piece that arrived, so its character stays
// readable. Exposed for the tests.
Point arrow_tip(const Geometry& g, Move m);

// Lines go under the pieces (they run from centre to centre), rings and arrows over them.
void draw_attack_lines(SvgWriter& w, const Geometry& g, const Marks& marks);
void draw_rings_and_arrows(SvgWriter& w, const Geometry& g, const Marks& marks);

}  // namespace xq::diagram
