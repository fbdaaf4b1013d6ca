// Match statistics against the closed forms, recomputed here from their definitions (not through
// the library's helpers), plus a few values checked by hand, the edges that must stay finite, and
// the SPRT's decisions at its bounds.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "tools/match/stats.h"

using namespace xq::match;

namespace {

// The definitions, written out again for the test.
double logistic_elo(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }
double expected_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// cutechess-cli's interval from a list of outcomes and their counts.
EloEstimate interval(const std::vector<double>& points, const std::vector<double>& counts) {
  double n = 0, mean = 0, var = 0;
  for (size_t i = 0; i < points.size(); ++i) n += counts[i];
  for (size_t i = 0; i < points.size(); ++i) mean += counts[i] / n * points[i];
  for (size_t i = 0; i < points.size(); ++i) var += counts[i] / n * (points[i] - mean) * (points[i] - mean);
  const double sd = std::sqrt(var / n);
  return {logistic_elo(mean), (logistic_elo(mean + 1.96 * sd) - logistic_elo(mean - 1.96 * sd)) / 2};
}

// The GSPRT's normal approximation on pair scores, with the prior of kSprtPriorPairs pairs spread
// over the five outcomes when `prior` is set.
double gsprt_llr(const std::array<int, 5>& n, double elo0, double elo1, bool prior) {
  const double x[5] = {0, 0.25, 0.5, 0.75, 1};
  double pairs = 0, total = 0, mean = 0, var = 0, w[5];
  for (int i = 0; i < 5; ++i) {
    pairs += n[i];
    w[i] = n[i] + (prior ? kSprtPriorPairs / 5 : 0);
    total += w[i];
  }
  for (int i = 0; i < 5; ++i) mean += w[i] * x[i] / total;
  for (int i = 0; i < 5; ++i) var += w[i] * (x[i] - mean) * (x[i] - mean) / total;
  const double s0 = expected_score(elo0), s1 = expected_score(elo1);
  return pairs * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

Pentanomial ptnml(int a, int b, int c, int d, int e) { return Pentanomial{{a, b, c, d, e}}; }

}  // namespace

TEST_CASE("logistic Elo: hand-checked values and the round trip", "[match]") {
  CHECK(elo_from_score(0.5) == Approx(0).margin(1e-12));
  CHECK(elo_from_score(0.75) == Approx(190.85).margin(0.01));  // 400 log10(3)
  CHECK(elo_from_score(0.25) == Approx(-190.85).margin(0.01));
  CHECK(score_from_elo(0) == Approx(0.5));
  CHECK(score_from_elo(400) == Approx(10.0 / 11.0));
  for (double elo : {-800.0, -35.5, 0.0, 12.25, 600.0}) CHECK(elo_from_score(score_from_elo(elo)) == Approx(elo).margin(1e-9));
}

TEST_CASE("logistic Elo clamps the ends of the score range", "[match]") {
  CHECK(elo_from_score(1.0) == kEloLimit);
  CHECK(elo_from_score(0.0) == -kEloLimit);
  CHECK(elo_from_score(1.5) == kEloLimit);
  CHECK(elo_from_score(-0.2) == -kEloLimit);
  CHECK(elo_from_score(std::nan("")) == -kEloLimit);
  CHECK(elo_from_score(1 - 1e-12) == kEloLimit);  // finite, but past the limit
}

TEST_CASE("Wdl score and draw ratio", "[match]") {
  CHECK(Wdl{45, 30, 25}.score() == Approx(0.575));
  CHECK(Wdl{}.score() == 0.5);
  CHECK(draw_ratio(Wdl{45, 30, 25}) == Approx(0.25));
  CHECK(draw_ratio(Wdl{}) == 0);
}

TEST_CASE("trinomial Elo matches the closed form", "[match]") {
  for (const Wdl& wdl : {Wdl{45, 30, 25}, Wdl{47, 41, 52}, Wdl{3, 9, 1}, Wdl{120, 80, 300}}) {
    const EloEstimate want = interval({1, 0, 0.5}, {double(wdl.wins), double(wdl.losses), double(wdl.draws)});
    const EloEstimate got = elo_trinomial(wdl);
    CHECK(got.elo == Approx(want.elo));
    CHECK(got.margin == Approx(want.margin));
  }
  // cutechess-cli prints 52.5 +/- 60.1 for 45 - 30 - 25.
  const EloEstimate e = elo_trinomial(Wdl{45, 30, 25});
  CHECK(e.elo == Approx(52.51).margin(0.01));
  CHECK(e.margin == Approx(60.05).margin(0.01));
}

TEST_CASE("pentanomial Elo matches the closed form on pair scores", "[match]") {
  for (const Pentanomial& p : {ptnml(3, 10, 40, 12, 5), ptnml(2, 10, 60, 30, 20), ptnml(0, 1, 7, 1, 0)}) {
    std::vector<double> counts;
    for (int n : p.n) counts.push_back(n);
    const EloEstimate want = interval({0, 0.25, 0.5, 0.75, 1}, counts);
    const EloEstimate got = elo_pentanomial(p);
    CHECK(got.elo == Approx(want.elo));
    CHECK(got.margin == Approx(want.margin));
  }
  // Same mean score as 47 - 41 - 52, a narrower interval: pairs cancel the opening's bias.
  CHECK(elo_pentanomial(ptnml(3, 10, 40, 12, 5)).elo == Approx(elo_trinomial(Wdl{47, 41, 52}).elo));
  CHECK(elo_pentanomial(ptnml(3, 10, 40, 12, 5)).margin < elo_trinomial(Wdl{47, 41, 52}).margin);
}

TEST_CASE("Elo estimates stay finite at the edges", "[match]") {
  CHECK(elo_trinomial(Wdl{}).elo == 0);
  CHECK(elo_trinomial(Wdl{}).margin == 0);
  CHECK(elo_trinomial(Wdl{10, 0, 0}).elo == kEloLimit);
  CHECK(elo_trinomial(Wdl{10, 0, 0}).margin == 0);
  CHECK(elo_trinomial(Wdl{0, 7, 0}).elo == -kEloLimit);
  CHECK(elo_pentanomial(Pentanomial{}).elo == 0);
  CHECK(elo_pentanomial(Pentanomial{}).margin == 0);
  CHECK(elo_pentanomial(ptnml(0, 0, 0, 0, 4)).elo == kEloLimit);
  CHECK(elo_pentanomial(ptnml(5, 0, 0, 0, 0)).elo == -kEloLimit);
  // 9 - 1: the upper end of the interval passes a score of 1 and is clamped, not NaN.
  const EloEstimate e = elo_trinomial(Wdl{9, 1, 0});
  CHECK(e.margin == Approx((kEloLimit - logistic_elo(0.9 - 1.96 * 0.3 / std::sqrt(10.0))) / 2));
  // Every small sample.
  for (int w = 0; w <= 4; ++w)
    for (int l = 0; l <= 4; ++l)
      for (int d = 0; d <= 4; ++d) {
        const EloEstimate t = elo_trinomial(Wdl{w, l, d});
        CHECK((std::isfinite(t.elo) && std::isfinite(t.margin) && t.margin >= 0));
        const EloEstimate p = elo_pentanomial(ptnml(w, l, d, l, w));
        CHECK((std::isfinite(p.elo) && std::isfinite(p.margin) && p.margin >= 0));
        CHECK(std::isfinite(los(Wdl{w, l, d})));
      }
}

TEST_CASE("LOS", "[match]") {
  CHECK(los(Wdl{}) == 0.5);
  CHECK(los(Wdl{0, 0, 17}) == 0.5);
  CHECK(los(Wdl{10, 0, 0}) == Approx(0.99922).margin(1e-5));  // 0.5 (1 + erf(10 / sqrt(20)))
  CHECK(los(Wdl{45, 30, 25}) == Approx(0.5 * (1 + std::erf(15 / std::sqrt(150.0)))));
  CHECK(los(Wdl{45, 30, 25}) == Approx(0.958).margin(0.001));
  CHECK(los(Wdl{30, 45, 25}) == Approx(1 - los(Wdl{45, 30, 25})));
}

TEST_CASE("SPRT bounds", "[match]") {
  const SprtBounds b = sprt_bounds(SprtConfig{0, 5, 0.05, 0.05});
  CHECK(b.lower == Approx(-2.944).margin(0.001));
  CHECK(b.upper == Approx(2.944).margin(0.001));
  const SprtBounds c = sprt_bounds(SprtConfig{0, 5, 0.05, 0.10});
  CHECK(c.lower == Approx(std::log(0.10 / 0.95)));
  CHECK(c.upper == Approx(std::log(0.90 / 0.05)));
}

TEST_CASE("SPRT llr is the GSPRT normal approximation with the documented prior", "[match]") {
  const std::array<std::array<int, 5>, 4> samples = {
      {{3, 10, 40, 12, 5}, {2, 10, 60, 30, 20}, {20, 30, 60, 10, 2}, {10, 25, 50, 20, 8}}};
  for (const auto& n : samples) {
    for (const SprtConfig& cfg : {SprtConfig{0, 5}, SprtConfig{0, 10}, SprtConfig{-5, 0}}) {
      CHECK(sprt_llr(Pentanomial{n}, cfg) == Approx(gsprt_llr(n, cfg.elo0, cfg.elo1, true)));
    }
  }
  // Hand-checked (python, from the same definition): 3.5245 and -4.0001 with elo0 0, elo1 10.
  CHECK(sprt_llr(ptnml(2, 10, 60, 30, 20), SprtConfig{0, 10}) == Approx(3.5245).margin(1e-4));
  CHECK(sprt_llr(ptnml(20, 30, 60, 10, 2), SprtConfig{0, 10}) == Approx(-4.0001).margin(1e-4));
  // With a real sample the prior hardly matters.
  const std::array<int, 5> big = {300, 1000, 3400, 1100, 250};
  CHECK(sprt_llr(Pentanomial{big}, SprtConfig{}) == Approx(gsprt_llr(big, 0, 5, false)).epsilon(0.001));
}

TEST_CASE("SPRT llr with no spread: zero without pairs, finite and slow to decide", "[match]") {
  CHECK(sprt_llr(Pentanomial{}, SprtConfig{}) == 0);
  const SprtBounds b = sprt_bounds(SprtConfig{});
  // A run of double wins: no verdict from two pairs, H1 well before fifty.
  CHECK(sprt_state(sprt_llr(ptnml(0, 0, 0, 0, 2), SprtConfig{}), b) == SprtState::Continue);
  CHECK(sprt_state(sprt_llr(ptnml(0, 0, 0, 0, 50), SprtConfig{}), b) == SprtState::AcceptH1);
  // A run of double losses mirrors it.
  CHECK(sprt_state(sprt_llr(ptnml(2, 0, 0, 0, 0), SprtConfig{}), b) == SprtState::Continue);
  CHECK(sprt_state(sprt_llr(ptnml(50, 0, 0, 0, 0), SprtConfig{}), b) == SprtState::AcceptH0);
  // Only draws: the score sits at H0's 0.5, so the llr drifts down, slowly.
  const double ten = sprt_llr(ptnml(0, 0, 10, 0, 0), SprtConfig{});
  CHECK(std::isfinite(ten));
  CHECK(ten < 0);
  CHECK(sprt_state(ten, b) == SprtState::Continue);
  CHECK(sprt_state(sprt_llr(ptnml(0, 0, 500, 0, 0), SprtConfig{}), b) == SprtState::AcceptH0);
}

TEST_CASE("SPRT decisions flip exactly at the bounds", "[match]") {
  const SprtBounds b = sprt_bounds(SprtConfig{});
  CHECK(sprt_state(0, b) == SprtState::Continue);
  CHECK(sprt_state(b.upper, b) == SprtState::AcceptH1);
  CHECK(sprt_state(std::nextafter(b.upper, 0.0), b) == SprtState::Continue);
  CHECK(sprt_state(b.lower, b) == SprtState::AcceptH0);
  CHECK(sprt_state(std::nextafter(b.lower, 0.0), b) == SprtState::Continue);

  // Along a growing match the verdict appears when, and only when, the llr crosses a bound.
  Pentanomial p;
  bool decided = false;
  for (int i = 0; i < 400 && !decided; ++i) {
    ++p.n[i % 5 < 2 ? 3 : 2];  // 40% WD, 60% WL/DD pairs: clearly better than 5 Elo
    const double llr = sprt_llr(p, SprtConfig{});
    const SprtState s = sprt_state(llr, b);
    CHECK((s == SprtState::AcceptH1) == (llr >= b.upper));
    CHECK(s != SprtState::AcceptH0);
    decided = s != SprtState::Continue;
  }
  CHECK(decided);
}
