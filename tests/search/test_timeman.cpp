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
  // A minute, no increment: a 30th of what is left after the overhead, four times that at most.
  CHECK(is(uci(60000, 0, 1000, 0, RED), 1999, 7996));
  // Black's clock and increment for Black: 9970 / 30 + 3/4 of 100.
  CHECK(is(uci(60000, 5000, 10000, 100, BLACK), 407, 1628));
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
  CHECK(is(ucci(30000, 2000), 2499, 9990));
  CHECK(is(ucci(600000, 0, 40), 14999, 59996));
  CHECK(is(ucci(0, 0), 1, 1));
}

TEST_CASE("time manager: the next iteration starts only before the stretched plan's deadline", "[search][time]") {
  // A new best move stretches the plan to 1.4 times the optimum, each stable iteration takes
  // a fifth off, down to 0.6; the next iteration must start within 55 % of the plan.
  CHECK(iteration_deadline(1000, 0, 0) == Approx(770.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 2, 0) == Approx(550.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 4, 0) == Approx(330.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 30, 0) == Approx(330.0).epsilon(1e-12));
  // A falling score stretches it (1 + drop / 150, at most 1.6), a rising one shrinks it (at
  // least 0.8).
  CHECK(iteration_deadline(1000, 0, 75) == Approx(1155.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 0, 150) == Approx(1232.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 2, -15) == Approx(495.0).epsilon(1e-12));
  CHECK(iteration_deadline(1000, 0, -60) == Approx(616.0).epsilon(1e-12));
  CHECK(iteration_deadline(2000, 5, 30) == Approx(2000 * 0.6 * 1.2 * 0.55).epsilon(1e-12));
}
