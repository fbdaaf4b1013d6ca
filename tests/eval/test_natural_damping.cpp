// The evaluation drawn toward a draw as the natural move limit nears (eval/natural_damping.h):
// the formula's ends and shape, and the search using it: the same position scores less the
// longer no capture has been made, and not at all differently when the limit is switched off.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "eval/natural_damping.h"
#include "judge/natural.h"
#include "../search/search_helpers.h"

using namespace xq;
using namespace xq::eval;

TEST_CASE("natural damping: unchanged at first, half at the limit, never past it", "[eval][natural]") {
  const int limit = judge::natural_limit_plies(judge::NATURAL_LIMIT_MOVES);
  CHECK(damp_toward_natural_limit(800, 0, limit) == 800);
  CHECK(damp_toward_natural_limit(-800, 0, limit) == -800);
  CHECK(damp_toward_natural_limit(800, limit, limit) == 400);
  CHECK(damp_toward_natural_limit(-800, limit, limit) == -400);
  CHECK(damp_toward_natural_limit(800, limit + 50, limit) == 400);  // a counter past a lowered limit
  CHECK(damp_toward_natural_limit(800, 60, 0) == 800);              // no limit, no damping
  CHECK(damp_toward_natural_limit(0, 60, limit) == 0);
  // Shrinking with every ply, never changing sign.
  for (int v : {-10000, -333, -1, 1, 57, 10000}) {
    int previous = v;
    for (int plies = 0; plies <= limit; ++plies) {
      INFO("v " << v << " plies " << plies);
      const int d = damp_toward_natural_limit(v, plies, limit);
      CHECK(std::abs(d) <= std::abs(previous));
      CHECK((d == 0 || (d > 0) == (v > 0)));
      previous = d;
    }
  }
}

TEST_CASE("natural damping: the search scores an idle advantage less as the counter grows", "[eval][natural][search]") {
  // A rook up, no capture anywhere; only the counter (FEN field 5) differs.
  const auto score = [](int counter, int natural_moves) {
    search::SearchSettings settings = search::default_settings();
    settings.natural_moves = natural_moves;
    const Position pos = test::setup("4k4/9/9/9/9/9/9/9/R8/3K5 w - - " + std::to_string(counter) + " 1");
    return test::search_depth(pos, 2, settings).score;
  };
  const int fresh = score(0, judge::NATURAL_LIMIT_MOVES);
  const int late = score(90, judge::NATURAL_LIMIT_MOVES);
  REQUIRE(fresh > 300);
  CHECK(late > 0);
  CHECK(late < fresh * 3 / 4);
  // Without the limit nothing is damped: the counter changes nothing.
  CHECK(score(0, 0) == score(90, 0));
}
