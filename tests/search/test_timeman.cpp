// The time manager pinned by value: the clock situations a game meets (sudden death, with an
// increment, movestogo, movetime, a nearly empty clock, UCCI's own clock) and the stopping rule
// between iterations. The numbers were taken from the code before its constants got names
// (search/params.h), so a renaming that changes behaviour fails here.
#include <catch2/catch.hpp>

#include "search/timeman.h"

namespace {

using namespace xq;
using namespace xq::search;

TimeBudget uci(std::int64_t wtime, std::int64_t winc, std::int64_t btime, std::int64_t binc, Color us, int movestogo = 0) {
  Limits l;
  l.time[RED] = wtime, l.inc[RED] = winc;
  l.time[BLACK] = btime, l.inc[BLACK] = binc;
  l.movestogo = movestogo;
  return allocate_time(l, us);
}

TimeBudget ucci(std::int64_t time, std::int64_t inc, int movestogo = 0) {
  Limits l;
  l.own_time = time, l.own_inc = inc;
  l.time[RED] = l.time[BLACK] = 999999;  // ignored: UCCI's own clock comes first
  l.movestogo = movestogo;
  return allocate_time(l, RED);
}

TimeBudget movetime(std::int64_t ms) {
  Limits l;
  l.movetime = ms;
  l.time[RED] = 100000;  // ignored: a fixed move time comes first
  return allocate_time(l, RED);
}

bool is(TimeBudget b, std::int64_t optimum, std::int64_t maximum) {
  INFO("optimum " << b.optimum << ", maximum " << b.maximum);
  return b.optimum == optimum && b.maximum == maximum;
}

}  // namespace

TEST_CASE("time manager: no clock, infinite and movetime", "[search][time]") {
  CHECK(is(allocate_time(Limits{}, RED), 0, 0));
  Limits inf;
  inf.infinite = true;
  inf.time[RED] = 60000;
  CHECK(is(allocate_time(inf, RED), 0, 0));
  CHECK(is(uci(-1, 0, 60000, 0, RED), 0, 0));  // only the other side's clock given
  // A fixed move time keeps back the overhead, but never more than a tenth of it.
  CHECK(is(movetime(1000), 970, 970));
  CHECK(is(movetime(50), 45, 45));
  CHECK(is(movetime(9), 9, 9));
  CHECK(is(movetime(1), 1, 1));
}

TEST_CASE("time manager: sudden death, increments and movestogo", "[search][time]") {
  // A minute, no increment: a 20th of what is left after the overhead, four times that at most.
  CHECK(is(uci(60000, 0, 1000, 0, RED), 2998, 11992));
  // Black's clock and increment for Black: 9970 / 20 + 3/4 of 100.
  CHECK(is(uci(60000, 5000, 10000, 100, BLACK), 573, 2292));
  // The hard limit never takes more than a third of the clock.
  CHECK(is(uci(100000, 0, 0, 0, RED, 2), 33323, 33323));
  CHECK(is(uci(30000, 3000, 0, 0, RED, 20), 3748, 9990));
  // movestogo above 40 counts as 40.
  CHECK(is(uci(100000, 0, 0, 0, RED, 100), 2499, 9996));
  // The last move before the time control may use nine tenths.
  CHECK(is(uci(5000, 0, 0, 0, RED, 1), 4473, 4473));
  // An increment larger than the clock: the third of the clock still caps both.
  CHECK(is(uci(3000, 10000, 0, 0, RED), 990, 990));
  // A clock below the overhead: a millisecond, never zero (zero would mean "no clock").
  CHECK(is(uci(20, 0, 0, 0, RED), 1, 1));
  CHECK(is(uci(0, 0, 0, 0, RED), 1, 1));
}

TEST_CASE("time manager: UCCI's own clock", "[search][time]") {
  CHECK(is(ucci(30000, 2000), 2998, 9990));
  CHECK(is(ucci(600000, 0, 40), 14999, 59996));
  CHECK(is(ucci(0, 0), 1, 1));
}

TEST_CASE("time manager: the next iteration starts only before the stretched plan's deadline", "[search][time]") {
  // A new best move stretches the plan to 1.4 times the optimum, each stable iteration takes
  // a fifth off, down to 0.6; the next iteration must start within 70 % of the plan.
  CHECK(iteration_deadline(1000, 0, 0) == Approx(980.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 2, 0) == Approx(700.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 4, 0) == Approx(420.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 30, 0) == Approx(420.0).epsilon(1e-12));
  // A falling score stretches it (1 + drop / 150, at most 1.6), a rising one shrinks it (at
  // least 0.8).
  CHECK(iteration_deadline(1000, 0, 75) == Approx(1470.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 0, 150) == Approx(1568.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 2, -15) == Approx(630.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 0, -60) == Approx(784.0).epsilon(1e-12));
  CHECK(iteration_deadline(2000, 5, 30) == Approx(2000 * 0.6 * 1.2 * 0.7).epsilon(1e-12));
}

TEST_CASE("time manager: a best move that took nearly all the nodes shortens the plan", "[search][time]") {
  // At least 90 % of the nodes on the best move: the plan times 0.75.
  CHECK(iteration_deadline(1000, 0, 0, 0.95) == Approx(980.0 * 0.75).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 0, 0, 0.90) == Approx(980.0 * 0.75).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 2, 75, 1.0) == Approx(1000 * 1.0 * 1.5 * 0.75 * 0.7).epsilon(1e-12));
  // Below it, or with no share known, the plan stays as it was.
  CHECK(iteration_deadline(1000, 0, 0, 0.89) == Approx(980.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 0, 0) == Approx(980.0).epsilon(1e-12));
}

TEST_CASE("time manager: root effort adds the nodes of each root move", "[search][time]") {
  const Move a = make_move(make_square(0, 0), make_square(0, 1));  // a0a1
  const Move b = make_move(make_square(1, 0), make_square(2, 2));  // b0c2
  const Move c = make_move(make_square(7, 2), make_square(4, 2));  // h2e2
  RootEffort effort;
  CHECK(effort.share(a, 100) == 0.0);
  effort.add(a, 30);
  effort.add(b, 10);
  effort.add(a, 50);  // a later iteration adds to the same move
  CHECK(effort.share(a, 100) == Approx(0.8));
  CHECK(effort.share(b, 100) == Approx(0.1));
  CHECK(effort.share(c, 100) == 0.0);  // never searched
  CHECK(effort.share(a, 0) == 0.0);    // nothing searched at all
  effort.clear();
  CHECK(effort.share(a, 100) == 0.0);
}
