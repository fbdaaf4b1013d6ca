// The incremental key must equal the key computed from scratch after every move and undo.
#include <catch2/catch.hpp>
#include <random>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "../test_positions.h"

using namespace xq;

TEST_CASE("incremental Zobrist key equals key from scratch in random games", "[engine][zobrist]") {
  std::mt19937 rng(12345);
  for (int game = 0; game < 200; ++game) {
    Position pos;
    std::vector<Key> keys{pos.key()};
    for (int ply = 0; ply < 150; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      pos.do_move(moves[int(rng() % moves.size())]);
      REQUIRE(pos.key() == pos.compute_key());
      REQUIRE(pos.in_check() == pos.in_check(pos.side_to_move()));
      REQUIRE_FALSE(pos.in_check(~pos.side_to_move()));
      keys.push_back(pos.key());
    }
    // Unwind the whole game: every earlier key comes back.
    while (pos.game_ply() > 0) {
      pos.undo_move();
      keys.pop_back();
      REQUIRE(pos.key() == keys.back());
      REQUIRE(pos.key() == pos.compute_key());
    }
  }
}

// The search asks for a child's table entry by key_after(m) before it makes m: a wrong key
// would still search correctly, only slower, so only this test can see it.
TEST_CASE("key_after(m) is the key after m, for every pseudo-legal move of random games", "[engine][zobrist]") {
  long checked = 0, captures = 0;
  test::for_pseudo_moves_of_random_games(777, 40, 150, [&](Position& pos, Move m) {
    const Key expected = pos.key_after(m);
    captures += pos.is_capture(m);
    pos.do_move(m);
    CHECK(pos.key() == expected);
    pos.undo_move();
    ++checked;
  });
  CHECK(checked > 100000);
  CHECK(captures > 1000);
}

TEST_CASE("side to move is part of the key", "[engine][zobrist]") {
  Position a, b;
  REQUIRE(set_fen(a, "4k4/9/9/9/9/9/9/9/9/3K5 w").ok);
  REQUIRE(set_fen(b, "4k4/9/9/9/9/9/9/9/9/3K5 b").ok);
  CHECK(a.key() != b.key());
}

TEST_CASE("FEN round trip over random games", "[engine][fen]") {
  std::mt19937 rng(7);
  Position pos;
  for (int ply = 0; ply < 300; ++ply) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    pos.do_move(moves[int(rng() % moves.size())]);
    Position copy;
    const auto res = set_fen(copy, to_fen(pos));
    REQUIRE(res.ok);
    CHECK(to_fen(copy) == to_fen(pos));
    CHECK(copy.key() == pos.key());
  }
}
