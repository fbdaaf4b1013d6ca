// Elo, LOS and SPRT from match counts. Everything is a closed form over the observed frequencies;
// the only judgement calls are how the edges (no games, no spread) are kept finite.
#include "stats.h"

#include <algorithm>
#include <cmath>

namespace xq::match {

namespace {

// The two-sided 95% normal quantile, the one cutechess-cli's interval uses.
constexpr double kZ95 = 1.96;

// The five pair scores, as a fraction of the pair's two points.
constexpr std::array<double, 5> kPairScore = {0.0, 0.25, 0.5, 0.75, 1.0};

// Mean and variance of a discrete distribution given by (unnormalised) weights on points.
struct Moments {
  double mean = 0.5, variance = 0;
};

template <std::size_t K>
Moments moments(const std::array<double, K>& weight, const std::array<double, K>& point) {
  double total = 0, sum = 0;
  for (std::size_t i = 0; i < K; ++i) {
    total += weight[i];
    sum += weight[i] * point[i];
  }
  if (total <= 0) return {};
  Moments m;
  m.mean = sum / total;
  for (std::size_t i = 0; i < K; ++i) m.variance += weight[i] * (point[i] - m.mean) * (point[i] - m.mean);
  m.variance /= total;
  return m;
}

// cutechess-cli's interval: a normal interval on the mean score, mapped through the logistic
// curve. The curve is not linear, so the two ends are mapped separately and half their distance
// is the margin; elo_from_score's clamp keeps an end beyond 0 or 1 finite.
EloEstimate estimate(const Moments& m, double samples) {
  if (samples <= 0) return {};
  const double sd = std::sqrt(m.variance / samples);
  const double high = elo_from_score(m.mean + kZ95 * sd);
  const double low = elo_from_score(m.mean - kZ95 * sd);
  return {elo_from_score(m.mean), (high - low) / 2};
}

}  // namespace

double Wdl::score() const {
  const int n = games();
  return n == 0 ? 0.5 : (wins + draws / 2.0) / n;
}

double elo_from_score(double score) {
  // log10 would return +-inf at the ends and NaN beyond them; answer those before calling it.
  if (!(score > 0)) return -kEloLimit;  // also catches NaN
  if (score >= 1) return kEloLimit;
  return std::clamp(-400.0 * std::log10(1.0 / score - 1.0), -kEloLimit, kEloLimit);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate elo_trinomial(const Wdl& wdl) {
  const std::array<double, 3> weight = {double(wdl.losses), double(wdl.draws), double(wdl.wins)};
  return estimate(moments(weight, {0.0, 0.5, 1.0}), wdl.games());
}

EloEstimate elo_pentanomial(const Pentanomial& p) {
  std::array<double, 5> weight{};
  for (std::size_t i = 0; i < 5; ++i) weight[i] = p.n[i];
  return estimate(moments(weight, kPairScore), p.pairs());
}

double los(const Wdl& wdl) {
  const double decisive = double(wdl.wins) + wdl.losses;
  if (decisive <= 0) return 0.5;
  return 0.5 * (1.0 + std::erf((wdl.wins - wdl.losses) / std::sqrt(2.0 * decisive)));
}

double draw_ratio(const Wdl& wdl) {
  const int n = wdl.games();
  return n == 0 ? 0.0 : double(wdl.draws) / n;
}

SprtBounds sprt_bounds(const SprtConfig& cfg) {
  return {std::log(cfg.beta / (1 - cfg.alpha)), std::log((1 - cfg.beta) / cfg.alpha)};
}

// Where the formula comes from. Model the N pair scores x_1..x_N as independent draws from a
// normal distribution with unknown mean mu and a variance sigma^2 that we do not test, only
// estimate from the data. H0 says mu = s0, H1 says mu = s1. The log of the ratio of the two
// likelihoods is
//   sum_i [(x_i - s0)^2 - (x_i - s1)^2] / (2 sigma^2).
// Each bracket is a difference of squares, (s1 - s0) (2 x_i - s0 - s1), so the sum collapses to
//   N (s1 - s0) (2 xbar - s0 - s1) / (2 sigma^2),
// with xbar the mean pair score. Plugging in the sample variance for sigma^2 is what makes it the
// "generalized" SPRT; with pair scores it is accurate even when games within a pair correlate,
// because the pairs themselves are independent.
//
// The guard. The plug-in variance is 0 while every pair has scored the same (a run of draws, or
// an opponent that forfeits every game), and the ratio then explodes after a pair or two. So the
// distribution we take the mean and variance of is the observed pairs plus a prior worth
// kSprtPriorPairs pairs, spread evenly over the five scores. Its variance is always positive; it
// outweighs the data only in the first few pairs, when no decision should be made anyway (an
// unbroken run of double wins decides after about 20 pairs, of double draws after about 120), and
// after a few hundred pairs its effect on the LLR is a fraction of a percent. Fishtest adds a
// tiny epsilon instead, which is enough there because it only looks after large batches; we look
// after every pair. N, the evidence, stays the number of real pairs.
double sprt_llr(const Pentanomial& p, const SprtConfig& cfg) {
  const int pairs = p.pairs();
  if (pairs <= 0) return 0;
  std::array<double, 5> weight{};
  for (std::size_t i = 0; i < 5; ++i) weight[i] = p.n[i] + kSprtPriorPairs / 5;
  const Moments m = moments(weight, kPairScore);
  if (!(m.variance > 0)) return 0;  // only reachable with negative counts
  const double s0 = score_from_elo(cfg.elo0), s1 = score_from_elo(cfg.elo1);
  return pairs * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance);
}

SprtState sprt_state(double llr, const SprtBounds& bounds) {
  if (llr >= bounds.upper) return SprtState::AcceptH1;
  if (llr <= bounds.lower) return SprtState::AcceptH0;
  return SprtState::Continue;
}

}  // namespace xq::match
