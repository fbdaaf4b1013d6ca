// PGN records (records/pgn.h, records/record.h) read from real files in the three notations and
// from broken text: every real game reads to its end, the notations agree, a broken game says
// which game and move broke and the other games are kept.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/notation.h"
#include "record_files.h"
#include "records/encoding.h"
#include "records/pgn.h"
#include "records/record.h"

using namespace xq;
using namespace xq::records;
using Catch::Matchers::Contains;
using test::record_bytes;

namespace {

RecordFile read_file(const std::string& name) { return read_record(record_bytes(name)); }

void require_clean(const RecordFile& f, size_t games) {
  INFO(f.error);
  REQUIRE(f.error.empty());
  REQUIRE(f.games.size() == games);
  for (const GameRecord& g : f.games) {
    INFO(g.label());
    CHECK(g.error.empty());
    CHECK(!g.moves.empty());
    CHECK(g.comments.size() == g.moves.size() + 1);
  }
}

// Replaying the moves from the start FEN must find each legal: the reader's promise.
void require_legal(const GameRecord& g) {
  Position pos;
  REQUIRE(set_fen(pos, g.start_fen).ok);
  for (const Move m : g.moves) {
    REQUIRE((pos.is_pseudo_legal(m) && pos.is_legal(m)));
    pos.do_move(m);
  }
}

}  // namespace

TEST_CASE("the xqdb games read the same in Chinese, WXF and ICCS notation", "[records][pgn]") {
  const RecordFile chinese = read_file("traditional.pgn");
  const RecordFile wxf = read_file("international.pgn");
  const RecordFile iccs = read_file("iccs.pgn");
  require_clean(chinese, 15);
  require_clean(wxf, 15);
  require_clean(iccs, 15);
  for (size_t i = 0; i < 15; ++i) {
    INFO("game " << i + 1);
    CHECK(chinese.games[i].notation == "chinese");
    CHECK(wxf.games[i].notation == "wxf");
    CHECK(iccs.games[i].notation == "iccs");
    CHECK(chinese.games[i].moves == wxf.games[i].moves);
    std::vector<Move> coordinates = iccs.games[i].moves;
    if (i == 1) {
      // The source's one disagreement: at move 36 Red has pawns on e3 and e5; the Chinese and
      // WXF records say 后兵进一 / -P+1 (the rear pawn, e3e4), the ICCS record e5e6. The DhtmlXQ
      // page of the game (45.html, test_dhtmlxq.cpp) has e3e4 too: the ICCS file is the odd one.
      REQUIRE(coordinates.size() > 70);
      CHECK(move_to_string(coordinates[70]) == "e5e6");
      CHECK(chinese.games[i].move_texts[70] == "后兵进一");
      CHECK(move_to_string(chinese.games[i].moves[70]) == "e3e4");
      coordinates[70] = chinese.games[i].moves[70];
    }
    CHECK(chinese.games[i].moves == coordinates);
    CHECK(chinese.games[i].tag("Red") == iccs.games[i].tag("Red"));
    CHECK(chinese.games[i].result.empty());  // these records give no result
    require_legal(iccs.games[i]);
  }
  // The first moves as the files write them (炮二平五 马８进７ is h2e2 h9g7).
  CHECK(move_to_string(iccs.games[0].moves[0]) == "h2e2");
  CHECK(move_to_string(iccs.games[0].moves[1]) == "h9g7");
  CHECK(chinese.games[0].move_texts[0] == "炮二平五");
}

TEST_CASE("1125 master games in ICCS read legally to their ends", "[records][pgn]") {
  const RecordFile f = read_file("liu_dahua_1125_iccs.pgn");
  require_clean(f, 1125);
  size_t plies = 0;
  for (const GameRecord& g : f.games) plies += g.moves.size();
  CHECK(plies > 1125 * 40);  // master games, not stubs
}

