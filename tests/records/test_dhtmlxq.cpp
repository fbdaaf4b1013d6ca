// DhtmlXQ blocks (records/dhtmlxq.h): ten real pages hold ten of the xqdb games; a set-up
// position with absent pieces; broken blocks.
#include <catch2/catch.hpp>

#include <string>

#include "engine/notation.h"
#include "record_files.h"
#include "records/record.h"

using namespace xq;
using namespace xq::records;
using Catch::Matchers::Contains;

TEST_CASE("the DhtmlXQ pages hold the xqdb games move for move", "[records][dhtmlxq]") {
  const RecordFile xqdb = read_record(test::record_bytes("traditional.pgn"));
  REQUIRE(xqdb.games.size() == 15);
  int matched = 0;
  for (const char* page : {"116", "44", "45", "59", "65", "69", "73", "80", "85", "98"}) {
    const RecordFile f = read_record(test::record_bytes(std::string("dhtmlxq/") + page + ".html"));
    INFO(page << ".html " << f.error);
    REQUIRE(f.format == "dhtmlxq");
    REQUIRE(f.games.size() == 1);
    const GameRecord& g = f.games[0];
    CHECK(g.error.empty());
    CHECK((g.result == "1-0" || g.result == "0-1"));
    CHECK(g.start_fen == Position::START_FEN);
    for (const GameRecord& x : xqdb.games)
      if (x.tag("Red") == g.tag("Red") && x.tag("Black") == g.tag("Black")) {
        CHECK(x.moves == g.moves);
        ++matched;
      }
  }
  CHECK(matched == 10);
  // 44.html: ZHAO GuoRong lost ("(L)" in the title, result L) as Red.
  const RecordFile zhao = read_record(test::record_bytes("dhtmlxq/44.html"));
  CHECK(zhao.games[0].result == "0-1");
  CHECK(move_to_string(zhao.games[0].moves[0]) == "h2e2");
}

TEST_CASE("DhtmlXQ: a set-up position, Black to move first, comments, several blocks", "[records][dhtmlxq]") {
  // Red: king e0 and one rook a0; Black: king e9 and a pawn on e6; everything else absent (99).
  std::string binit(64, '9');
  auto put = [&](int index, const char* xy) { binit.replace(2 * index, 2, xy); };
  put(0, "09");   // red rook a0
  put(4, "49");   // red king e0 (row 9 from the top)
  put(16 + 4, "40");  // black king e9
  put(16 + 13, "43");  // black pawn e6
  const std::string page = "<html>[DhtmlXQ][DhtmlXQ_binit]" + binit + "[/DhtmlXQ_binit]" +
                           "[DhtmlXQ_movelist]43440908[/DhtmlXQ_movelist][DhtmlXQ_comment1]pawn on[/DhtmlXQ_comment1]"
                           "[DhtmlXQ_result]D[/DhtmlXQ_result][/DhtmlXQ] text [DhtmlXQ][DhtmlXQ_movelist]77471919[/DhtmlXQ_movelist][/DhtmlXQ]";
  const RecordFile f = read_record(page);
  REQUIRE(f.games.size() == 2);
  const GameRecord& g = f.games[0];
  INFO(g.error);
  CHECK(g.error.empty());
  CHECK(g.start_fen == "4k4/9/9/4p4/9/9/9/9/9/R3K4 b - - 0 1");
  REQUIRE(g.moves.size() == 2);
  CHECK(move_to_string(g.moves[0]) == "e6e5");
  CHECK(move_to_string(g.moves[1]) == "a0a1");
  CHECK(g.comments[1] == "pawn on");
  CHECK(g.result == "1/2-1/2");
  CHECK_THAT(f.games[1].error, Contains("game 2") && Contains("move 1 (Black)") && Contains("1919") && Contains("illegal"));
  CHECK(f.games[1].moves.size() == 1);
}

TEST_CASE("broken DhtmlXQ blocks give errors naming the problem", "[records][dhtmlxq][errors]") {
  CHECK_THAT(read_record("[DhtmlXQ][DhtmlXQ_movelist]7747x[/DhtmlXQ_movelist][/DhtmlXQ]").games[0].error,
             Contains("four-digit moves"));
  CHECK_THAT(read_record("[DhtmlXQ][DhtmlXQ_binit]12[/DhtmlXQ_binit][/DhtmlXQ]").games[0].error, Contains("64 digits"));
  CHECK_THAT(read_record("[DhtmlXQ][DhtmlXQ_binit]" + std::string(64, '1') + "[/DhtmlXQ_binit][/DhtmlXQ]").games[0].error,
             Contains("two pieces on"));
  const RecordFile truncated = read_record("[DhtmlXQ][DhtmlXQ_movelist]77477062");
  REQUIRE(truncated.games.size() == 1);
  CHECK(truncated.games[0].moves.empty());  // the movelist's closing tag is missing: no moves read
}

TEST_CASE("a page of a hundred thousand unclosed DhtmlXQ tags reads in one pass", "[records][dhtmlxq][errors]") {
  std::string page = "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]";
  for (int i = 0; i < 100'000; ++i) page += "[DhtmlXQ_name" + std::to_string(i) + "]x";
  page += "[DhtmlXQ]";  // another block opened inside the unclosed one
  const RecordFile f = read_record(page);
  REQUIRE(f.games.size() == 1);
  CHECK(f.games[0].moves.size() == 2);
  CHECK(f.warnings.size() == 1);
}
