// Position::gives_check rules most moves out by geometry before trying any on the board; the
// geometry must never rule out a real check. Compared here with the move tried on the board,
// for every legal move along random games (which soon thin out the board, so that discovered,
// cannon-screen, horse-leg and facing-king checks all occur).
#include <catch2/catch.hpp>
#include <random>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "../test_positions.h"

using namespace xq;

namespace {

bool checks_on_board(Position& pos, Move m) {
  const Color them = ~pos.side_to_move();
  const Piece captured = pos.make_board(m);
  const bool check = pos.in_check(them);
  pos.unmake_board(m, captured);
  return check;
}

}  // namespace

TEST_CASE("gives_check equals the move tried on the board in random games", "[engine][check]") {
  std::mt19937 rng(2026);
  int checks = 0, quiet = 0, by_type[PIECE_TYPE_NB] = {};
  for (int game = 0; game < 300; ++game) {
    Position pos;
    for (int ply = 0; ply < 200; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      for (const Move m : moves) {
        const bool expected = checks_on_board(pos, m);
        REQUIRE(pos.gives_check(m) == expected);
        if (expected) {
          ++checks;
          ++by_type[type_of(pos.piece_on(from_sq(m)))];
        } else {
          ++quiet;
        }
      }
      const Move m = moves[int(rng() % moves.size())];
      const bool expected = checks_on_board(pos, m);
      pos.do_move(m);
      REQUIRE(pos.in_check() == expected);
    }
  }
  // The walk met checks by every piece that can give one, not just quiet moves.
  CHECK(checks > 1000);
  CHECK(quiet > 100 * checks / 10);
  for (PieceType t : {KING, HORSE, ROOK, CANNON, PAWN}) CHECK(by_type[t] > 0);
}

TEST_CASE("gives_check finds discovered, screen and facing-king checks", "[engine][check]") {
  struct Case {
    const char* fen;
    const char* move;
    bool check;
  };
  const Case cases[] = {
      {"4k4/9/9/9/4N4/9/9/9/4R4/3K5 w", "e5c4", true},   // the horse unmasks the rook
      {"4k4/9/9/9/9/9/9/2N6/4C4/3K5 w", "c2e3", true},   // the horse becomes the cannon's screen
      {"4k4/9/9/3N5/9/9/9/9/9/3K5 w", "d6c8", true},     // a horse step onto the king
      {"4k4/9/9/3N5/9/9/9/9/9/3K5 w", "d6b5", false},    // a horse step that misses
      {"4k4/9/4P4/9/9/9/9/9/9/3K5 w", "e7e8", true},     // a pawn steps next to the king
      {"4k4/3P5/3N5/9/9/9/9/9/9/3K5 w", "d8c8", true},   // the pawn frees the horse's leg
      {"4k4/3P5/3N5/9/9/9/9/9/9/3K5 w", "d0d1", false},  // the king's own step changes nothing
  };

  for (const Case& c : cases) {
    Position pos;
    REQUIRE(set_fen(pos, c.fen).ok);
    const MoveResult mr = parse_move(pos, c.move);
    REQUIRE(mr.ok());
    INFO(c.fen << " " << c.move);
    CHECK(pos.gives_check(mr.move) == c.check);
    CHECK(pos.gives_check(mr.move) == checks_on_board(pos, mr.move));
  }
}

TEST_CASE("is_legal equals the move tried on the board in random games", "[engine][check]") {
  int illegal = 0, evasions = 0;
  test::for_pseudo_moves_of_random_games(4242, 300, 200, [&](Position& pos, Move m) {
    const bool expected = pos.is_legal_for_owner(m);
    REQUIRE(pos.is_legal(m) == expected);
    illegal += !expected;
    evasions += pos.in_check();
  });
  CHECK(illegal > 1000);  // pins, screens, facing kings and horse legs all came up
  CHECK(evasions > 1000);  // and moves tried in check
}
