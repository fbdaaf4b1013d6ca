// Move text in the three notations (records/move_text.h): what the writer produces for pieces
// sharing a file, that the reader reads every legal move back from it (real games, random games,
// constructed positions with two to five pawns on a file for both colours), and the WXF and
// Chinese forms other programs write.
#include <catch2/catch.hpp>

#include <cctype>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "record_files.h"
#include "records/move_text.h"
#include "records/record.h"

using namespace xq;
using namespace xq::records;
using Catch::Matchers::Contains;

namespace {

Position from_fen(const std::string& fen) {
  Position pos;
  const FenResult fr = set_fen(pos, fen);
  INFO(fr.error);
  REQUIRE(fr.ok);
  return pos;
}

Move iccs(Position& pos, const std::string& text) {
  const MoveResult mr = parse_move(pos, text);
  REQUIRE(mr.ok());
  return mr.move;
}

// Every legal move written in `n` reads back as itself.
void require_round_trip(Position& pos, Notation n) {
  for (const Move m : legal_moves(pos)) {
    const std::string text = write_move(pos, m, n);
    const MoveResult back = read_move(pos, text, n);
    INFO(to_fen(pos) << "  " << move_to_string(m) << " written " << text << ": " << back.error);
    REQUIRE(back.ok());
    REQUIRE(back.move == m);
  }
}

std::string written(Position& pos, const std::string& move, Notation n) { return write_move(pos, iccs(pos, move), n); }

std::string read_iccs(Position& pos, const std::string& text, Notation n) {
  const MoveResult mr = read_move(pos, text, n);
  INFO(text << ": " << mr.error);
  REQUIRE(mr.ok());
  return move_to_string(mr.move);
}

}  // namespace

TEST_CASE("WXF forms other programs write", "[records][notation]") {
  Position pos;
  for (const char* text : {"C2.5", "C2=5", "C25", "c2.5", "Ｃ２＝５", "Ｃ２．５"}) CHECK(read_iccs(pos, text, Notation::Wxf) == "h2e2");
  CHECK(read_iccs(pos, "H2+3", Notation::Wxf) == "h0g2");
  CHECK(read_iccs(pos, "N2+3", Notation::Wxf) == "h0g2");
  CHECK(read_iccs(pos, "B3+5", Notation::Wxf) == "g0e2");
  CHECK(read_iccs(pos, "P7+1", Notation::Wxf) == "c3c4");
  CHECK(notation_of("C2.5") == Notation::Wxf);
  CHECK(notation_of("h2e2") == Notation::Iccs);
  CHECK(notation_of("H2-E2") == Notation::Iccs);
  CHECK(notation_of("炮二平五") == Notation::Chinese);
  CHECK(notation_of("hello") == Notation::Unknown);
  // Two rooks on Red's file 9: front and rear, marker before the letter or in place of the file.
  Position two = from_fen("3k5/9/9/9/9/9/R8/9/R8/4K4 w");
  CHECK(read_iccs(two, "+R+1", Notation::Wxf) == "a3a4");
  CHECK(read_iccs(two, "R++1", Notation::Wxf) == "a3a4");
  CHECK(read_iccs(two, "-R+1", Notation::Wxf) == "a1a2");
  CHECK(read_iccs(two, "R-+1", Notation::Wxf) == "a1a2");
  CHECK_THAT(read_move(two, "R9+1", Notation::Wxf).error, Contains("ambiguous"));
  CHECK(written(two, "a3a4", Notation::Wxf) == "+R+1");
  CHECK(written(two, "a1a2", Notation::Chinese) == "后车进一");
  CHECK_THAT(read_move(two, "R9+9", Notation::Wxf).error, Contains("no legal red move"));
  CHECK_THAT(read_move(two, "R9x1", Notation::Wxf).error, Contains("malformed WXF move"));
}

