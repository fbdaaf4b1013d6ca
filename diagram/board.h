// The empty board: wood, the 9 x 10 lines, the river with its words, the palaces' diagonals,
// the cannon and pawn points, and the edge labels.
#pragma once

#include "diagram/geometry.h"
#include "diagram/options.h"
#include "diagram/svg_writer.h"

namespace xq::diagram {

void draw_board(SvgWriter& w, const Geometry& g, const Options& opts);

}  // namespace xq::diagram
