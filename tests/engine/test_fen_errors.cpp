// Bad FEN and bad move strings: a clear error naming the problem, and the position unchanged.
#include <catch2/catch.hpp>

#include "engine/notation.h"

using namespace xq;

namespace {
const char* GOOD = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

// Sets a known position, feeds the bad FEN, and checks error text and an untouched position.
void expect_rejected(const std::string& fen, const std::string& fragment) {
  Position pos;
  REQUIRE(set_fen(pos, "3k5/9/9/9/9/9/9/9/9/4K4 b").ok);
  const std::string before = to_fen(pos);
  const Key key = pos.key();
  const FenResult res = set_fen(pos, fen);
  INFO("FEN: " << fen << "  error: " << res.error);
  CHECK_FALSE(res.ok);
  CHECK(res.error.find(fragment) != std::string::npos);
  CHECK(to_fen(pos) == before);
  CHECK(pos.key() == key);
}
}  // namespace

TEST_CASE("malformed FEN is rejected with a reason", "[engine][fen]") {
  expect_rejected("", "empty");
  expect_rejected("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w", "rows");
  expect_rejected("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w", "too many rows");
  expect_rejected("rnbakabnr/9/1c5c1/p1p1p1p1p/8/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "row 5 has 8 squares");
  expect_rejected("rnbakabnr/9/1c5c1/p1p1p1p1p1/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "wider");
  expect_rejected("rnbakabnr/9/1c5c1/p1p1p1p1p/9/4X4/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "unknown piece letter 'X'");
  expect_rejected("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "no side to move");
  expect_rejected("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "unknown side");
}

TEST_CASE("impossible material and placements are rejected", "[engine][fen]") {
  expect_rejected("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "missing black king");
  expect_rejected("3k1k3/9/9/9/9/9/9/9/9/4K4 w", "too many black kings");
  expect_rejected("4k4/9/9/9/9/9/9/9/9/RRR1K4 w", "too many red rooks");
  expect_rejected("4k4/9/9/9/9/9/PPPPPP3/9/9/4K4 w", "too many red pawns");
  expect_rejected("4k4/9/9/9/9/9/9/9/9/K8 w", "red king on a0 is outside its palace");
  expect_rejected("4k4/9/9/9/9/9/9/9/9/4K4 w", "face each other");
  expect_rejected("4k4/9/9/9/9/9/9/9/4R4/3K5 w", "side not to move (black) is in check");
}

TEST_CASE("both letter sets are accepted", "[engine][fen]") {
  Position a, b;
  REQUIRE(set_fen(a, GOOD).ok);
  REQUIRE(set_fen(b, "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1").ok);
  CHECK(a.key() == b.key());
  CHECK(to_fen(a) == to_fen(b));
}

TEST_CASE("unusual but rule-defined placements warn, strict mode rejects", "[engine][fen]") {
  // WXF case 103: a black pawn on i7, behind Black's starting rank.
  const std::string fen = "3k5/4a4/4ba3/8p/9/9/2p6/9/4A4/4K4 w";
  Position pos;
  const FenResult res = set_fen(pos, "3k5/9/8p/9/9/9/9/9/9/4K4 w");
  REQUIRE(res.ok);
  REQUIRE(res.warnings.size() == 1);
  CHECK(res.warnings[0].find("black pawn on i7 is behind its starting rank") != std::string::npos);
  Position strict;
  const FenResult sres = set_fen(strict, "3k5/9/8p/9/9/9/9/9/9/4K4 w", FenOptions{true});
  CHECK_FALSE(sres.ok);
  CHECK(sres.error.find("strict") != std::string::npos);
  CHECK(set_fen(pos, "3k5/9/9/9/9/9/9/9/3A5/4K4 w").warnings.size() == 1);  // advisor off its points
  CHECK(set_fen(pos, "3k5/9/9/9/9/9/9/1B7/9/4K4 w").warnings.size() == 1);  // elephant off its points
  CHECK(set_fen(pos, "3k5/9/9/9/9/1P7/9/9/9/4K4 w").warnings.size() == 1);  // pawn on an unreachable file
  (void)fen;
}

TEST_CASE("malformed and illegal moves are rejected, position unchanged", "[engine][move]") {
  Position pos;
  REQUIRE(set_fen(pos, GOOD).ok);
  const Key key = pos.key();
  for (const char* bad : {"", "h2", "h2e", "h2e2x", "j2e2", "h2eA", "H2E2", "h2-e2"}) {
    const MoveResult r = parse_move(pos, bad);
    INFO(bad << ": " << r.error);
    CHECK_FALSE(r.ok());
    CHECK(r.error.find("malformed") != std::string::npos);
  }
  for (const char* bad : {"h2h8", "e0e2", "a0a5", "b0b2", "e3e5", "e5e6", "c0e3", "h2h2"}) {
    const MoveResult r = parse_move(pos, bad);
    INFO(bad << ": " << r.error);
    CHECK_FALSE(r.ok());
    CHECK(r.error.find("illegal") != std::string::npos);
  }
  CHECK(pos.key() == key);
  CHECK(pos.game_ply() == 0);
  CHECK(parse_move(pos, "h2e2").ok());
  CHECK(parse_move(pos, "b0c2").ok());
}
