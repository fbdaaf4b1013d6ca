// The network's value scaled by the attacking material (eval/material_scale.h) and the one
// function that makes the search's evaluation (eval/playing_eval.h): the count of the pieces,
// the formula's ends, its shape, and the order of scaling and damping.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "eval/playing_eval.h"
#include "judge/natural.h"
#include "../search/search_helpers.h"

using namespace xq;
using namespace xq::eval;

TEST_CASE("material scale: the attackers counted", "[eval][material]") {
  CHECK(attacking_material(test::setup("")) == 10000);
  // A horse taken: 600 less (1. h2e2 h9g7 2. b2b9: the cannon takes the horse on b9).
  CHECK(attacking_material(test::setup("", "h2e2 h9g7 b2b9")) == 9400);
  // Kings, advisors, elephants and pawns count nothing.
  CHECK(attacking_material(test::setup("2bakab2/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/2BAKAB2 w - - 0 1")) == 0);
  CHECK(attacking_material(test::setup("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1")) == 1300);
  CHECK(attacking_material(test::setup("3k5/9/9/9/9/9/9/9/2c6/4K1N2 w - - 0 1")) == 1200);
}

TEST_CASE("material scale: more attackers, more value; sign kept; clamped", "[eval][material]") {
  CHECK(scale_by_material(0, 10000) == 0);
  CHECK(scale_by_material(280, 8000) == 280);  // the formula's fixed point
  CHECK(scale_by_material(280, 10000) == 300);
  CHECK(scale_by_material(280, 0) == 200);
  CHECK(scale_by_material(-280, 0) == -200);
  CHECK(scale_by_material(EVAL_MAX, 10000) == EVAL_MAX);
  CHECK(scale_by_material(-EVAL_MAX, 10000) == -EVAL_MAX);
  for (int v : {-10000, -333, -1, 1, 57, 10000}) {
    int previous = scale_by_material(v, 0);
    for (int material = 600; material <= 10000; material += 600) {
      INFO("v " << v << " material " << material);
      const int s = scale_by_material(v, material);
      CHECK(std::abs(s) >= std::abs(previous));
      CHECK((s == 0 || (s > 0) == (v > 0)));
      previous = s;
    }
  }
}

TEST_CASE("playing eval: the network's value scaled, then damped; the classical one only damped", "[eval][material][natural]") {
  const int limit = judge::natural_limit_plies(judge::NATURAL_LIMIT_MOVES);
  const Position fresh = test::setup("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1");
  const Position late = test::setup("3k5/9/9/9/9/9/9/9/9/4K3R w - - 60 31");
  CHECK(playing_eval(400, fresh, false, limit) == 400);
  CHECK(playing_eval(400, fresh, true, limit) == scale_by_material(400, 1300));
  CHECK(playing_eval(400, late, false, limit) == damp_toward_natural_limit(400, 60, limit));
  CHECK(playing_eval(400, late, true, limit) == damp_toward_natural_limit(scale_by_material(400, 1300), 60, limit));
  CHECK(playing_eval(400, late, true, 0) == scale_by_material(400, 1300));  // no limit: scaled only
}
