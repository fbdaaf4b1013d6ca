#include "wdl.h"

#include <algorithm>
#include <cmath>

#include "search/score.h"
#include "shown_score.h"

namespace xq::frontend {
namespace {

// The fit (shown_score.h's WDL_FIT, see wdl.h), made in the search's units,
// turned into shown centipawns (shown_score.h): a shown score of 100 is the midpoint at move 32.
constexpr double A0 = WDL_FIT.a0 * 100.0 / SCORE_UNIT, A1 = WDL_FIT.a1 * 100.0 / SCORE_UNIT;
constexpr double B0 = WDL_FIT.b0 * 100.0 / SCORE_UNIT, B1 = WDL_FIT.b1 * 100.0 / SCORE_UNIT;

// The model's win probability for a shown score s (centipawns, side to move's view); the loss
// probability of s is the win probability of -s, computed by the same expression so that
// wdl_of(-s) is exactly wdl_of(s) reversed.
double win_probability(double s, int move_number) {
  const double x = std::min(std::max(move_number, 1), 100) / 50.0;
  const double a = A0 + A1 * x, b = B0 + B1 * x;
  return 1.0 / (1.0 + std::exp(-(s - a) / b));
}

}  // namespace

Wdl wdl_of(int score, int move_number) {
  if (search::is_mate_score(score)) return score > 0 ? Wdl{1000, 0, 0} : Wdl{0, 0, 1000};
  // a > 0, so win + loss < 1 before rounding and at most 1000 after: draw is never negative.
  const int win = int(std::lround(1000 * win_probability(score, move_number)));
  const int loss = int(std::lround(1000 * win_probability(-score, move_number)));
  return {win, 1000 - win - loss, loss};
}

}  // namespace xq::frontend
