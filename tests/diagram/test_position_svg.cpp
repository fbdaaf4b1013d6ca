// A position drawn (diagram/diagram.h): the pieces, their characters and colours, where they
// stand for either orientation, the river, the labels, and that the SVG is well formed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "diagram/diagram.h"
#include "diagram/palette.h"
#include "engine/notation.h"
#include "svg_scan.h"

using namespace xq;
using namespace xq::diagram;
using namespace xq::test;

namespace {

Position start_position() {
  Position pos;
  set_fen(pos, Position::START_FEN);
  return pos;
}

std::string draw(const Position& pos, const Options& opts = {}) { return position_svg(pos, Marks{}, opts); }

// The texts of a class="labels" group, left to right, that lie beyond the board's edge on one side.
std::vector<std::string> labels_along(const std::vector<Tag>& tags, bool bottom, const Geometry& g) {
  std::vector<std::pair<double, std::string>> found;
  for (const Group& grp : groups(tags, "labels"))
    for (const Tag& t : grp.inside)
      if (t.name == "text" && (bottom ? t.num("y") > std::max(g.at(0, 0).y, g.at(0, 9).y) + g.square() / 2
                                      : t.num("y") < std::min(g.at(0, 0).y, g.at(0, 9).y)))
        found.emplace_back(t.num("x"), t.content);
  std::sort(found.begin(), found.end());
  std::vector<std::string> out;
  for (const auto& f : found) out.push_back(f.second);
  return out;
}

}  // namespace

TEST_CASE("the start position has 32 pieces with their characters and colours", "[diagram]") {
  const std::vector<Tag> tags = scan(draw(start_position()));
  const std::vector<Group> pieces = groups(tags, "piece");
  REQUIRE(pieces.size() == 32);
  std::map<std::string, int> red, black;
  for (const Group& p : pieces) {
    const Tag* text = p.first("text");
    REQUIRE(text != nullptr);
    const bool is_red = p.tag.has_class("red");
    CHECK(is_red != p.tag.has_class("black"));
    CHECK(text->attr("fill") == (is_red ? palette::RED_INK : palette::BLACK_INK));
    CHECK(p.first("circle")->attr("stroke") == (is_red ? palette::RED_INK : palette::BLACK_INK));
    ++(is_red ? red : black)[text->content];
  }
  CHECK(red == std::map<std::string, int>{{"帥", 1}, {"仕", 2}, {"相", 2}, {"傌", 2}, {"俥", 2}, {"炮", 2}, {"兵", 5}});
  CHECK(black == std::map<std::string, int>{{"將", 1}, {"士", 2}, {"象", 2}, {"馬", 2}, {"車", 2}, {"砲", 2}, {"卒", 5}});
  CHECK(balanced(tags));
  CHECK(draw(start_position()).find(" id=") == std::string::npos);  // several diagrams may share a page
}

TEST_CASE("every piece stands on its square's point, Red at the bottom unless flipped", "[diagram]") {
  for (const bool flip : {false, true}) {
    Options opts;
    opts.flip = flip;
    opts.square = 50;
    const Geometry g(opts);
    const Position pos = start_position();
    for (const Group& p : groups(scan(draw(pos, opts)), "piece")) {
      const std::string sq = p.tag.attr("data-square");
      REQUIRE(sq.size() == 2);
      const Square s = make_square(sq[0] - 'a', sq[1] - '0');
      CHECK(pos.piece_on(s) != NO_PIECE);
      CHECK(p.tag.has_class(color_name(color_of(pos.piece_on(s)))));
      CHECK(p.tag.has_class(type_name(type_of(pos.piece_on(s)))));
      const Tag* disc = p.first("circle");
      CHECK(disc->num("cx") == Approx(g.at(s).x));
      CHECK(disc->num("cy") == Approx(g.at(s).y));
    }
    // The corners by hand: a0 (a red rook) bottom left, or top right when flipped.
    const double m = g.margin();
    CHECK(g.at(make_square(0, 0)).x == Approx(flip ? m + 8 * 50 : m));
    CHECK(g.at(make_square(0, 0)).y == Approx(flip ? m : m + 9 * 50));
  }
}

TEST_CASE("the river lies between ranks 4 and 5 with its words, inner files stopping at it", "[diagram]") {
  for (const bool flip : {false, true}) {
    Options opts;
    opts.flip = flip;
    const Geometry g(opts);
    const std::vector<Tag> tags = scan(draw(start_position(), opts));
    const std::vector<Group> river = groups(tags, "river");
    REQUIRE(river.size() == 1);
    std::vector<std::pair<double, std::string>> words;
    for (const Tag& t : river[0].inside) {
      if (t.name != "text") continue;
      const double top = std::min(g.at(0, 4).y, g.at(0, 5).y), bottom = std::max(g.at(0, 4).y, g.at(0, 5).y);
      CHECK(t.num("y") > top);
      CHECK(t.num("y") < bottom);
      words.emplace_back(t.num("x"), t.content);
    }
    std::sort(words.begin(), words.end());
    REQUIRE(words.size() == 4);
    const std::string read = words[0].second + words[1].second + words[2].second + words[3].second;
    CHECK(read == (flip ? "漢界楚河" : "楚河漢界"));
    // No line crosses the river except the two edge files.
    const double river_y = g.at(4, 4.5).y;
    int crossing = 0;
    for (const Tag& t : tags)
      if (t.name == "line" && std::min(t.num("y1"), t.num("y2")) < river_y && std::max(t.num("y1"), t.num("y2")) > river_y &&
          t.num("x1") == t.num("x2"))
        ++crossing;
    CHECK(crossing == 2);
  }
}

