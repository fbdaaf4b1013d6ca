// FEN fields 5 and 6: the halfmove clock (plies since the last capture, Position::rule60_count)
// and the fullmove number, read, written after moves, restored by undo, and rejected when
// malformed with the position left as it was.
#include <catch2/catch.hpp>

#include "../test_positions.h"
#include "engine/notation.h"

using namespace xq;
using test::from_fen;
using test::play;

namespace {

const std::string KINGS_AND_ROOK = "3k5/9/9/9/9/9/9/9/9/R3K4";  // quiet moves for both sides

std::string fields_after_placement(const Position& pos) {
  const std::string fen = to_fen(pos);
  return fen.substr(fen.find(' '));
}

// Sets a position with counters, feeds the bad FEN, and checks the error and an untouched position.
void expect_rejected(const std::string& fen, const std::string& fragment) {
  Position pos = from_fen(KINGS_AND_ROOK + " b - - 17 42");
  const FenResult res = set_fen(pos, fen);
  INFO("FEN: " << fen << "  error: " << res.error);
  CHECK_FALSE(res.ok);
  CHECK(res.error.find(fragment) != std::string::npos);
  CHECK(to_fen(pos) == KINGS_AND_ROOK + " b - - 17 42");
  CHECK(pos.rule60_count() == 17);
  CHECK(pos.fullmove_number() == 42);
}

}  // namespace

TEST_CASE("FEN counters: missing fields default to 0 and 1, given ones are kept", "[engine][fen]") {
  struct Case {
    std::string tail;
    int rule60, fullmove;
  };
  for (const Case& c : {Case{" w", 0, 1}, Case{" w -", 0, 1}, Case{" w - -", 0, 1}, Case{" w - - 7", 7, 1},
                        Case{" w - - 7 12", 7, 12}, Case{" b - - 119 60", 119, 60}, Case{" r - - 0 1", 0, 1}}) {
    const Position pos = from_fen(KINGS_AND_ROOK + c.tail);
    INFO(c.tail);
    CHECK(pos.rule60_count() == c.rule60);
    CHECK(pos.fullmove_number() == c.fullmove);
  }
  // Some writers number the first move 0; it reads as move 1.
  CHECK(from_fen(KINGS_AND_ROOK + " w - - 3 0").fullmove_number() == 1);
  // The largest counters accepted.
  const Position big = from_fen(KINGS_AND_ROOK + " w - - 100000000 100000000");
  CHECK(big.rule60_count() == 100000000);
  CHECK(big.fullmove_number() == 100000000);
}

TEST_CASE("FEN counters: the writer always writes all six fields and reads back the same", "[engine][fen]") {
  CHECK(to_fen(Position()) == Position::START_FEN);
  CHECK(to_fen(from_fen(KINGS_AND_ROOK + " b")) == KINGS_AND_ROOK + " b - - 0 1");
  for (const char* tail : {" w - - 0 1", " b - - 37 80", " w - - 121 3", " b - - 0 100000000"}) {
    const std::string fen = KINGS_AND_ROOK + tail;
    CHECK(to_fen(from_fen(fen)) == fen);
  }
}

