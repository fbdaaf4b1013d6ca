#include "diagram/marks.h"

#include <algorithm>
#include <cmath>

#include "diagram/palette.h"

namespace xq::diagram {
namespace {

// The pieces of `by` that attack the victims in `victims`, each pair as a move attacker -> victim.
void add_attacks(const Position& pos, SquareSet victims, Color by, SquareSet& attackers, std::vector<Move>& lines) {
  while (victims) {
    const Square v = pop_lsb(victims);
    SquareSet a = pos.attackers(v, by);
    attackers |= a;
    while (a) lines.push_back(make_move(pop_lsb(a), v));
  }
}

void rings(SvgWriter& w, const Geometry& g, SquareSet set, MarkKind kind) {
  while (set) {
    const Square sq = pop_lsb(set);
    const char* cls = kind == MarkKind::Chasing ? "mark chasing" : kind == MarkKind::Chased ? "mark chased" : "mark checking";
    w.circle(g.at(sq), g.square() * 0.5,
             attr("class", cls) + " " + attr("data-square", square_to_string(sq)) + " " + ring_style(g, kind));
  }
}

void arrow(SvgWriter& w, const Geometry& g, Move m) {
  const Point from = g.at(from_sq(m)), tip = arrow_tip(g, m);
  const double len = std::hypot(tip.x - from.x, tip.y - from.y);
  if (len <= 0) return;
  const double ux = (tip.x - from.x) / len, uy = (tip.y - from.y) / len;
  const double head = g.square() * 0.34, half = g.square() * 0.16;
  const Point base{tip.x - ux * head, tip.y - uy * head};
  const Point left{base.x - uy * half, base.y + ux * half}, right{base.x + uy * half, base.y - ux * half};
  w.open("g", attr("class", "arrow") + " " + attr("data-move", move_to_string(m)) + " " + attr("fill", palette::ARROW) +
                  " " + attr("stroke", palette::ARROW) + " " + attr("opacity", 0.8));
  w.circle(from, g.square() * 0.1, "");  // the origin marked: a one-step move's arrow is short
  w.line(from, base, attr("stroke-width", g.square() * 0.09) + " " + attr("stroke-linecap", "round"));
  w.empty("polygon", points({tip, left, right}) + " " + attr("stroke", "none"));
  w.close("g");
}

}  // namespace

std::string ring_style(const Geometry& g, MarkKind kind) {
  const double width = g.square() * 0.07;
  const char* color = kind == MarkKind::Chasing ? palette::CHASING : kind == MarkKind::Chased ? palette::CHASED : palette::CHECKING;
  std::string style = attr("fill", "none") + " " + attr("stroke", color) + " " +
                      attr("stroke-width", width);
  // The victim's ring is dashed, so the two rings of a chase tell apart without colour.
  if (kind == MarkKind::Chased) style += " " + attr("stroke-dasharray", number(width * 1.6) + " " + number(width * 1.1));
  return style;
}

Marks move_marks(const Position& pos) {
  Marks marks;
  const StateInfo& st = pos.st();
  const Color mover = ~pos.side_to_move();
  if (is_ok(st.move)) marks.arrows.push_back(st.move);
  marks.chased = st.judge.chased;
  add_attacks(pos, marks.chased, mover, marks.chasing, marks.chase_lines);
  if (pos.in_check())
    add_attacks(pos, square_bit(pos.king_square(pos.side_to_move())), mover, marks.checking, marks.check_lines);
  return marks;
}

Point arrow_tip(const Geometry& g, Move m) {
  const Point from = g.at(from_sq(m)), to = g.at(to_sq(m));
  const double len = std::hypot(to.x - from.x, to.y - from.y);
  const double back = std::min(g.piece_radius(), len / 2);
  return {to.x - (to.x - from.x) / len * back, to.y - (to.y - from.y) / len * back};
}

void draw_attack_lines(SvgWriter& w, const Geometry& g, const Marks& marks) {
  if (marks.chase_lines.empty() && marks.check_lines.empty()) return;
  const double width = g.square() * 0.045;
  w.open("g", attr("class", "attacks") + " " + attr("stroke-width", width) + " " +
                  attr("stroke-dasharray", number(width * 3) + " " + number(width * 2)));
  for (const Move a : marks.chase_lines)
    w.line(g.at(from_sq(a)), g.at(to_sq(a)), attr("class", "attack chase") + " " + attr("stroke", palette::CHASED));
  for (const Move a : marks.check_lines)
    w.line(g.at(from_sq(a)), g.at(to_sq(a)), attr("class", "attack check") + " " + attr("stroke", palette::CHECKING));
  w.close("g");
}

void draw_rings_and_arrows(SvgWriter& w, const Geometry& g, const Marks& marks) {
  rings(w, g, marks.chasing & ~marks.checking, MarkKind::Chasing);
  rings(w, g, marks.checking, MarkKind::Checking);
  rings(w, g, marks.chased, MarkKind::Chased);
  for (const Move m : marks.arrows) arrow(w, g, m);
}

}  // namespace xq::diagram