TEST_CASE("Chinese forms: traditional characters, Black's digits, advisors told apart by direction", "[records][notation]") {
  Position pos;
  for (const char* text : {"炮二平五", "砲二平五", "炮2平5"}) CHECK(read_iccs(pos, text, Notation::Chinese) == "h2e2");
  CHECK(read_iccs(pos, "傌二進三", Notation::Chinese) == "h0g2");
  CHECK(read_iccs(pos, "俥一進一", Notation::Chinese) == "i0i1");
  CHECK(written(pos, "h2e2", Notation::Chinese) == "炮二平五");
  pos.do_move(iccs(pos, "h2e2"));
  CHECK(read_iccs(pos, "马８进７", Notation::Chinese) == "h9g7");
  CHECK(read_iccs(pos, "馬8進7", Notation::Chinese) == "h9g7");
  CHECK(written(pos, "h9g7", Notation::Chinese) == "马８进７");
  CHECK(written(pos, "h9g7", Notation::Wxf) == "H8+7");
  // Red advisors on d0 and d2 share file 6: 进 and 退 tell them apart.
  Position adv = from_fen("5k3/9/9/9/9/9/9/3A5/9/3AK4 w");
  CHECK(read_iccs(adv, "仕六进五", Notation::Chinese) == "d0e1");
  CHECK(read_iccs(adv, "仕六退五", Notation::Chinese) == "d2e1");
  CHECK(written(adv, "d2e1", Notation::Chinese) == "仕六退五");
  CHECK_THAT(read_move(adv, "仕六平五", Notation::Chinese).error, Contains("no legal"));
  CHECK_THAT(read_move(adv, "炮二炮五", Notation::Chinese).error, Contains("malformed Chinese move"));
}

TEST_CASE("three to five pawns on one file, both colours", "[records][notation]") {
  // Red: five pawns on file c (Red's 7), c5..c9, the front one on c9.
  Position red = from_fen("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w");
  CHECK(written(red, "c9b9", Notation::Chinese) == "前兵平八");
  CHECK(written(red, "c8b8", Notation::Chinese) == "二兵平八");
  CHECK(written(red, "c5b5", Notation::Chinese) == "五兵平八");
  CHECK(written(red, "c8b8", Notation::Wxf) == "2P.8");
  CHECK(written(red, "c5b5", Notation::Wxf) == "5P.8");
  CHECK(read_iccs(red, "三兵平六", Notation::Chinese) == "c7d7");
  CHECK(read_iccs(red, "后兵平八", Notation::Chinese) == "c5b5");
  CHECK_THAT(read_move(red, "四兵进一", Notation::Chinese).error, Contains("no legal red move"));  // c7 is taken
  require_round_trip(red, Notation::Chinese);
  require_round_trip(red, Notation::Wxf);
  // Black: three pawns on file g (Black's 7), g2..g4, the front one on g2: 前 中 后.
  Position black = from_fen("4k4/9/9/9/9/6p2/6p2/6p2/9/3K5 b");
  CHECK(written(black, "g2f2", Notation::Chinese) == "前卒平６");
  CHECK(written(black, "g3f3", Notation::Chinese) == "中卒平６");
  CHECK(written(black, "g4f4", Notation::Chinese) == "后卒平６");
  CHECK(written(black, "g3h3", Notation::Wxf) == "2P.8");
  CHECK(written(black, "g4h4", Notation::Wxf) == "-P.8");
  CHECK(read_iccs(black, "中卒平８", Notation::Chinese) == "g3h3");
  CHECK(read_iccs(black, "前卒进1", Notation::Chinese) == "g2g1");
  require_round_trip(black, Notation::Chinese);
  require_round_trip(black, Notation::Wxf);
}

TEST_CASE("two files with two pawns each: the file is written with the marker", "[records][notation]") {
  Position pos = from_fen("4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w");
  CHECK(written(pos, "c6c7", Notation::Chinese) == "前兵七进一");
  CHECK(written(pos, "g5f5", Notation::Chinese) == "后兵三平四");
  CHECK(written(pos, "c6c7", Notation::Wxf) == "+P7+1");
  CHECK(read_iccs(pos, "前七进一", Notation::Chinese) == "c6c7");
  CHECK_THAT(read_move(pos, "前兵进一", Notation::Chinese).error, Contains("ambiguous"));
  require_round_trip(pos, Notation::Chinese);
  require_round_trip(pos, Notation::Wxf);
}

