#include "diagram/svg_writer.h"

#include <cmath>
#include <cstdio>

namespace xq::diagram {

std::string number(double value) {
  // snprintf, not std::to_chars: the browser build's C++ library may not format doubles.
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", std::round(value * 100) / 100);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

std::string escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string attr(std::string_view name, std::string_view value) {
  return std::string(name) + "=\"" + escape(value) + "\"";
}

std::string attr(std::string_view name, double value) { return attr(name, number(value)); }

std::string points(std::initializer_list<Point> pts) {
  std::string list;
  for (const Point& p : pts) list += (list.empty() ? "" : " ") + number(p.x) + "," + number(p.y);
  return attr("points", list);
}

void SvgWriter::open(std::string_view tag, std::string_view attrs) {
  out_ += "<";
  out_ += tag;
  if (!attrs.empty()) out_ += " ";
  out_ += attrs;
  out_ += ">\n";
}

void SvgWriter::close(std::string_view tag) {
  out_ += "</";
  out_ += tag;
  out_ += ">\n";
}

void SvgWriter::empty(std::string_view tag, std::string_view attrs) {
  out_ += "<";
  out_ += tag;
  out_ += " ";
  out_ += attrs;
  out_ += "/>\n";
}

void SvgWriter::line(Point a, Point b, std::string_view style) {
  empty("line", attr("x1", a.x) + " " + attr("y1", a.y) + " " + attr("x2", b.x) + " " + attr("y2", b.y) + " " +
                    std::string(style));
}

void SvgWriter::circle(Point c, double r, std::string_view style) {
  empty("circle", attr("cx", c.x) + " " + attr("cy", c.y) + " " + attr("r", r) + " " + std::string(style));
}

void SvgWriter::text(Point p, std::string_view content, std::string_view style) {
  out_ += "<text " + attr("x", p.x) + " " + attr("y", p.y) + " " + std::string(style) + ">" + escape(content) + "</text>\n";
}

std::string svg_open(double width, double height) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" " + attr("width", width) + " " + attr("height", height) + " " +
         attr("viewBox", "0 0 " + number(width) + " " + number(height)) + ">\n";
}

}  // namespace xq::diagram
