// The colour-mirrored twin of a position (frontend/flip.h, the `flip` command): flipping twice
// gives the FEN back, and the twin is the same game seen from the other side, so the
// evaluation (side to move's view) and perft agree with the original's.
#include <catch2/catch.hpp>

#include <sstream>

#include "engine/fide/movegen.h"
#include "engine/fide/notation.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "frontend/flip.h"
#include "search/bench.h"
#include "eval/classical.h"
#include "../test_positions.h"

using xq::frontend::flip_chess_fen;
using xq::frontend::flip_xiangqi_fen;

namespace {

// The bench positions after their moves: openings, middle games, endings, repetition cases.
std::vector<std::string> sample_fens() {
  std::vector<std::string> fens;
  for (const xq::search::BenchPosition& b : xq::search::bench_positions()) {
    xq::Position pos = b.fen ? xq::test::from_fen(b.fen) : xq::Position();
    std::istringstream moves(b.moves ? b.moves : "");
    for (std::string m; moves >> m;) xq::test::play(pos, m);
    fens.push_back(xq::to_fen(pos));
  }
  return fens;
}

xq::fide::Position chess_from(const std::string& fen) {
  xq::fide::Position pos;
  const xq::fide::FenResult r = xq::fide::set_fen(pos, fen);
  INFO(fen << ": " << r.error);
  REQUIRE(r.ok);
  return pos;
}

}  // namespace

TEST_CASE("flip: the Xiangqi start position and a position with counters", "[frontend][flip]") {
  // The start position is its own mirror image: only the side to move changes.
  CHECK(flip_xiangqi_fen(xq::Position::START_FEN) ==
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
  CHECK(flip_xiangqi_fen("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2") ==
        "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/RNBAKAB1R b - - 2 2");
  CHECK(flip_xiangqi_fen("3k5/9/9/9/9/9/9/9/4C4/R4K3 b - - 17 40") == "r4k3/4c4/9/9/9/9/9/9/9/3K5 w - - 17 40");
}

TEST_CASE("flip: every sample position flips back, evaluates and counts the same", "[frontend][flip]") {
  const std::vector<std::string> fens = sample_fens();
  REQUIRE(fens.size() >= 30);  // the bench's positions all ran
  int different = 0;
  for (const std::string& fen : fens) {
    const std::string twin = flip_xiangqi_fen(fen);
    INFO(fen << "\nflipped: " << twin);
    CHECK(flip_xiangqi_fen(twin) == fen);
    xq::Position original = xq::test::from_fen(fen), flipped = xq::test::from_fen(twin);
    CHECK(xq::to_fen(flipped) == twin);  // the reader accepts it unchanged
    CHECK(flipped.side_to_move() == ~original.side_to_move());
    CHECK(flipped.in_check() == original.in_check());
    CHECK(xq::eval::evaluate(flipped) == xq::eval::evaluate(original));
    CHECK(xq::perft(flipped, 3) == xq::perft(original, 3));
    different += twin != fen;
  }
  CHECK(different == int(fens.size()));  // the side to move alone makes every twin differ
}

TEST_CASE("flip: chess castling rights change hands, the en-passant square changes rank", "[frontend][flip]") {
  CHECK(flip_chess_fen("rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3") ==
        "rnbqkbnr/pppp1ppp/8/8/2PPp3/8/PP2PPPP/RNBQKBNR b KQkq d3 0 3");
  CHECK(flip_chess_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 5 9") == "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 5 9");
  CHECK(flip_chess_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1") == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  for (const std::string fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                                "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
                                "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 5 9"}) {
    const std::string twin = flip_chess_fen(fen);
    INFO(fen << "\nflipped: " << twin);
    CHECK(flip_chess_fen(twin) == fen);
    xq::fide::Position original = chess_from(fen), flipped = chess_from(twin);
    CHECK(xq::fide::to_fen(flipped) == twin);
    CHECK(xq::fide::perft(flipped, 3) == xq::fide::perft(original, 3));
  }
}
