// Xiangqi diagrams as SVG text (issue 22): a position in the traditional style with the last
// move's arrow and the judge's marks, and a ruling's repeating cycle as a strip of such
// diagrams. Pure functions, no I/O and no exceptions beyond std::bad_alloc, so that the same
// code draws for xqdiagram, libxqjudge and the browser build.
#pragma once

#include <string>
#include <vector>

#include "diagram/marks.h"
#include "diagram/options.h"
#include "engine/position.h"
#include "judge/game_review.h"

namespace xq::diagram {

// The diagram's elements without the document around them, the board's top left corner at
// (0, 0): for pictures made of several boards (cycle_strip.h).
void draw_position(SvgWriter& w, const Geometry& g, const Position& pos, const Marks& marks, const Options& opts);

// A standalone SVG document of the position with these marks (opts.arrow and opts.marks
// filter them).
std::string position_svg(const Position& pos, const Marks& marks, const Options& opts);

// The position after `ply` of `moves` (0: the start), with that move's arrow and the marks the
// judge gives it (move_marks). `start` is the game's start position; the moves must be legal
// from it and 0 <= ply <= moves.size().
std::string game_position_svg(const Position& start, const std::vector<Move>& moves, int ply, const Options& opts);

// `start` as the root of a fresh history with the judge's data recorded, ready for judge::play
// (move_marks reads what the judge records for each move).
Position judged_root(const Position& start);

}  // namespace xq::diagram
