// Protection and chase rules one at a time: the 46 protection facts of data/wxf_diagrams/
// through is_protected, and named positions for the rules of seed 002, section 4.3.
#include <catch2/catch.hpp>

#include "../test_positions.h"
#include "judge/chase.h"
#include "../wxf_data.h"

using namespace xq;
using test::from_fen;
using test::move_of;

namespace {

// A fact's move need only be pseudo-legal: fact 9 walks the king onto an attacked square to ask
// whether the piece there could be taken, so parse_move's legality check does not apply.
Move pseudo_move(const Position& pos, const std::string& text) {
  REQUIRE(text.size() == 4);
  const Move m = make_move(make_square(text[0] - 'a', text[1] - '0'), make_square(text[2] - 'a', text[3] - '0'));
  INFO(text);
  REQUIRE(pos.is_pseudo_legal(m));
  return m;
}

std::vector<std::string> chases_of(Position& pos) {
  MoveList list;
  judge::get_chases(pos, list);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(move_to_string(m));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("is_protected agrees with all 46 protection facts", "[judge][protection]") {
  const wxf::Data& d = test::wxf_data();
  REQUIRE(d.facts.size() == 46);
  int agreed = 0;
  for (const auto& f : d.facts) {
    Position pos = from_fen(f.fen);
    const Move m = pseudo_move(pos, f.move);
    const Key before = pos.key();
    const bool got = judge::is_protected(pos, m);
    INFO("fact " << f.id << ": " << f.fen << " move " << f.move << "\n"
                 << board_diagram(pos) << "expected " << f.is_protected << ", got " << got);
    CHECK(got == f.is_protected);
    CHECK(pos.key() == before);  // the probe must leave the position as it found it
    agreed += got == f.is_protected;
  }
  CHECK(agreed == 46);
}

TEST_CASE("a pawn that has not crossed the river cannot be chased", "[judge][chase]") {
  // The red rook on c0 attacks an unprotected black pawn on c6, still on Black's side.
  Position home = from_fen("3k5/9/9/2p6/9/9/9/9/9/2R1K4 w");
  MoveList captures;
  judge::gen_captures(home, captures);
  CHECK(captures.size() == 1);  // the capture exists; only the pawn rule keeps it from chasing
  CHECK(chases_of(home).empty());
  // The same pawn across the river, on c4: now it can be chased.
  Position crossed = from_fen("3k5/9/9/9/9/2p6/9/9/9/2R1K4 w");
  CHECK(chases_of(crossed) == std::vector<std::string>{"c0c4"});
}

TEST_CASE("an exchange of equal pieces is not a chase", "[judge][chase]") {
  // Rook faces rook on the b-file: either can take, the other takes back the same value.
  Position rooks = from_fen("3k5/1r7/9/9/9/9/9/9/1R7/4K4 w");
  CHECK(judge::is_exchange(rooks, move_of(rooks, "b1b8")));
  CHECK(chases_of(rooks).empty());
  // A horse on b8 cannot answer along the file: the rook chases it.
  Position horse = from_fen("3k5/1n7/9/9/9/9/9/9/1R7/4K4 w");
  CHECK_FALSE(judge::is_exchange(horse, move_of(horse, "b1b8")));
  CHECK(chases_of(horse) == std::vector<std::string>{"b1b8"});
}

TEST_CASE("king and pawn attackers never chase", "[judge][chase]") {
  // A red pawn across the river attacks an unprotected black horse on e6.
  Position pawn = from_fen("5k3/9/9/4n4/4P4/9/9/9/9/3K5 w");
  move_of(pawn, "e5e6");  // the capture is legal
  CHECK(chases_of(pawn).empty());
  // A rook on the same square does chase it.
  Position rook = from_fen("5k3/9/9/4n4/4R4/9/9/9/9/3K5 w");
  CHECK(chases_of(rook) == std::vector<std::string>{"e5e6"});
  // The red king attacks an unprotected black horse inside its palace.
  Position king = from_fen("5k3/9/9/9/9/9/9/4n4/4K4/9 w");
  move_of(king, "e1e2");
  CHECK(chases_of(king).empty());
  MoveList captures;
  judge::gen_captures(king, captures);
  CHECK(captures.size() == 0);
}

TEST_CASE("a victim worth more than its attacker counts as unprotected", "[judge][protection]") {
  // The red horse on c5 attacks the black rook on d7, which the advisor on e8 guards.
  Position rook = from_fen("5k3/4a4/3r5/9/2N6/9/9/9/9/4K4 w");
  CHECK_FALSE(judge::is_protected(rook, move_of(rook, "c5d7")));
  CHECK(chases_of(rook) == std::vector<std::string>{"c5d7"});
  // A black horse on d7 is worth as much as the attacker: the advisor's guard counts.
  Position horse = from_fen("5k3/4a4/3n5/9/2N6/9/9/9/9/4K4 w");
  CHECK(judge::is_protected(horse, move_of(horse, "c5d7")));
  CHECK(chases_of(horse).empty());
  CHECK(judge::wxf_value(ROOK) > judge::wxf_value(HORSE));
  CHECK(judge::wxf_value(HORSE) == judge::wxf_value(CANNON));
  CHECK(judge::wxf_value(CANNON) > judge::wxf_value(ADVISOR));
  CHECK(judge::wxf_value(ADVISOR) == judge::wxf_value(ELEPHANT));
  CHECK(judge::wxf_value(ELEPHANT) == judge::wxf_value(PAWN));
}