TEST_CASE("every legal move of random games reads back from WXF and Chinese", "[records][notation]") {
  std::mt19937 rng(2026);
  for (int game = 0; game < 40; ++game) {
    Position pos;
    for (int ply = 0; ply < 120; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.size() == 0) break;
      require_round_trip(pos, Notation::Wxf);
      require_round_trip(pos, Notation::Chinese);
      pos.do_move(moves[rng() % moves.size()]);
    }
  }
}

TEST_CASE("1125 master games written in WXF and Chinese read back move for move", "[records][notation]") {
  const RecordFile f = read_record(test::record_bytes("liu_dahua_1125_iccs.pgn"));
  REQUIRE(f.games.size() == 1125);
  for (const GameRecord& g : f.games) {
    Position pos = from_fen(g.start_fen);
    for (const Move m : g.moves) {
      for (const Notation n : {Notation::Wxf, Notation::Chinese}) {
        const MoveResult back = read_move(pos, write_move(pos, m, n), n);
        REQUIRE(back.ok());
        REQUIRE(back.move == m);
      }
      pos.do_move(m);
    }
  }
}

namespace {

// A FEN from a list of (piece letter, file, rank); "" when two pieces share a square.
std::string fen_of(const std::vector<std::tuple<char, int, int>>& pieces, char side) {
  char board[RANK_NB][FILE_NB] = {};
  for (const auto& [c, f, r] : pieces) {
    if (board[r][f]) return "";
    board[r][f] = c;
  }
  std::string fen;
  for (int r = RANK_NB - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < FILE_NB; ++f) {
      if (!board[r][f]) { ++empty; continue; }
      if (empty) fen += char('0' + empty), empty = 0;
      fen += board[r][f];
    }
    if (empty) fen += char('0' + empty);
    if (r) fen += '/';
  }
  return fen + ' ' + side;
}

}  // namespace

TEST_CASE("two to five pawns on a file, with doubled rooks, horses and cannons, both colours, every file",
          "[records][notation]") {
  int positions = 0;
  for (const bool red : {true, false}) {
    for (int k = 2; k <= 5; ++k) {
      for (int file = 0; file < FILE_NB; ++file) {
        std::vector<std::tuple<char, int, int>> pieces = {{'K', 3, 0}, {'k', 5, 9}};
        // k pawns of the side on `file`, all across the river; two more on the next file.
        for (int i = 0; i < k; ++i) pieces.emplace_back(red ? 'P' : 'p', file, red ? 5 + i : 4 - i);
        const int other = (file + 1) % FILE_NB;
        for (int i = 0; i < 2 && k < 5; ++i) pieces.emplace_back(red ? 'P' : 'p', other, red ? 8 - i : 1 + i);
        // Two rooks, two horses and two cannons of the side sharing files too.
        const int far = (file + 4) % FILE_NB, far2 = (file + 6) % FILE_NB;
        for (const auto& [c, f, r] : std::vector<std::tuple<char, int, int>>{
                 {'R', far, 1}, {'R', far, 3}, {'N', far2, 2}, {'N', far2, 4}, {'C', other, 3}, {'C', other, 4}})
          pieces.emplace_back(red ? c : char(std::tolower(c)), f, red ? r : 9 - r);
        for (const char side : {'w', 'b'}) {
          const std::string fen = fen_of(pieces, side);
          Position pos;
          if (fen.empty() || !set_fen(pos, fen).ok) continue;  // squares clash or a king stands in check
          ++positions;
          require_round_trip(pos, Notation::Wxf);
          require_round_trip(pos, Notation::Chinese);
        }
      }
    }
  }
  // Some layouts clash with a king or leave the side not to move in check; at least half stand.
  CHECK(positions >= 72);
}
