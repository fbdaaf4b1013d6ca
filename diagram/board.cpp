#include "diagram/board.h"

#include "diagram/palette.h"

namespace xq::diagram {
namespace {

std::string line_style(const Geometry& g, double weight) {
  return attr("stroke", palette::LINE) + " " + attr("stroke-width", g.square() * weight) + " " +
         attr("stroke-linecap", "square");
}

// Inner files stop at the river; the two edge files run through it, as on a real board.
void draw_lines(SvgWriter& w, const Geometry& g) {
  const std::string thin = line_style(g, 0.025), thick = line_style(g, 0.06);
  for (int r = 0; r < RANK_NB; ++r) w.line(g.at(0, r), g.at(8, r), r == 0 || r == 9 ? thick : thin);
  for (int f = 0; f < FILE_NB; ++f) {
    const bool edge = f == 0 || f == 8;
    if (edge) {
      w.line(g.at(f, 0), g.at(f, 9), thick);
    } else {
      w.line(g.at(f, 0), g.at(f, 4), thin);
      w.line(g.at(f, 5), g.at(f, 9), thin);
    }
  }
}

void draw_palaces(SvgWriter& w, const Geometry& g) {
  const std::string thin = line_style(g, 0.025);
  for (const int base : {0, 7}) {
    w.line(g.at(3, base), g.at(5, base + 2), thin);
    w.line(g.at(5, base), g.at(3, base + 2), thin);
  }
}

// The small corner marks of the cannons' and pawns' starting points; a point on the board's
// edge gets them on its inner side only.
void draw_point_mark(SvgWriter& w, const Geometry& g, int file, int rank) {
  const double gap = 0.08, arm = 0.2;
  const std::string style = line_style(g, 0.02) + " " + attr("fill", "none");
  for (const int dx : {-1, 1}) {
    if ((file == 0 && dx < 0) || (file == 8 && dx > 0)) continue;
    for (const int dy : {-1, 1}) {
      const Point c = g.at(file + dx * gap, rank + dy * gap);
      const Point h = g.at(file + dx * (gap + arm), rank + dy * gap);
      const Point v = g.at(file + dx * gap, rank + dy * (gap + arm));
      w.empty("polyline", points({h, c, v}) + " " + style);
    }
  }
}

void draw_points(SvgWriter& w, const Geometry& g) {
  for (const int rank : {2, 7})
    for (const int file : {1, 7}) draw_point_mark(w, g, file, rank);
  for (const int rank : {3, 6})
    for (const int file : {0, 2, 4, 6, 8}) draw_point_mark(w, g, file, rank);
}

// 楚河 on Red's side's left, 漢界 on its right; turned for Black, the words swap halves but stay
// upright and read left to right.
void draw_river(SvgWriter& w, const Geometry& g) {
  const double size = g.square() * 0.62;
  const std::string style = attr("font-size", size) + " " + attr("fill", palette::LINE) + " " +
                            attr("text-anchor", "middle");
  constexpr const char* words[] = {"楚", "河", "漢", "界"};
  constexpr double columns[] = {1.5, 2.5, 5.5, 6.5};  // from the picture's left
  w.open("g", attr("class", "river"));
  for (int i = 0; i < 4; ++i) {
    const int word = g.flipped() ? (i + 2) % 4 : i;
    Point p = g.at(g.flipped() ? 8 - columns[i] : columns[i], 4.5);
    p.y += size * 0.36;  // the ideographs' optical centre sits about 0.36 em above the baseline
    w.text(p, words[word], style);
  }
  w.close("g");
}

std::string label_style(const Geometry& g) {
  return attr("font-size", g.square() * 0.34) + " " + attr("fill", palette::LINE) + " " + attr("text-anchor", "middle") ;
}

// A label centred `out` beyond the board's edge point p, in direction (dx, dy).
void edge_label(SvgWriter& w, const Geometry& g, Point p, int dx, int dy, const std::string& text) {
  const double size = g.square() * 0.34, out = g.square() * 0.78;
  p.x += dx * out;
  p.y += dy * out + size * 0.36;  // baseline below the centre, as for the river words
  w.text(p, text, label_style(g));
}

// Each side counts its files from its own right: Red's 1 is file i, Black's 1 is file a.
// Red's numbers are written in Chinese on a players' board, Black's in Arabic numerals.
void draw_file_numbers(SvgWriter& w, const Geometry& g, const Options& opts) {
  constexpr const char* zh[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
  for (const Color side : {RED, BLACK}) {
    const int dy = (side == RED) != g.flipped() ? 1 : -1;  // a side's numbers run along its own edge
    for (int f = 0; f < FILE_NB; ++f) {
      const int n = side == RED ? 9 - f : f + 1;
      const std::string text = opts.labels == Labels::Players && side == RED ? zh[n - 1] : std::to_string(n);
      edge_label(w, g, g.at(f, side == RED ? 0 : 9), 0, dy, text);
    }
  }
}

// ICCS coordinates: files a-i along the bottom, ranks 0-9 up the left, however turned.
void draw_coordinates(SvgWriter& w, const Geometry& g) {
  const int bottom_rank = g.flipped() ? 9 : 0, left_file = g.flipped() ? 8 : 0;
  for (int f = 0; f < FILE_NB; ++f) edge_label(w, g, g.at(f, bottom_rank), 0, 1, std::string(1, char('a' + f)));
  for (int r = 0; r < RANK_NB; ++r) edge_label(w, g, g.at(left_file, r), -1, 0, std::to_string(r));
}

void draw_labels(SvgWriter& w, const Geometry& g, const Options& opts) {
  if (opts.labels == Labels::None) return;
  w.open("g", attr("class", "labels"));
  if (opts.labels == Labels::Iccs) draw_coordinates(w, g);
  else draw_file_numbers(w, g, opts);
  w.close("g");
}

}  // namespace

void draw_board(SvgWriter& w, const Geometry& g, const Options& opts) {
  w.open("g", attr("class", "board"));
  w.empty("rect", attr("width", g.width()) + " " + attr("height", g.height()) + " " + attr("fill", palette::BOARD));
  draw_lines(w, g);
  draw_palaces(w, g);
  draw_points(w, g);
  draw_river(w, g);
  draw_labels(w, g, opts);
  w.close("g");
}

}  // namespace xq::diagram
