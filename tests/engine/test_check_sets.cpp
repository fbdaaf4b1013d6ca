// CheckSets (engine/position.h): the squares an evasion must touch. It is a necessary
// condition only, and the move picker drops moves on it unseen, so what must never happen is
// a legal move it rejects. Checked on every pseudo-legal move of every position in check met
// along random games steered into checks, and on hand-made checks of each kind. The evasion
// generator built on it must give exactly the moves it keeps, in the same order.
#include <catch2/catch.hpp>
#include <random>

#include "engine/attacks.h"
#include "engine/movegen.h"
#include "engine/notation.h"

using namespace xq;

namespace {

// The squares strictly between a and b, walking from a towards b one square at a time.
SquareSet between_by_walk(Square a, Square b) {
  const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
  if (a == b || (df != 0 && dr != 0)) return 0;
  const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  SquareSet s = 0;
  for (int f = file_of(a) + sf, r = rank_of(a) + sr; make_square(f, r) != b; f += sf, r += sr) s |= square_bit(make_square(f, r));
  return s;
}

struct Tally {
  int positions = 0, legal = 0, rejected = 0, illegal = 0, double_checks = 0;
};

// Every legal move passes may_answer; counts what it rejects.
void check_position(Position& pos, Tally& t) {
  const CheckSets cs = pos.check_sets();
  REQUIRE(cs.count >= 1);
  ++t.positions;
  t.double_checks += cs.count >= 2;
  MoveList pseudo;
  generate_pseudo<ALL>(pos, pseudo);
  for (Move m : pseudo) {
    const bool legal = pos.is_legal(m);
    INFO(to_fen(pos) << " move " << move_to_string(m));
    if (legal) REQUIRE(cs.may_answer(m));
    t.legal += legal;
    t.illegal += !legal;
    t.rejected += !cs.may_answer(m);
  }
  // generate_evasions gives exactly the moves may_answer keeps, in generation order.
  MoveList answers, kept;
  generate_evasions(pos, cs, answers);
  for (Move m : pseudo)
    if (cs.may_answer(m)) kept.push(m);
  REQUIRE(answers.size() == kept.size());
  for (int i = 0; i < kept.size(); ++i) REQUIRE(move_to_string(answers[i]) == move_to_string(kept[i]));
}

Square sq(const char* name) { return make_square(name[0] - 'a', name[1] - '0'); }
Move mv(const char* from, const char* to) { return make_move(sq(from), sq(to)); }

Position from_fen(const char* fen) {
  Position pos;
  REQUIRE(set_fen(pos, fen).ok);
  return pos;
}

}  // namespace

TEST_CASE("between() equals a walk for every pair of squares", "[engine][attacks][check]") {
  int aligned_pairs = 0;
  for (Square a = 0; a < SQUARE_NB; ++a)
    for (Square b = 0; b < SQUARE_NB; ++b) {
      INFO("squares " << a << " " << b);
      REQUIRE(attacks::between(a, b) == between_by_walk(a, b));
      aligned_pairs += attacks::between(a, b) != 0;
    }
  CHECK(aligned_pairs > 1000);
}

TEST_CASE("no legal evasion fails CheckSets along random games steered into checks", "[engine][check]") {
  std::mt19937 rng(2031);
  Tally t;
  for (int game = 0; game < 60; ++game) {
    Position pos;
    for (int ply = 0; ply < 150; ++ply) {
      if (pos.in_check()) check_position(pos, t);
      else CHECK(pos.check_sets().count == 0);
      MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      // Half the time a checking move when there is one: random play alone checks rarely.
      MoveList checks;
      for (Move m : moves)
        if (pos.gives_check(m)) checks.push(m);
      const bool steer = !checks.empty() && rng() % 2 == 0;
      pos.do_move(steer ? checks[int(rng() % checks.size())] : moves[int(rng() % moves.size())]);
    }
  }
  INFO("positions " << t.positions << " legal " << t.legal << " illegal " << t.illegal << " rejected " << t.rejected);
  CHECK(t.positions > 500);
  CHECK(t.double_checks > 5);
  // The filter does work: most illegal evasions are rejected before any legality test.
  CHECK(t.rejected * 2 > t.illegal);
}

TEST_CASE("CheckSets of each kind of check", "[engine][check]") {
  SECTION("a cannon over its screen: moving the screen or adding a second one answers") {
    Position pos = from_fen("3k5/9/9/P8/4c4/9/4N4/9/9/3AK4 w");
    const CheckSets cs = pos.check_sets();
    REQUIRE(cs.count == 1);
    CHECK(cs.may_answer(mv("e3", "d5")));   // the screen leaves
    CHECK(cs.may_answer(mv("d0", "e1")));   // a second screen enters
    CHECK(!cs.may_answer(mv("a6", "a7")));  // the line stays as it is
    Tally t;
    check_position(pos, t);
    CHECK(t.legal > 0);
  }
  SECTION("a horse: capturing it or blocking its leg answers") {
    Position pos = from_fen("3k5/9/9/9/9/9/9/3n5/4A4/3RK4 w");
    const CheckSets cs = pos.check_sets();
    REQUIRE(cs.count == 1);
    CHECK(cs.touch[0] == (square_bit(sq("d2")) | square_bit(sq("d1"))));
    Tally t;
    check_position(pos, t);
    CHECK(t.rejected > 0);
  }
  SECTION("a rook and a horse at once: only both sets touched answers") {
    Position pos = from_fen("3k5/4r4/9/9/9/9/9/3n5/9/3AK4 w");
    const CheckSets cs = pos.check_sets();
    REQUIRE(cs.count == 2);
    Tally t;
    check_position(pos, t);
    CHECK(t.rejected > 0);
  }
  SECTION("not in check: no sets") {
    Position pos;
    CHECK(pos.check_sets().count == 0);
  }
}
