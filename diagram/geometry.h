// Where things go on the picture: the grid of the board, the margin that holds the edge labels,
// and the board turned around for Black. Every drawing file asks here, so flipping is one rule.
#pragma once

#include "diagram/options.h"
#include "engine/types.h"

namespace xq::diagram {

struct Point {
  double x = 0, y = 0;
};

class Geometry {
 public:
  explicit Geometry(const Options& opts) : s_(opts.square), flip_(opts.flip) {}

  double square() const { return s_; }
  // The labels sit in the margin, outside the half square the edge pieces cover.
  double margin() const { return s_ * 1.1; }
  double width() const { return 8 * s_ + 2 * margin(); }
  double height() const { return 9 * s_ + 2 * margin(); }
  double piece_radius() const { return s_ * 0.44; }

  // The point where file f and rank r cross; fractional files and ranks place the river words
  // and the point marks. Rank 0 (Red's back rank) is at the bottom unless flipped.
  Point at(double file, double rank) const {
    const double col = flip_ ? 8 - file : file;
    const double row = flip_ ? rank : 9 - rank;
    return {margin() + col * s_, margin() + row * s_};
  }
  Point at(Square sq) const { return at(file_of(sq), rank_of(sq)); }
  bool flipped() const { return flip_; }

 private:
  double s_;
  bool flip_;
};

}  // namespace xq::diagram