TEST_CASE("edge labels: players', WXF and ICCS, turned with the board", "[diagram]") {
  const std::vector<std::string> zh = {"九", "八", "七", "六", "五", "四", "三", "二", "一"};
  const std::vector<std::string> arabic = {"1", "2", "3", "4", "5", "6", "7", "8", "9"};
  const std::vector<std::string> arabic_down = {"9", "8", "7", "6", "5", "4", "3", "2", "1"};
  const std::vector<std::string> zh_up = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
  Options opts;
  Geometry g(opts);
  std::vector<Tag> tags = scan(draw(start_position(), opts));
  CHECK(labels_along(tags, true, g) == zh);       // Red's files from Red's right
  CHECK(labels_along(tags, false, g) == arabic);  // Black's files from Black's right

  opts.flip = true;
  g = Geometry(opts);
  tags = scan(draw(start_position(), opts));
  CHECK(labels_along(tags, true, g) == arabic_down);  // Black's side now at the bottom
  CHECK(labels_along(tags, false, g) == zh_up);

  opts = Options{};
  REQUIRE(parse_options("labels=en", opts).empty());
  tags = scan(draw(start_position(), opts));
  CHECK(labels_along(tags, true, g) == arabic_down);
  CHECK(labels_along(tags, false, g) == arabic);

  opts = Options{};
  REQUIRE(parse_options("iccs", opts).empty());
  g = Geometry(opts);
  tags = scan(draw(start_position(), opts));
  CHECK(labels_along(tags, true, g) == std::vector<std::string>{"a", "b", "c", "d", "e", "f", "g", "h", "i"});
  CHECK(labels_along(tags, false, g).empty());
  // Ranks up the left side, 0 at the bottom.
  std::vector<std::pair<double, std::string>> ranks;
  for (const Group& grp : groups(tags, "labels"))
    for (const Tag& t : grp.inside)
      if (t.name == "text" && t.num("x") < g.at(0, 0).x) ranks.emplace_back(-t.num("y"), t.content);
  std::sort(ranks.begin(), ranks.end());
  REQUIRE(ranks.size() == 10);
  CHECK(ranks.front().second == "0");  // the lowest on the picture
  CHECK(ranks.back().second == "9");

  opts.labels = Labels::None;
  CHECK(groups(scan(draw(start_position(), opts)), "labels").empty());
}

TEST_CASE("a move's arrow runs from its origin to the rim of the piece that arrived", "[diagram]") {
  for (const bool flip : {false, true}) {
    Options opts;
    opts.flip = flip;
    const Geometry g(opts);
    Position start = start_position();
    const Move m = parse_move(start, "h2e2").move;
    const std::vector<Tag> tags = scan(game_position_svg(start, {m}, 1, opts));
    const std::vector<Group> arrows = groups(tags, "arrow");
    REQUIRE(arrows.size() == 1);
    CHECK(arrows[0].tag.attr("data-move") == "h2e2");
    const Tag* shaft = arrows[0].first("line");
    REQUIRE(shaft != nullptr);
    const Point from = g.at(make_square(7, 2)), to = g.at(make_square(4, 2));
    CHECK(shaft->num("x1") == Approx(from.x));
    CHECK(shaft->num("y1") == Approx(from.y));
    const Point tip = arrow_tip(g, m);
    CHECK(std::hypot(tip.x - to.x, tip.y - to.y) == Approx(g.piece_radius()));
    CHECK(tip.y == Approx(to.y));  // a move along the rank stays on it
    const std::string points = arrows[0].first("polygon")->attr("points");
    CHECK(points.rfind(number(tip.x) + "," + number(tip.y) + " ", 0) == 0);  // the head's first point is the tip
    // The start has no move: no arrow; noarrow drops it.
    CHECK(groups(scan(game_position_svg(start, {m}, 0, opts)), "arrow").empty());
    opts.arrow = false;
    CHECK(groups(scan(game_position_svg(start, {m}, 1, opts)), "arrow").empty());
  }
}

TEST_CASE("a chasing move marks its victim and its chaser; a check marks the checker", "[diagram]") {
  // The red rook b0 goes to b5 and attacks the black horse a5, which nothing protects.
  Position start;
  REQUIRE(set_fen(start, "4k4/9/9/9/n8/9/9/9/9/1R1K5 w - - 0 1").ok);
  const Move chase = parse_move(start, "b0b5").move;
  std::vector<Tag> tags = scan(game_position_svg(start, {chase}, 1, Options{}));
  auto squares = [&](const char* cls) {
    std::vector<std::string> out;
    for (const Tag& t : with_class(tags, "circle", cls)) out.push_back(t.attr("data-square"));
    return out;
  };
  CHECK(squares("chased") == std::vector<std::string>{"a5"});
  CHECK(squares("chasing") == std::vector<std::string>{"b5"});
  CHECK(squares("checking").empty());
  CHECK(with_class(tags, "line", "chase").size() == 1);

  // The rook to b9 instead checks along the back rank: the checker is marked, nothing is chased.
  const Move check = parse_move(start, "b0b9").move;
  tags = scan(game_position_svg(start, {check}, 1, Options{}));
  CHECK(squares("checking") == std::vector<std::string>{"b9"});
  CHECK(squares("chased").empty());
  CHECK(with_class(tags, "line", "check").size() == 1);

  Options plain;
  plain.marks = false;
  tags = scan(game_position_svg(start, {chase}, 1, plain));
  CHECK(squares("chased").empty());
  CHECK(groups(tags, "arrow").size() == 1);  // the arrow stays
}
