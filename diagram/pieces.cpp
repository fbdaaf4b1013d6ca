#include "diagram/pieces.h"

#include "diagram/palette.h"

namespace xq::diagram {

const char* piece_character(Piece p) {
  if (p == NO_PIECE) return "";
  // Indexed by PieceType: none, king, advisor, elephant, horse, rook, cannon, pawn.
  constexpr const char* red[] = {"", "帥", "仕", "相", "傌", "俥", "炮", "兵"};
  constexpr const char* black[] = {"", "將", "士", "象", "馬", "車", "砲", "卒"};
  return color_of(p) == RED ? red[type_of(p)] : black[type_of(p)];
}

const char* ink(Color c) { return c == RED ? palette::RED_INK : palette::BLACK_INK; }

void draw_piece(SvgWriter& w, const Geometry& g, Piece p, Square sq) {
  const Point c = g.at(sq);
  const double r = g.piece_radius(), size = g.square() * 0.54;
  const char* color = ink(color_of(p));
  w.open("g", attr("class", std::string("piece ") + color_name(color_of(p)) + " " + type_name(type_of(p))) + " " +
                  attr("data-square", square_to_string(sq)));
  w.circle(c, r, attr("fill", palette::PIECE_FACE) + " " + attr("stroke", color) + " " + attr("stroke-width", r * 0.09));
  w.circle(c, r * 0.8, attr("fill", "none") + " " + attr("stroke", color) + " " + attr("stroke-width", r * 0.04));
  const Point base{c.x, c.y + size * 0.36};  // the ideograph's optical centre on the disc's
  w.text(base, piece_character(p),
         attr("font-size", size) + " " + attr("fill", color) + " " + attr("text-anchor", "middle"));
  w.close("g");
}

void draw_pieces(SvgWriter& w, const Geometry& g, const Position& pos) {
  w.open("g", attr("class", "pieces"));
  for (Square sq = 0; sq < SQUARE_NB; ++sq)
    if (!pos.empty(sq)) draw_piece(w, g, pos.piece_on(sq), sq);
  w.close("g");
}

}  // namespace xq::diagram