TEST_CASE("ElephantEye's GB18030 PGN: FEN tag, comments, CRLF, result", "[records][pgn]") {
  const RecordFile f = read_file("SAMPLE.PGN");
  require_clean(f, 1);
  CHECK(f.encoding == "GB18030");
  const GameRecord& g = f.games[0];
  CHECK(g.tag("Red") == "许银川");
  CHECK(g.result == "1-0");
  CHECK(g.start_fen == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1");
  CHECK(g.notation == "chinese");
  CHECK_THAT(g.comments[0], Contains("象棋让九子"));
  CHECK_THAT(g.comments[2], Contains("红方首着架中炮必走之着"));  // after 1. ... 炮８平５
  CHECK(g.move_texts[0] == "炮八平五");
  CHECK(g.comments.back().find('\r') == std::string::npos);
  require_legal(g);
}

TEST_CASE("the CCGC games read with their results and skip the site's footer", "[records][pgn]") {
  const char* results[] = {"0-1", "1/2-1/2", "0-1", "1-0", "1-0"};
  for (int i = 1; i <= 5; ++i) {
    const RecordFile f = read_file("ccgc_0" + std::to_string(i) + ".pgn");
    INFO("ccgc_0" << i);
    require_clean(f, 1);
    CHECK(f.encoding == "GB18030");
    CHECK(f.games[0].result == results[i - 1]);
    CHECK(!f.warnings.empty());  // the footer "欢迎访问..." is reported, not read as a game
    require_legal(f.games[0]);
  }
}

TEST_CASE("GBK and Big5 bytes with traditional characters read as the UTF-8 file does", "[records][pgn][encoding]") {
  const std::string utf8 = record_bytes("traditional.pgn");
  std::string gb;
  REQUIRE(convert(utf8, "UTF-8", "GBK", gb));
  const RecordFile from_gb = read_record(gb);
  CHECK(from_gb.encoding == "GB18030");
  // Big5 has no simplified characters: write the traditional forms first.
  std::string trad = utf8;
  for (auto [simplified, traditional] : std::initializer_list<std::pair<std::string, std::string>>{
           {"车", "車"}, {"马", "馬"}, {"进", "進"}, {"帅", "帥"}, {"将", "將"}, {"后", "後"}, {"炮", "砲"}})
    for (size_t at; (at = trad.find(simplified)) != std::string::npos;) trad.replace(at, simplified.size(), traditional);
  std::string big5;
  REQUIRE(convert(trad, "UTF-8", "BIG5", big5));
  const RecordFile from_big5 = read_record(big5);
  CHECK(from_big5.encoding == "BIG5");
  const RecordFile reference = read_file("traditional.pgn");
  require_clean(from_gb, 15);
  require_clean(from_big5, 15);
  for (size_t i = 0; i < 15; ++i) {
    CHECK(from_gb.games[i].moves == reference.games[i].moves);
    CHECK(from_big5.games[i].moves == reference.games[i].moves);
  }
}

TEST_CASE("PGN structure: tags, comments, variations, NAGs, several games, CRLF", "[records][pgn]") {
  const std::string text =
      "[Game \"Chinese Chess\"]\r\n[Event \"one\"]\r\n[Result \"1-0\"]\r\n\r\n"
      "{before} 1. h2e2 {after h2e2} h9g7 ; line comment\r\n"
      "2. h0g2 (2. b0c2 {a (paren) in a comment} (2. c3c4 c6c5) i9h9) $1 i9h9! 3.c3c4 1-0\r\n"
      "\r\n[Event \"two\"]\r\n[FEN \"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1\"]\r\n"
      "1. H2-E2 H9-G7 *\r\n"
      "[Event \"three\"]\n1. C2=5 H8+7 2. H2+3\n";
  const RecordFile f = read_pgn(text);
  require_clean(f, 3);
  const GameRecord& one = f.games[0];
  CHECK(one.tag("Event") == "one");
  CHECK(one.result == "1-0");
  REQUIRE(one.moves.size() == 5);
  CHECK(move_to_string(one.moves[2]) == "h0g2");  // the variation's b0c2 and c3c4 were skipped
  CHECK(move_to_string(one.moves[4]) == "c3c4");
  CHECK(one.comments[0] == "before");
  CHECK(one.comments[1] == "after h2e2");
  CHECK(one.comments[2] == "line comment");
  const GameRecord& two = f.games[1];
  CHECK(two.result == "*");
  CHECK(two.start_fen == Position::START_FEN);  // h/e letters and side r read as the standard start
  CHECK(two.moves.size() == 2);
  const GameRecord& three = f.games[2];
  CHECK(three.result.empty());
  CHECK(three.notation == "wxf");
  CHECK(three.moves.size() == 3);
}

TEST_CASE("ideographic spaces between moves and full-width move numbers", "[records][pgn]") {
  const RecordFile f = read_pgn("１．炮二平五\xE3\x80\x80马８进７\xE3\x80\x80２．马二进三　车９平８");
  require_clean(f, 1);
  REQUIRE(f.games[0].moves.size() == 4);
  CHECK(move_to_string(f.games[0].moves[3]) == "i9h9");
}

TEST_CASE("coordinates with ranks 1 to 10", "[records][pgn]") {
  const RecordFile f = read_pgn("1. h3e3 h10g8 2. h1g3 i10h10 *");
  require_clean(f, 1);
  CHECK(move_to_string(f.games[0].moves[1]) == "h9g7");
  CHECK(move_to_string(f.games[0].moves[3]) == "i9h9");
}

TEST_CASE("a broken game names the game, the move and its text; the other games are kept", "[records][pgn][errors]") {
  SECTION("illegal move") {
    const RecordFile f = read_pgn(
        "[Event \"a\"]\n1. h2e2 h9g7 *\n"
        "[Event \"b\"]\n1. h2e2 h9g7 2. h0g2 i9h9 3. h2h9 *\n"
        "[Event \"c\"]\n1. c3c4 *\n");
    REQUIRE(f.games.size() == 3);
    CHECK(f.games[0].error.empty());
    CHECK(f.games[2].error.empty());
    CHECK(f.games[2].moves.size() == 1);
    const GameRecord& b = f.games[1];
    CHECK_THAT(b.error, Contains("game 2") && Contains("move 3 (Red)") && Contains("'h2h9'") && Contains("illegal"));
    CHECK(b.moves.size() == 4);  // what was read before the problem
  }
  SECTION("a Chinese move no piece can make, and an ambiguous one") {
    // Two red rooks on file 9 (a1, a3): 车九进一 fits both, 前车/后车 tell them apart.
    const std::string fen = "[FEN \"3k5/9/9/9/9/9/R8/9/R8/4K4 w\"]\n";
    const RecordFile f = read_pgn("1. 炮二平五 马８进７ 2. 车一进三\n\n[Event \"x\"]\n" + fen + "1. 车九进一\n\n" +
                                  "[Event \"y\"]\n" + fen + "1. 前车进一 将４进１ 2. 后车进一\n");
    REQUIRE(f.games.size() == 3);
    CHECK_THAT(f.games[0].error, Contains("game 1") && Contains("move 2 (Red)") && Contains("车一进三") &&
                                     Contains("no legal red move"));
    CHECK(f.games[0].moves.size() == 2);
    CHECK_THAT(f.games[1].error, Contains("ambiguous") && Contains("a1a2") && Contains("a3a4"));
    REQUIRE(f.games[2].error.empty());
    CHECK(move_to_string(f.games[2].moves[0]) == "a3a4");
    CHECK(move_to_string(f.games[2].moves[2]) == "a1a2");
  }
  SECTION("unknown notation, notations mixed, bad FEN tag") {
    const RecordFile f = read_pgn("[Event \"u\"]\n1. xyzzy *\n[Event \"m\"]\n1. h2e2 Ｈ８＋７ *\n"
                                  "[Event \"f\"]\n[FEN \"9/9 w\"]\n1. h2e2 *\n");
    REQUIRE(f.games.size() == 3);
    CHECK_THAT(f.games[0].error, Contains("no known notation"));
    CHECK_THAT(f.games[1].error, Contains("move 1 (Black)") && Contains("malformed coordinate move"));
    CHECK_THAT(f.games[2].error, Contains("bad [FEN] tag"));
  }
}

TEST_CASE("truncated, badly encoded and garbage records give errors, never a crash", "[records][pgn][errors]") {
  const std::string whole = record_bytes("traditional.pgn");
  SECTION("cut in the middle of a character") {
    const std::string cut = whole.substr(0, 1001);  // byte 1001 falls inside a 3-byte character
    const RecordFile f = read_record(cut);
    CHECK(f.encoding == "UTF-8");
    REQUIRE(f.games.size() == 1);
    CHECK(f.games[0].moves.size() > 20);
  }
  SECTION("bytes valid in no known encoding") {
    const RecordFile f = read_record("[Event \"\xFF\xFF\"]\n1. h2e2 \x80\xFF *");
    CHECK_THAT(f.error, Contains("neither UTF-8 nor GB18030"));
    CHECK(f.games.empty());
  }
  SECTION("binary bytes that are no XQF either (a damaged or wrong file)") {
    std::string bytes = record_bytes("traditional.pgn").substr(0, 300);
    bytes[0] = 'Q';  // an XQF's "XQ" signature damaged, with binary bytes after it
    for (int i = 2; i < 300; i += 3) bytes[i] = char(0x80 + i % 64);
    const RecordFile f = read_record(bytes);
    CHECK_THAT(f.error, Contains("not an XQF file") && Contains("neither UTF-8"));
    CHECK(f.games.empty());
  }
  SECTION("empty and garbage") {
    CHECK_THAT(read_record("").error, Contains("empty"));
    CHECK_THAT(read_record("hello world, this is no record").error, Contains("no game found"));
    CHECK_THAT(read_record(std::string(10'000'000, 'x')).error, Contains("no game found"));
  }
  SECTION("a 10 MB line") {
    const std::string huge(10'000'000, 'z');
    const RecordFile f = read_pgn("[Event \"ok\"]\n1. h2e2 h9g7 *\n" + huge + "\n[Event \"next\"]\n1. c3c4 *\n" +
                                  "[Event \"long move\"]\n1. h2e2 " + huge + " *\n");
    REQUIRE(f.games.size() == 3);
    CHECK(f.games[0].error.empty());
    CHECK(f.games[1].moves.size() == 1);
    REQUIRE(f.warnings.size() == 1);  // the line between the games, quoted by its start
    CHECK(f.warnings[0].size() < 100);
    CHECK_THAT(f.games[2].error, Contains("move 1 (Black)") && Contains("zzz..."));
    CHECK(f.games[2].error.size() < 200);
  }
  SECTION("random damage to a real file") {
    std::uint64_t seed = 12345;
    auto next = [&] { return seed = seed * 6364136223846793005ULL + 1442695040888963407ULL, seed >> 33; };
    for (int round = 0; round < 200; ++round) {
      std::string damaged = whole;
      for (int k = 0; k < 20; ++k) damaged[next() % damaged.size()] = char(next() & 0xFF);
      const RecordFile f = read_record(damaged);
      for (const GameRecord& g : f.games) require_legal(g);
      CHECK((!f.error.empty() || !f.games.empty()));
    }
  }
}

TEST_CASE("byte-order marks: UTF-8 and UTF-16 records", "[records][encoding]") {
  const std::string text = "[Event \"bom\"]\n1. 炮二平五 马８进７ *\n";
  const RecordFile utf8 = read_record("\xEF\xBB\xBF" + text);
  CHECK(utf8.encoding == "UTF-8");
  require_clean(utf8, 1);
  CHECK(utf8.games[0].tag("Event") == "bom");  // the mark is not part of the first tag
  std::string utf16;
  REQUIRE(convert(text, "UTF-8", "UTF-16LE", utf16));
  const RecordFile wide = read_record("\xFF\xFE" + utf16);
  CHECK(wide.encoding == "UTF-16LE");
  require_clean(wide, 1);
  CHECK(wide.games[0].moves == utf8.games[0].moves);
  CHECK_THAT(read_record("\xFF\xFE\x41").error, Contains("malformed UTF-16LE"));
}
