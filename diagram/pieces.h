// The pieces: ivory discs ringed and lettered in their side's ink, with the characters of a
// traditional set (each side has its own for the king, advisor, elephant, horse, rook, cannon and
// pawn, so the two armies read apart even in one colour).
#pragma once

#include <string>

#include "diagram/geometry.h"
#include "diagram/svg_writer.h"
#include "engine/position.h"

namespace xq::diagram {

// 帥仕相傌俥炮兵 for Red, 將士象馬車砲卒 for Black, as UTF-8; "" for no piece.
const char* piece_character(Piece p);
const char* ink(Color c);

// One piece on square `sq`, as a group with class "piece <color> <type>" and data-square
// (ICCS), so a page or a test can find it.
void draw_piece(SvgWriter& w, const Geometry& g, Piece p, Square sq);
void draw_pieces(SvgWriter& w, const Geometry& g, const Position& pos);

}  // namespace xq::diagram
