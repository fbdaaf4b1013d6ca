// A small SVG text builder: numbers written compactly and the same on every platform (the
// browser build too), text escaped, presentation given as attributes rather than CSS so that
// every renderer (browsers, librsvg) draws the same picture. No ids: several diagrams may sit
// in one HTML page.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "diagram/geometry.h"

namespace xq::diagram {

// Attribute text: `name="value"` pairs, already escaped, joined by spaces.
std::string attr(std::string_view name, std::string_view value);
std::string attr(std::string_view name, double value);
std::string number(double value);  // at most two decimals, no trailing zeros
std::string escape(std::string_view text);
// The `points` attribute of a polyline or polygon.
std::string points(std::initializer_list<Point> pts);

class SvgWriter {
 public:
  // Appends raw markup (for the callers' own groups).
  void raw(std::string_view markup) { out_ += markup; }
  void open(std::string_view tag, std::string_view attrs);
  void close(std::string_view tag);
  void empty(std::string_view tag, std::string_view attrs);
  void line(Point a, Point b, std::string_view style);
  void circle(Point c, double r, std::string_view style);
  void text(Point p, std::string_view content, std::string_view style);
  std::string& str() { return out_; }

 private:
  std::string out_;
};

// The opening tag of a standalone SVG document of this size.
std::string svg_open(double width, double height);

}  // namespace xq::diagram
