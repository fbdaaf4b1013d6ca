// Match statistics: Elo, likelihood of superiority, and the sequential probability ratio test.
// Pure functions of counts; no I/O. Elo is logistic Elo throughout (expected score
// 1 / (1 + 10^(-elo/400))).
#pragma once

#include <array>

namespace xq::match {

// Game results from the first engine's point of view.
struct Wdl {
  int wins = 0, losses = 0, draws = 0;
  int games() const { return wins + losses + draws; }
  double score() const;  // (W + D/2) / N; 0.5 when N == 0
};

// Game pairs (the same opening with colours swapped) by the first engine's pair score:
// n[0] = 0 points (LL), n[1] = 0.5 (LD), n[2] = 1 (WL or DD), n[3] = 1.5 (WD), n[4] = 2 (WW).
struct Pentanomial {
  std::array<int, 5> n{};
  int pairs() const { return n[0] + n[1] + n[2] + n[3] + n[4]; }
};

struct EloEstimate {
  double elo = 0;     // point estimate
  double margin = 0;  // half width of the 95% interval
};

// The largest |Elo| any function here returns. A score of exactly 0 or 1 has no finite logistic
// Elo, and an interval end past 0 or 1 (a few games, all won) none either; both map to +-kEloLimit
// so printed and compared values stay finite. 2000 Elo is a score of 0.99999: nothing a real
// match can tell apart from a sweep.
inline constexpr double kEloLimit = 2000;

double elo_from_score(double score);  // logistic, clamped to [-kEloLimit, kEloLimit]
double score_from_elo(double elo);

// cutechess-cli's estimate: per-game (trinomial) variance of the score.
// No games give 0 +/- 0, and so does a sample with no spread (every game the same result, e.g.
// all wins: kEloLimit +/- 0): a margin of 0 means "no spread seen", not certainty.
EloEstimate elo_trinomial(const Wdl& wdl);
// The same from game pairs: the honest interval when openings are paired. Same edge cases.
EloEstimate elo_pentanomial(const Pentanomial& p);

double los(const Wdl& wdl);         // likelihood of superiority in [0, 1]; 0.5 when W + L == 0
double draw_ratio(const Wdl& wdl);  // D / N, 0 when N == 0

struct SprtConfig {
  double elo0 = 0, elo1 = 5;
  double alpha = 0.05, beta = 0.05;
};
struct SprtBounds {
  double lower = 0, upper = 0;  // log(beta / (1 - alpha)), log((1 - beta) / alpha)
};
enum class SprtState { Continue, AcceptH0, AcceptH1 };

// The weight, in pairs, of the prior that sprt_llr mixes into the pair-score distribution: spread
// evenly over the five pair scores, it keeps the variance above 0 when every pair so far scored
// the same (stats.cpp explains the choice).
inline constexpr double kSprtPriorPairs = 1.0;

SprtBounds sprt_bounds(const SprtConfig& cfg);
// Log-likelihood ratio of H1 (elo = elo1) against H0 (elo = elo0) on the pair scores: the
// normal approximation of the generalized SPRT. 0 without pairs.
double sprt_llr(const Pentanomial& p, const SprtConfig& cfg);
// AcceptH1 once llr >= upper, AcceptH0 once llr <= lower, else Continue.
SprtState sprt_state(double llr, const SprtBounds& bounds);

}  // namespace xq::match
