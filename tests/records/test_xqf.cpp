// XQF (records/xqf.h): XQStudio's encrypted sample equals ElephantEye's PGN conversion of it,
// a hand-made unencrypted 1.0 file reads as its description says, and damaged files give
// errors without crashing.
#include <catch2/catch.hpp>

#include <string>

#include "engine/notation.h"
#include "record_files.h"
#include "records/record.h"

using namespace xq;
using namespace xq::records;
using Catch::Matchers::Contains;

namespace {

std::string normalized(std::string s) {
  std::string out;
  for (const char c : s)
    if (c != '\r') out += c;
  while (!out.empty() && (out.back() == ' ' || out.back() == '\n')) out.pop_back();
  return out;
}

// An XQF 1.0 file as the published description lays it out.
std::string xqf10(bool truncate_last = false) {
  std::string f(0x400, '\0');
  f[0] = 'X', f[1] = 'Q', f[2] = 0x0A;
  for (int i = 0; i < 32; ++i) f[0x10 + i] = char(0xFF);  // every piece absent...
  f[0x10 + 0] = 0;      // ...but the red rook on a0 (X*10+Y = 0)
  f[0x10 + 4] = 40;     // the red king on e0
  f[0x10 + 16 + 4] = 39;  // the black king on d9
  f[0x33] = 3;          // a draw
  f[0x40] = 3;          // an endgame set-up
  const std::string red = "Red player";
  f[0x130] = char(red.size());
  f.replace(0x131, red.size(), red);
  auto record = [&](int from, int to, bool next, const std::string& comment) {
    f += char(from + 24), f += char(to + 32), f += char(next ? 0xF0 : 0x00), f += char(0);
    const auto n = std::uint32_t(comment.size());
    for (int k = 0; k < 4; ++k) f += char((n >> (8 * k)) & 0xFF);
    f += comment;
  };
  record(0, 0, true, "start");  // record 0: the empty move, its comment stands before the game
  record(0, 1, true, "hello");  // a0a1
  record(39, 38, false, "");    // d9d8
  if (truncate_last) f.resize(f.size() - 5);
  return f;
}

}  // namespace

TEST_CASE("SAMPLE.XQF (encrypted, version 0x12) equals its PGN conversion", "[records][xqf]") {
  const RecordFile xqf = read_record(test::record_bytes("SAMPLE.XQF"));
  const RecordFile pgn = read_record(test::record_bytes("SAMPLE.PGN"));
  REQUIRE(xqf.format == "xqf");
  REQUIRE(xqf.games.size() == 1);
  REQUIRE(pgn.games.size() == 1);
  const GameRecord& x = xqf.games[0];
  const GameRecord& p = pgn.games[0];
  INFO(x.error);
  REQUIRE(x.error.empty());
  CHECK(x.start_fen == p.start_fen);  // the handicap: Red without pawns, advisors and elephants
  CHECK(x.moves == p.moves);
  CHECK(x.moves.size() == 75);
  CHECK(x.result == p.result);
  CHECK(x.tag("Red") == "许银川");
  CHECK(x.tag("Black") == "聂卫平");
  REQUIRE(x.comments.size() == p.comments.size());
  int compared = 0;
  for (size_t i = 0; i < x.comments.size(); ++i) {
    INFO("comment " << i);
    CHECK(normalized(x.comments[i]) == normalized(p.comments[i]));
    compared += !p.comments[i].empty();
  }
  CHECK(compared > 10);
}

TEST_CASE("an unencrypted XQF 1.0 file reads as its description says", "[records][xqf]") {
  const RecordFile f = read_record(xqf10());
  REQUIRE(f.games.size() == 1);
  const GameRecord& g = f.games[0];
  INFO(g.error);
  CHECK(g.error.empty());
  CHECK(g.start_fen == "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
  REQUIRE(g.moves.size() == 2);
  CHECK(move_to_string(g.moves[0]) == "a0a1");
  CHECK(move_to_string(g.moves[1]) == "d9d8");
  CHECK(g.comments[0] == "start");
  CHECK(g.comments[1] == "hello");
  CHECK(g.result == "1/2-1/2");
  CHECK(g.tag("Red") == "Red player");
}

TEST_CASE("truncated and damaged XQF files give errors, never a crash", "[records][xqf][errors]") {
  CHECK_THAT(read_record(xqf10(true)).games[0].error, Contains("truncated after move 1"));
  CHECK_THAT(read_record("XQ\x12").error, Contains("truncated XQF file"));
  const std::string sample = test::record_bytes("SAMPLE.XQF");
  for (size_t len = 0; len < sample.size(); len += 7) {
    const RecordFile f = read_record(sample.substr(0, len));
    if (len >= 0x400) {
      REQUIRE(f.games.size() == 1);
      CHECK(!f.games[0].error.empty());  // cut short: the game says so
    } else {
      CHECK(!f.error.empty());
    }
  }
  std::uint64_t seed = 99;
  auto next = [&] { return seed = seed * 6364136223846793005ULL + 1442695040888963407ULL, seed >> 33; };
  for (int round = 0; round < 300; ++round) {
    std::string damaged = sample;
    for (int k = 0; k < 4; ++k) damaged[2 + next() % (damaged.size() - 2)] = char(next() & 0xFF);
    const RecordFile f = read_record(damaged);
    for (const GameRecord& g : f.games) {
      Position pos;
      REQUIRE(set_fen(pos, g.start_fen).ok);
      for (const Move m : g.moves) {
        REQUIRE((pos.is_pseudo_legal(m) && pos.is_legal(m)));
        pos.do_move(m);
      }
    }
  }
}
