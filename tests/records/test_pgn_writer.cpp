// PGN written in each notation (records/pgn_writer.h) reads back as the same game: every real
// record of tests/data/records (PGN in three notations and encodings, XQF, DhtmlXQ).
#include <catch2/catch.hpp>

#include <string>

#include "record_files.h"
#include "records/pgn.h"
#include "records/pgn_writer.h"
#include "records/record.h"

using namespace xq;
using namespace xq::records;

namespace {

void require_same_game(const GameRecord& a, const GameRecord& b) {
  CHECK(b.error.empty());
  CHECK(a.start_fen == b.start_fen);
  CHECK(a.moves == b.moves);
  CHECK(a.comments == b.comments);
  CHECK(b.result == (a.result.empty() ? "*" : a.result));  // no result is written as "*"
  for (const auto& [name, value] : a.tags)
    if (name != "Game" && name != "Format" && name != "FEN" && name != "Result") CHECK(b.tag(name) == value);
}

}  // namespace

TEST_CASE("records written as PGN in each notation read back as the same games", "[records][writer]") {
  const char* files[] = {"traditional.pgn", "international.pgn", "iccs.pgn", "SAMPLE.PGN", "SAMPLE.XQF",
                         "ccgc_01.pgn",     "ccgc_03.pgn",       "dhtmlxq/44.html", "dhtmlxq/116.html"};
  for (const char* name : files) {
    const RecordFile f = read_record(test::record_bytes(name));
    REQUIRE(!f.games.empty());
    for (const Notation n : {Notation::Iccs, Notation::Wxf, Notation::Chinese}) {
      std::string all;
      for (const GameRecord& g : f.games) all += write_pgn(g, n);
      const RecordFile back = read_pgn(all);
      INFO(name << " in " << to_string(n));
      REQUIRE(back.games.size() == f.games.size());
      for (size_t i = 0; i < f.games.size(); ++i) {
        CHECK(back.games[i].notation == to_string(n));
        require_same_game(f.games[i], back.games[i]);
      }
    }
  }
}

TEST_CASE("the writer numbers Black's moves after comments and writes the FEN of a set-up", "[records][writer]") {
  GameRecord g;
  g.start_fen = "3k5/9/9/9/9/9/R8/9/R8/4K4 b - - 0 7";
  Position pos;
  REQUIRE(set_fen(pos, g.start_fen).ok);
  const Move m1 = read_move(pos, "d9d8", Notation::Iccs).move;
  pos.do_move(m1);
  const Move m2 = read_move(pos, "a3a4", Notation::Iccs).move;
  g.moves = {m1, m2};
  g.comments = {"", "a {brace} comment", ""};
  g.result = "1-0";
  const std::string text = write_pgn(g, Notation::Chinese);
  CHECK(text.find("[FEN \"3k5/9/9/9/9/9/R8/9/R8/4K4 b - - 0 7\"]") != std::string::npos);
  CHECK(text.find("7... 将４进１ {a {brace) comment} 8. 前车进一 1-0") != std::string::npos);
}
