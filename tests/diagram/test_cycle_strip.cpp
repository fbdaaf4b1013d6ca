// A ruling's cycle drawn (diagram/cycle_strip.h): one board per move of the cycle, each with
// that move's arrow and the pieces it chased marked, under a heading that names the offender.
#include <catch2/catch.hpp>

#include <set>

#include "../records/record_files.h"
#include "diagram/cycle_strip.h"
#include "diagram/geometry.h"
#include "engine/notation.h"
#include "judge/game_review.h"
#include "records/record.h"
#include "svg_scan.h"

using namespace xq;
using namespace xq::diagram;
using namespace xq::test;

namespace {

struct RuledGame {
  Position start;
  std::vector<Move> moves;
  judge::GameReview review;
};

RuledGame rule(const std::string& fen, const std::vector<Move>& moves, int ntimes) {
  RuledGame g;
  set_fen(g.start, fen);
  g.moves = moves;
  Position pos = g.start;
  g.review = judge::review_game(pos, moves, ntimes);
  return g;
}

std::vector<Move> parse_moves(const std::string& fen, const std::vector<std::string>& texts) {
  Position pos;
  set_fen(pos, fen);
  std::vector<Move> out;
  for (const std::string& t : texts) {
    const Move m = parse_move(pos, t).move;
    pos.do_move(m);
    out.push_back(m);
  }
  return out;
}

// Checks every frame of the strip against the ruling's own cycle moves.
void check_frames(const std::string& svg, const judge::RulingPoint& r) {
  const std::vector<Tag> tags = scan(svg);
  CHECK(balanced(tags));
  const std::vector<Group> frames = groups(tags, "frame");
  REQUIRE(frames.size() == r.moves.size());
  for (size_t i = 0; i < frames.size(); ++i) {
    const judge::CycleMove& cm = r.moves[i];
    INFO("ply " << cm.ply);
    CHECK(frames[i].tag.attr("data-ply") == std::to_string(cm.ply));
    std::vector<std::string> arrows, chased;
    for (const Tag& t : frames[i].inside) {
      if (t.name == "g" && t.has_class("arrow")) arrows.push_back(t.attr("data-move"));
      if (t.name == "circle" && t.has_class("chased")) chased.push_back(t.attr("data-square"));
    }
    CHECK(arrows == std::vector<std::string>{move_to_string(cm.move)});
    std::vector<std::string> expected;
    for (const Square s : cm.chased) expected.push_back(square_to_string(s));
    CHECK(std::set<std::string>(chased.begin(), chased.end()) == std::set<std::string>(expected.begin(), expected.end()));
    CHECK(chased.size() == expected.size());
  }
}

}  // namespace

TEST_CASE("a perpetual check's cycle: a frame per move, the heading names Red", "[diagram]") {
  const std::string fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
  const RuledGame g = rule(fen, parse_moves(fen, {"a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8"}), 2);
  REQUIRE(g.review.rulings.size() == 1);
  const judge::RulingPoint& r = g.review.rulings[0];
  const std::string svg = cycle_svg(g.start, g.moves, r, Options{});
  check_frames(svg, r);
  CHECK(cycle_heading(r, Language::English) == "Moves " + std::to_string(r.cycle_from) + "-" + std::to_string(r.cycle_to) +
                                                   ": Red must vary (perpetual check)");
  CHECK(cycle_heading(r, Language::Chinese).find("紅方長將") != std::string::npos);
  CHECK(svg.find("Red must vary (perpetual check)") != std::string::npos);
  // A legend says what the rings mean, in the rings' own styles.
  const std::vector<Group> legend = groups(scan(svg), "legend");
  REQUIRE(legend.size() == 1);
  std::vector<std::string> words;
  for (const Tag& t : legend[0].inside)
    if (t.name == "text") words.push_back(t.content);
  CHECK(words == std::vector<std::string>{"chasing", "chased", "giving check"});
  // Red's checks mark the rook as the checker.
  int checking = 0;
  for (const Tag& t : with_class(scan(svg), "circle", "checking")) checking += t.attr("data-square")[0] == 'a';
  CHECK(checking == (r.cycle_to - r.cycle_from + 2) / 2);
}

TEST_CASE("a perpetual chase from a real record: each frame marks what its move chased", "[diagram]") {
  const records::RecordFile f = records::read_record(test::record_bytes("perpetual_chase.pgn"));
  REQUIRE(f.games.size() == 1);
  const RuledGame g = rule(f.games[0].start_fen, f.games[0].moves, 2);
  REQUIRE_FALSE(g.review.rulings.empty());
  const judge::RulingPoint& r = g.review.rulings[0];
  int chases = 0;
  for (const auto& m : r.moves) chases += !m.chased.empty();
  REQUIRE(chases > 0);  // the test means something only if some move chased
  Options opts;
  opts.flip = true;  // the marks follow the pieces when the board is turned
  check_frames(cycle_svg(g.start, g.moves, r, opts), r);
  CHECK(cycle_heading(r, Language::English).find("Red must vary (perpetual chase)") != std::string::npos);
}

TEST_CASE("frame captions number moves as a PGN does and name the class", "[diagram]") {
  Position start;
  set_fen(start, "4k4/9/9/9/9/9/9/9/9/R2K5 b - - 0 7");  // Black to move at move 7
  judge::CycleMove cm;
  cm.ply = 1;
  cm.move = make_move(make_square(4, 9), make_square(4, 8));
  cm.status = PlyStatus::Idle;
  CHECK(frame_caption(start, cm, Language::English) == "move 1 (7...) e9e8: idle");
  cm.ply = 2;
  cm.status = PlyStatus::Chase;
  CHECK(frame_caption(start, cm, Language::English) == "move 2 (8.) e9e8: chase");
  CHECK(frame_caption(start, cm, Language::Chinese) == "第2步 (8.) e9e8：捉");
}

TEST_CASE("a strip wraps its boards into rows of the columns asked", "[diagram]") {
  const std::string fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
  const RuledGame g = rule(fen, parse_moves(fen, {"a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8"}), 2);
  const judge::RulingPoint& r = g.review.rulings.at(0);
  Options opts;
  opts.columns = 3;
  const Geometry geo(opts);
  const std::vector<Tag> tags = scan(cycle_svg(g.start, g.moves, r, opts));
  const int n = int(r.moves.size()), rows = (n + 2) / 3;
  CHECK(tags[0].num("width") == Approx(3 * geo.width() + 2 * geo.square() * 0.3));
  CHECK(tags[0].num("height") == Approx(geo.square() * 1.6 + rows * (geo.square() * 0.8 + geo.height()) + (rows - 1) * geo.square() * 0.3));
}
