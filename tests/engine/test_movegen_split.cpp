// Captures and quiet moves are generated separately (the move picker asks for captures first
// and for quiet moves only if no capture cut the node). Each must be exactly the full list's
// part, in the full list's order: the picker breaks ties by generation order, so a change of
// order would change the search. Random games reach every piece's captures.
#include <catch2/catch.hpp>
#include <random>

#include "engine/movegen.h"

using namespace xq;

TEST_CASE("captures and quiet moves are the full list split in its order, along random games", "[engine][movegen]") {
  std::mt19937 rng(26);
  int stepping_captures = 0, positions = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos;
    for (int ply = 0; ply < 160; ++ply, ++positions) {
      INFO("game " << game << " ply " << ply);
      MoveList all, captures, quiets, want_captures, want_quiets;
      generate_pseudo<ALL>(pos, all);
      generate_pseudo<CAPTURES>(pos, captures);
      generate_pseudo<QUIETS>(pos, quiets);
      for (Move m : all) (pos.is_capture(m) ? want_captures : want_quiets).push(m);
      REQUIRE(std::vector<Move>(captures.begin(), captures.end()) ==
              std::vector<Move>(want_captures.begin(), want_captures.end()));
      REQUIRE(std::vector<Move>(quiets.begin(), quiets.end()) == std::vector<Move>(want_quiets.begin(), want_quiets.end()));
      for (Move m : captures) {
        const PieceType t = type_of(pos.piece_on(from_sq(m)));
        stepping_captures += t != ROOK && t != CANNON;
      }
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      // Captures are preferred half the time, so the games thin out and pieces meet.
      MoveList legal_captures;
      for (Move m : moves)
        if (pos.is_capture(m)) legal_captures.push(m);
      const bool take = !legal_captures.empty() && rng() % 2 == 0;
      pos.do_move(take ? legal_captures[int(rng() % legal_captures.size())] : moves[int(rng() % moves.size())]);
    }
  }
  CHECK(positions > 2000);
  CHECK(stepping_captures > 500);  // horses, pawns, elephants, advisors and kings captured
}
