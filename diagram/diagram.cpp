#include "diagram/diagram.h"

#include "diagram/board.h"
#include "diagram/palette.h"
#include "diagram/pieces.h"
#include "judge/judge.h"

namespace xq::diagram {
namespace {

Marks filtered(Marks marks, const Options& opts) {
  if (!opts.arrow) marks.arrows.clear();
  if (!opts.marks) {
    const std::vector<Move> arrows = marks.arrows;
    marks = Marks{};
    marks.arrows = arrows;
  }
  return marks;
}

}  // namespace

void draw_position(SvgWriter& w, const Geometry& g, const Position& pos, const Marks& marks, const Options& opts) {
  const Marks shown = filtered(marks, opts);
  // One font list for every character on the board: the labels and river words are CJK too.
  w.open("g", attr("class", "xiangqi-diagram") + " " + attr("font-family", palette::CJK_FONTS));
  draw_board(w, g, opts);
  draw_attack_lines(w, g, shown);
  draw_pieces(w, g, pos);
  draw_rings_and_arrows(w, g, shown);
  w.close("g");
}

std::string position_svg(const Position& pos, const Marks& marks, const Options& opts) {
  const Geometry g(opts);
  SvgWriter w;
  w.raw(svg_open(g.width(), g.height()));
  draw_position(w, g, pos, marks, opts);
  w.close("svg");
  return std::move(w.str());
}

Position judged_root(const Position& start) {
  Position pos = start;
  pos.reset_history();
  judge::record_root(pos);
  return pos;
}

std::string game_position_svg(const Position& start, const std::vector<Move>& moves, int ply, const Options& opts) {
  Position pos = judged_root(start);
  for (int i = 0; i < ply && i < int(moves.size()); ++i) judge::play(pos, moves[i]);
  return position_svg(pos, move_marks(pos), opts);
}

}  // namespace xq::diagram
