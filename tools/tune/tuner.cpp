#include "tuner.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <thread>

namespace xq::tune {

namespace {

using eval::PARAM_NB;
using eval::PHASE_MAX;
using eval::SCALE_NORMAL;

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

double target(const Entry& e, double k, double lambda) {
  return lambda * e.result + (1 - lambda) * sigmoid(k * e.score);
}

// The halves of an entry's sum under w, before blending.
void halves(const Dataset& data, const Entry& e, const Weights& w, double& mg, double& eg) {
  mg = eg = 0;
  for (std::uint32_t j = e.first; j < e.first + e.count; ++j) {
    const Term& t = data.terms[j];
    mg += w[t.index][0] * t.coeff;
    eg += w[t.index][1] * t.coeff;
  }
}

// The blend of an entry's halves, scaled for the side it favours (eval::blend in real
// numbers); `scale` receives the factor, which the gradient needs.
double blended(const Entry& e, double mg, double eg, double& scale) {
  const double v = (mg * e.phase + eg * (PHASE_MAX - e.phase)) / PHASE_MAX;
  scale = e.scale[v > 0 ? RED : BLACK] / double(SCALE_NORMAL);
  return v * scale;
}

// Splits [0, n) over the threads; f(begin, end, slot) for each part, slot in [0, threads).
template <class F>
void parallel(std::size_t n, int threads, F f) {
  threads = std::max(1, std::min<int>(threads, int(n / 1000) + 1));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([=, &f] { f(n * t / threads, n * (t + 1) / threads, t); });
  for (auto& th : pool) th.join();
}

}  // namespace

Weights to_weights(const eval::EvalParams& p) {
  Weights w(PARAM_NB);
  for (int i = 0; i < PARAM_NB; ++i) w[i] = {double(eval::param_at(p, i).mg()), double(eval::param_at(p, i).eg())};
  return w;
}

eval::EvalParams to_params(const Weights& w) {
  eval::EvalParams p;
  for (int i = 0; i < PARAM_NB; ++i) eval::param_at(p, i) = eval::S(int(std::lround(w[i][0])), int(std::lround(w[i][1])));
  return p;
}

double evaluate(const Dataset& data, const Entry& e, const Weights& w) {
  double mg, eg, scale;
  halves(data, e, w, mg, eg);
  return blended(e, mg, eg, scale);
}

double loss(const Dataset& data, const Weights& w, double k, double lambda, int threads) {
  std::vector<double> sums(std::size_t(std::max(1, threads)), 0.0);
  parallel(data.entries.size(), threads, [&](std::size_t a, std::size_t b, int slot) {
    double s = 0;
    for (std::size_t i = a; i < b; ++i) {
      const Entry& e = data.entries[i];
      const double d = sigmoid(k * evaluate(data, e, w)) - target(e, k, lambda);
      s += d * d;
    }
    sums[std::size_t(slot)] = s;
  });
  double total = 0;
  for (double s : sums) total += s;
  return data.entries.empty() ? 0 : total / double(data.entries.size());
}

// Golden-section search: the loss is smooth and has one minimum in K over a sane range.
double fit_k(const Dataset& data, const Weights& w, double lambda, int threads) {
  double lo = 0.0005, hi = 0.02;
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
  double fa = loss(data, w, a, lambda, threads), fb = loss(data, w, b, lambda, threads);
  for (int i = 0; i < 40; ++i) {
    if (fa < fb) {
      hi = b, b = a, fb = fa, a = hi - g * (hi - lo), fa = loss(data, w, a, lambda, threads);
    } else {
      lo = a, a = b, fa = fb, b = lo + g * (hi - lo), fb = loss(data, w, b, lambda, threads);
    }
  }
  return (lo + hi) / 2;
}

std::vector<bool> default_frozen() {
  std::vector<bool> frozen(PARAM_NB, false);
  frozen[XQ_PARAM_INDEX(piece_value) + NO_PIECE_TYPE] = true;
  frozen[XQ_PARAM_INDEX(piece_value) + KING] = true;
  return frozen;
}

std::vector<int> default_signs() {
  std::vector<int> sign(PARAM_NB, 0);
  const auto set = [&](int first, int n, int value) {
    for (int i = first; i < first + n; ++i) sign[std::size_t(i)] = value;
  };
  for (const eval::TermInfo& t : eval::TERMS) {
    const std::string name = t.name;
    static const char* const bonuses[] = {"hollow_cannon",    "cannon_two_screens", "bottom_cannon",
                                          "rook_palace_file", "attacker_across_river", "missing_advisor_vs",
                                          "missing_elephant_vs", "advisors_linked", "elephants_linked",
                                          "rook_open_file",   "rook_semi_open_file", "cannon_rook_battery",
                                          "double_cannon",    "rook_pin",           "cannon_pin",
                                          "pawn_linked"};
    static const char* const penalties[] = {"horse_leg_blocked", "horse_edge_trapped"};
    for (const char* b : bonuses)
      if (name == b) set(t.offset, t.size(), +1);
    for (const char* p : penalties)
      if (name == p) set(t.offset, t.size(), -1);
  }
  return sign;
}

std::vector<TuneSettings::Monotone> default_monotone() {
  using eval::ATTACK_UNITS_NB;
  std::vector<TuneSettings::Monotone> runs = {
      {XQ_PARAM_INDEX(rook_mobility), eval::ROOK_MOBILITY_NB, +1},
      {XQ_PARAM_INDEX(horse_mobility), eval::HORSE_MOBILITY_NB, +1},
  };
  for (int row = 0; row < 2; ++row) {
    runs.push_back({XQ_PARAM_INDEX(advisors_missing) + row * ATTACK_UNITS_NB, ATTACK_UNITS_NB, -1});
    runs.push_back({XQ_PARAM_INDEX(elephants_missing) + row * ATTACK_UNITS_NB, ATTACK_UNITS_NB, -1});
  }
  return runs;
}

void isotonic(std::vector<double>& v) {
  // Blocks of pooled values: (mean, size); a new value that is below the last block's mean
  // merges with it, and merging may cascade backwards.
  std::vector<std::pair<double, int>> blocks;
  for (const double x : v) {
    blocks.emplace_back(x, 1);
    while (blocks.size() > 1 && blocks[blocks.size() - 2].first > blocks.back().first) {
      const auto [m2, n2] = blocks.back();
      blocks.pop_back();
      auto& [m1, n1] = blocks.back();
      m1 = (m1 * n1 + m2 * n2) / (n1 + n2);
      n1 += n2;
    }
  }
  std::size_t i = 0;
  for (const auto& [m, n] : blocks)
    for (int j = 0; j < n; ++j) v[i++] = m;
}

namespace {

// Projects each half of each run onto its order.
void apply_monotone(Weights& w, const std::vector<TuneSettings::Monotone>& runs) {
  for (const TuneSettings::Monotone& r : runs)
    for (int h = 0; h < 2; ++h) {
      std::vector<double> v(std::size_t(r.n));
      for (int i = 0; i < r.n; ++i) v[std::size_t(i)] = r.direction * w[std::size_t(r.first + i)][h];
      isotonic(v);
      for (int i = 0; i < r.n; ++i) w[std::size_t(r.first + i)][h] = r.direction * v[std::size_t(i)];
    }
}

}  // namespace

std::vector<long> touch_counts(const Dataset& data) {
  std::vector<long> counts(PARAM_NB, 0);
  // A value appears at most once per entry (the trace sums each side's uses into one term).
  for (const Term& t : data.terms)
    if (t.coeff != 0) ++counts[t.index];
  return counts;
}

void freeze_rare(std::vector<bool>& frozen, const Dataset& data, long min_count) {
  frozen.resize(PARAM_NB, false);
  const std::vector<long> counts = touch_counts(data);
  for (int i = 0; i < PARAM_NB; ++i)
    if (counts[std::size_t(i)] < min_count) frozen[std::size_t(i)] = true;
}

Weights tune(const Dataset& data, Weights w, double k, const TuneSettings& s, const std::function<void(int, double, const Weights&)>& each) {
  const int threads = std::max(1, s.threads);
  const Weights prior = s.prior.empty() ? w : s.prior;
  // Adam's moments per value and half.
  std::vector<std::array<double, 2>> m1(PARAM_NB, {0, 0}), m2(PARAM_NB, {0, 0});
  constexpr double BETA1 = 0.9, BETA2 = 0.999, EPS = 1e-8;
  const double n = double(std::max<std::size_t>(1, data.entries.size()));
  for (int epoch = 1; epoch <= s.epochs; ++epoch) {
    std::vector<Weights> grads(std::size_t(threads), Weights(PARAM_NB, {0, 0}));
    parallel(data.entries.size(), threads, [&](std::size_t a, std::size_t b, int slot) {
      Weights& g = grads[std::size_t(slot)];
      for (std::size_t i = a; i < b; ++i) {
        const Entry& e = data.entries[i];
        double mg, eg, scale;
        halves(data, e, w, mg, eg);
        const double p = sigmoid(k * blended(e, mg, eg, scale));
        // d(loss)/d(eval) for this position; then d(eval)/d(value) = coeff * phase weight * scale.
        const double d = 2 * (p - target(e, k, s.lambda)) * p * (1 - p) * k * scale;
        const double dmg = d * e.phase / PHASE_MAX, deg = d * (PHASE_MAX - e.phase) / PHASE_MAX;
        for (std::uint32_t j = e.first; j < e.first + e.count; ++j) {
          const Term& t = data.terms[j];
          g[t.index][0] += dmg * t.coeff;
          g[t.index][1] += deg * t.coeff;
        }
      }
    });
    const double c1 = 1 - std::pow(BETA1, epoch), c2 = 1 - std::pow(BETA2, epoch);
    for (int i = 0; i < PARAM_NB; ++i) {
      if (!s.frozen.empty() && s.frozen[std::size_t(i)]) continue;
      for (int h = 0; h < 2; ++h) {
        double grad = 0;
        for (const Weights& g : grads) grad += g[i][h];
        grad = grad / n + 2 * s.l2 * (w[i][h] - prior[i][h]);
        m1[i][h] = BETA1 * m1[i][h] + (1 - BETA1) * grad;
        m2[i][h] = BETA2 * m2[i][h] + (1 - BETA2) * grad * grad;
        w[i][h] -= s.rate * (m1[i][h] / c1) / (std::sqrt(m2[i][h] / c2) + EPS);
        if (!s.sign.empty() && s.sign[std::size_t(i)] * w[i][h] < 0) w[i][h] = 0;
      }
    }
    // Frozen values inside a run are moved too if the order needs it (the order is the point).
    apply_monotone(w, s.monotone);
    if (each) each(epoch, loss(data, w, k, s.lambda, threads), w);
  }
  return w;
}

}  // namespace xq::tune