TEST_CASE("FEN counters after moves: a capture resets the clock, Black's move ends a full move", "[engine][fen]") {
  Position pos;
  const std::string start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
  play(pos, "h2e2");  // quiet
  CHECK(to_fen(pos) == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
  play(pos, "h9g7");  // quiet, and Black's move completes move 1
  CHECK(to_fen(pos) == "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
  play(pos, "e2e6");  // the cannon takes the pawn on e6 over the screen on e3
  CHECK(pos.rule60_count() == 0);
  CHECK(to_fen(pos) == "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2");
  play(pos, "g7e6");  // the horse takes back: a capture again
  CHECK(to_fen(pos) == "rnbakab1r/9/1c5c1/p1p1n1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR w - - 0 3");
  play(pos, "i0i1");
  CHECK(fields_after_placement(pos) == " b - - 1 3");

  // Undo restores every earlier count, down to the root.
  const char* expected[] = {" w - - 0 3", " b - - 0 2", " w - - 2 2", " b - - 1 1", " w - - 0 1"};
  for (const char* tail : expected) {
    pos.undo_move();
    CHECK(fields_after_placement(pos) == tail);
  }
  CHECK(to_fen(pos) == start + " w - - 0 1");
}

TEST_CASE("FEN counters: a root where Black moves first numbers its moves from the FEN", "[engine][fen]") {
  Position pos = from_fen(KINGS_AND_ROOK + " b - - 3 5");
  play(pos, "d9d8");
  CHECK(pos.fullmove_number() == 6);
  CHECK(pos.rule60_count() == 4);
  play(pos, "a0a1");
  CHECK(pos.fullmove_number() == 6);
  CHECK(to_fen(pos) == "9/3k5/9/9/9/9/9/9/R8/4K4 b - - 5 6");
}

TEST_CASE("rule60_count: a null move keeps it, undo restores it, reset_history keeps the counters", "[engine][fen]") {
  Position pos = from_fen(KINGS_AND_ROOK + " w - - 50 30");
  play(pos, "a0a1");
  REQUIRE(pos.rule60_count() == 51);
  pos.do_null_move();
  CHECK(pos.rule60_count() == 51);  // no move was made
  pos.undo_null_move();
  CHECK(pos.rule60_count() == 51);
  play(pos, "d9d8");
  CHECK(pos.rule60_count() == 52);
  pos.undo_move();
  CHECK(pos.rule60_count() == 51);

  play(pos, "d9d8");
  pos.reset_history();  // the position after two moves becomes the root; its counts go with it
  CHECK(pos.game_ply() == 0);
  CHECK(pos.rule60_count() == 52);
  CHECK(pos.fullmove_number() == 31);
  CHECK(to_fen(pos) == "9/3k5/9/9/9/9/9/9/R8/4K4 w - - 52 31");
}

TEST_CASE("FEN counters: malformed fields are rejected and the position is unchanged", "[engine][fen]") {
  const std::string b = KINGS_AND_ROOK + " w";
  expect_rejected(b + " - - -1 1", "bad halfmove clock '-1'");
  expect_rejected(b + " - - abc 1", "bad halfmove clock 'abc'");
  expect_rejected(b + " - - +3 1", "bad halfmove clock '+3'");
  expect_rejected(b + " - - 1.5 1", "bad halfmove clock '1.5'");
  expect_rejected(b + " - - 7x 1", "bad halfmove clock '7x'");
  expect_rejected(b + " - - 100000001 1", "from 0 to 100000000");
  expect_rejected(b + " - - 99999999999999999999 1", "bad halfmove clock");  // beyond int: not wrapped
  expect_rejected(b + " - - 0 -1", "bad fullmove number '-1'");
  expect_rejected(b + " - - 0 one", "bad fullmove number 'one'");
  expect_rejected(b + " - - 0 1 2", "FEN has 7 fields, expected at most 6");
  expect_rejected(b + " - - 1 2 3 4", "FEN has 8 fields");
  expect_rejected(b + " KQkq - 0 1", "field 3 must be '-' (Xiangqi has no castling), got 'KQkq'");
  expect_rejected(b + " - e3 0 1", "field 4 must be '-' (Xiangqi has no en passant)");
  // Counters written where castling and en passant belong: the error points to fields 5 and 6.
  expect_rejected(b + " 0 1", "the move counters are fields 5 and 6");
}

TEST_CASE("FEN counters: a huge bad field is quoted only in part", "[engine][fen]") {
  Position pos;
  const FenResult r = set_fen(pos, KINGS_AND_ROOK + " w - - " + std::string(100000, '7') + "x 1");
  CHECK_FALSE(r.ok);
  CHECK(r.error.size() < 200);
  CHECK(r.error.find("7777...") != std::string::npos);
  const FenResult side = set_fen(pos, KINGS_AND_ROOK + " " + std::string(100000, 'q'));
  CHECK_FALSE(side.ok);
  CHECK(side.error.size() < 200);
}
