// One test per movement rule, on small hand-made positions.
#include <catch2/catch.hpp>
#include <algorithm>
#include <set>

#include "../test_positions.h"
#include "engine/movegen.h"
#include "engine/notation.h"

using namespace xq;

namespace {
std::set<std::string> moves_from(const std::string& fen, const std::string& from) {
  Position pos = test::from_fen(fen);
  std::set<std::string> out;
  for (Move m : legal_moves(pos))
    if (square_to_string(from_sq(m)) == from) out.insert(move_to_string(m));
  return out;
}
}  // namespace

TEST_CASE("king stays in the palace and moves one step orthogonally", "[engine][rules]") {
  CHECK(moves_from("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0") == std::set<std::string>{"e0e1", "e0f0"});
}

TEST_CASE("kings may not face each other on an open file", "[engine][rules]") {
  // Red's king may not step onto the d-file where Black's king stands with nothing between.
  const auto moves = moves_from("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0");
  CHECK(moves.count("e0d0") == 0);
  // A piece between the kings may not leave the file.
  // A piece alone between the kings may not leave the file: this horse cannot move at all.
  CHECK(moves_from("4k4/9/9/9/4N4/9/9/9/9/4K4 w", "e5").empty());
  CHECK(moves_from("3k5/9/9/9/4N4/9/9/9/9/4K4 w", "e5").size() == 8);
}

TEST_CASE("advisors stay on the palace diagonals", "[engine][rules]") {
  CHECK(moves_from("5k3/9/9/9/9/9/9/9/4A4/3K5 w", "e1") == std::set<std::string>{"e1d2", "e1f2", "e1f0"});
}

TEST_CASE("elephants are blocked by the eye and stay on their own half", "[engine][rules]") {
  CHECK(moves_from("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4") == std::set<std::string>{"c4a2", "c4e2"});
  CHECK(moves_from("3k5/9/9/9/9/2B6/1P7/9/9/4K4 w", "c4") == std::set<std::string>{"c4e2"});
}

TEST_CASE("horses are blocked by the leg", "[engine][rules]") {
  CHECK(moves_from("3k5/9/9/9/9/9/9/9/9/1N2K4 w", "b0") == std::set<std::string>{"b0a2", "b0c2", "b0d1"});
  CHECK(moves_from("3k5/9/9/9/9/9/9/9/1P7/1N2K4 w", "b0") == std::set<std::string>{"b0d1"});
}

TEST_CASE("cannons capture over exactly one screen", "[engine][rules]") {
  Position pos;
  REQUIRE(set_fen(pos, "3k5/9/9/1r7/9/9/1p7/9/9/1C2K4 w").ok);
  MoveList caps;
  generate_legal<CAPTURES>(pos, caps);
  REQUIRE(caps.size() == 1);
  CHECK(move_to_string(caps[0]) == "b0b6");
  MoveList quiets;
  generate_legal<QUIETS>(pos, quiets);
  CHECK(std::none_of(quiets.begin(), quiets.end(), [](Move m) { return move_to_string(m) == "b0b3"; }));
}

TEST_CASE("pawns go forward, sideways only after the river, never back", "[engine][rules]") {
  CHECK(moves_from("3k5/9/9/9/9/9/4P4/9/9/4K4 w", "e3") == std::set<std::string>{"e3e4"});
  CHECK(moves_from("3k5/9/9/9/9/4P4/9/9/9/4K4 w", "e4") == std::set<std::string>{"e4e5"});
  CHECK(moves_from("3k5/9/9/9/4P4/9/9/9/9/4K4 w", "e5") == std::set<std::string>{"e5d5", "e5e6", "e5f5"});
  CHECK(moves_from("3k5/9/9/9/9/9/9/9/9/4K3P w", "i0") == std::set<std::string>{"i0i1"});
  CHECK(moves_from("4P4/3k5/9/9/9/9/9/9/9/4K4 w", "e9") == std::set<std::string>{"e9d9", "e9f9"});
}

TEST_CASE("no move may leave the own king attacked", "[engine][rules]") {
  // The red rook on e3 is pinned against the king by the black rook on e9.
  CHECK(moves_from("3kr4/9/9/9/9/9/4R4/9/9/4K4 w", "e3").count("e3a3") == 0);
  // Moving into a cannon's line can create a screen and so a check: illegal.
  const auto rook = moves_from("3k5/9/4c4/9/9/9/9/9/1R7/4K4 w", "b1");
  CHECK(rook.count("b1e1") == 0);
  CHECK(rook.count("b1d1") == 1);
  // The king may not step onto a square a horse attacks through a free leg.
  CHECK(moves_from("3k5/9/9/9/9/9/9/4n4/9/4K4 w", "e0").count("e0f0") == 0);
}

TEST_CASE("check and check detection", "[engine][rules]") {
  Position pos;
  REQUIRE(set_fen(pos, "3k5/9/9/9/9/9/9/9/4A4/R3K4 w").ok);
  pos.do_move(parse_move(pos, "a0a9").move);
  CHECK(pos.in_check());
  CHECK(pos.attackers(pos.king_square(BLACK), RED) == square_bit(make_square(0, 9)));
  // A cannon checks over one screen; pieces on the line are listed as attackers.
  Position c;
  REQUIRE(set_fen(c, "4k4/4a4/9/9/9/9/9/9/9/3KC4 b").ok);
  CHECK(c.in_check());
  CHECK(c.attackers(c.king_square(BLACK), RED) == square_bit(make_square(4, 0)));
}

TEST_CASE("the side to move with no legal move has lost (mate and stalemate alike)", "[engine][rules]") {
  Position mate;
  // Two rooks: Black's king on e9 is in check and cannot escape.
  REQUIRE(set_fen(mate, "3Rk4/9/4R4/9/9/9/9/9/9/3K5 b").ok);
  CHECK(mate.in_check());
  CHECK_FALSE(has_legal_move(mate));
  Position stale;
  // Black's king on d9 is not in check but every move walks into an attack: still a loss.
  REQUIRE(set_fen(stale, "3k5/R8/9/9/4R4/9/9/9/9/4K4 b").ok);
  CHECK_FALSE(stale.in_check());
  CHECK_FALSE(has_legal_move(stale));
}
