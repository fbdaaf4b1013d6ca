#include "trainer.h"

#include <chrono>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>

namespace xq::nnue_train {

namespace {

// Adam before its first step: every moment at zero.
AdamState fresh_adam() {
  AdamState a;
  a.m.assign(PARAM_COUNT, 0.0f);
  a.v.assign(PARAM_COUNT, 0.0f);
  return a;
}

// Runs f(t) for t = 0..threads-1, t = 0 on the caller's thread.
template <class F>
void parallel(int threads, F f) {
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(f, t);
  f(0);
  for (auto& w : workers) w.join();
}

// [n * t / parts, n * (t + 1) / parts)
std::size_t part(std::size_t n, int t, int parts) { return n * std::size_t(t) / std::size_t(parts); }

double k_loss(const std::vector<Entry>& entries, double k) {
  double sum = 0;
  for (const Entry& e : entries) {
    const double p = 1 / (1 + std::exp(-e.score / k)), r = e.result * 0.5;
    sum += (p - r) * (p - r);
  }
  return sum / double(std::max<std::size_t>(entries.size(), 1));
}

}  // namespace

bool fits_one_run(std::size_t positions, const TrainSettings& s) {
  return positions < (s.mirror ? std::size_t(MIRROR_BIT) : std::size_t(UINT32_MAX));
}

double learning_rate(const TrainSettings& s, int epoch) {
  if (s.epochs <= 1) return s.lr;
  const double t = double(epoch) / (s.epochs - 1);
  return s.lr_final + (s.lr - s.lr_final) * 0.5 * (1 + std::cos(M_PI * t));
}

// The minimum of a loss over K in [50, 5000], by golden section (the losses here have one).
template <class Loss>
double golden_section_k(const Loss& loss) {
  double lo = 50, hi = 5000;
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
  double fa = loss(a), fb = loss(b);
  for (int i = 0; i < 40; ++i) {
    if (fa < fb) {
      hi = b, b = a, fb = fa, a = hi - g * (hi - lo), fa = loss(a);
    } else {
      lo = a, a = b, fa = fb, b = lo + g * (hi - lo), fb = loss(b);
    }
  }
  return (lo + hi) / 2;
}

double fit_k(const std::vector<Entry>& entries) {
  return golden_section_k([&](double k) { return k_loss(entries, k); });
}

Trainer::Trainer(const DataSet& data, const TrainSettings& settings)
    : data_(data), s_(settings), net_(FloatNetwork::random(settings.seed, settings.loss.king_buckets)) {
  s_.threads = std::max(1, s_.threads);
  if (!fits_one_run(data.train.size(), s_))
    throw std::length_error("too many training positions for one run: " + std::to_string(data.train.size()));
  adam_ = fresh_adam();
  grads_.assign(std::size_t(s_.threads), std::vector<float>(PARAM_COUNT));
  mean_grad_.assign(PARAM_COUNT, 0.0f);
  effective_.assign(std::size_t(N_IN) * L1, 0.0f);
  refresh_effective();
}

void Trainer::restore(const FloatNetwork& net, const AdamState& adam, int epochs_done) {
  net_ = net;
  net_.king_buckets = s_.loss.king_buckets;
  adam_ = adam;
  epochs_done_ = epochs_done;
  refresh_effective();
}

void Trainer::start_from(const FloatNetwork& net) { restore(net, fresh_adam(), 0); }

void Trainer::refresh_effective() {
  parallel(s_.threads, [&](int t) {
    const int first = int(part(FACTORS, t, s_.threads)), last = int(part(FACTORS, t + 1, s_.threads));
    if (first == last) return;
    net_.clip_feature_weights(first, last);
    net_.effective_weights(effective_.data(), first, last);
  });
}

void Trainer::step(const std::uint32_t* index, std::size_t n, double lr, double& loss) {
  const int threads = s_.threads;
  // Step 1. Each thread's slice of the batch: loss and gradient.
  std::vector<double> losses(std::size_t(threads), 0.0);
  parallel(threads, [&](int t) {
    std::vector<float>& g = grads_[std::size_t(t)];
    std::fill(g.begin(), g.end(), 0.0f);
    const std::size_t lo = part(n, t, threads), hi = part(n, t + 1, threads);
    losses[std::size_t(t)] = loss_and_gradient(net_.params.data(), effective_.data(), data_.train.data(), index + lo,
                                               hi - lo, s_.loss, g.data());
  });
  for (double l : losses) loss += l;
  // Step 2. The mean gradient, summed in thread order; each piece-square row's is its king
  // blocks' sum (none without king buckets: the one block learns alone, as before them), each
  // factor row's its piece-square rows' sum.
  const float inv_n = 1.0f / float(n);
  parallel(threads, [&](int t) {
    for (std::size_t i = part(PARAM_COUNT, t, threads), end = part(PARAM_COUNT, t + 1, threads); i < end; ++i) {
      float sum = 0;
      for (const auto& g : grads_) sum += g[i];
      mean_grad_[i] = sum * inv_n;
    }
  });
  parallel(threads, [&](int t) {
    float* g = mean_grad_.data();
    for (std::size_t k = part(FACTORS, t, threads), end = part(FACTORS, t + 1, threads); k < end; ++k) {
      float* factor = g + FACTOR_WEIGHTS + k * L1;
      std::fill(factor, factor + L1, 0.0f);
      for (std::size_t sq = 0; sq < SQUARE_NB; ++sq) {
        const std::size_t ps = k * SQUARE_NB + sq;
        float* ps_row = g + PS_WEIGHTS + ps * L1;
        std::fill(ps_row, ps_row + L1, 0.0f);
        if (!s_.factoriser) continue;
        if (s_.loss.king_buckets)
          for (std::size_t block = 0; block < std::size_t(nnue::KING_BUCKETS); ++block) {
            const float* row = g + FT_WEIGHTS + (block * PS_IN + ps) * L1;
            for (int j = 0; j < L1; ++j) ps_row[j] += row[j];
          }
        // The factor row sums the features' rows, through the piece-square row or directly.
        const float* from = s_.loss.king_buckets ? ps_row : g + FT_WEIGHTS + ps * L1;
        for (int j = 0; j < L1; ++j) factor[j] += from[j];
      }
    }
  });
  // Step 3. AdamW on every parameter; the biases and output weights clipped here, the feature
  // weights (row + factor) in step 4.
  // A snapped output layer stays as it is.
  const std::uint64_t step = ++adam_.step;
  const std::size_t trained = output_snapped() ? OUT_WEIGHTS : PARAM_COUNT;
  parallel(threads, [&](int t) {
    adamw_step(net_.params.data(), mean_grad_.data(), adam_, part(trained, t, threads), part(trained, t + 1, threads),
               FT_BIAS, OUT_BIAS, WEIGHT_CLIP, lr, step, s_.adam);
  });
  // Step 4. The weights the next step (and the file) uses.
  refresh_effective();
}

bool Trainer::output_snapped() const { return epochs_done_ >= s_.epochs - s_.snap_output_epochs; }

void Trainer::snap_output() {
  for (std::size_t i = OUT_WEIGHTS; i < OUT_BIAS; ++i) net_.params[i] = std::round(net_.params[i] * nnue::QB) / nnue::QB;
  const double scale = double(nnue::QA) * nnue::QB;
  for (std::size_t i = OUT_BIAS; i < PARAM_COUNT; ++i) net_.params[i] = float(std::round(net_.params[i] * scale) / scale);
}

EpochResult Trainer::run_epoch() {
  const int epoch = epochs_done_;
  if (output_snapped()) snap_output();
  const std::size_t n = data_.train.size();
  // Each epoch's order depends on the seed and the epoch alone, so a resumed run repeats it.
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::mt19937_64 rng(s_.seed * 0x9E3779B97F4A7C15ULL + std::uint64_t(epoch) + 1);
  for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng() % i]);
  if (s_.mirror)
    for (std::uint32_t& i : order) i |= (rng() & 1) ? MIRROR_BIT : 0u;

  EpochResult r;
  r.epoch = epoch + 1;
  r.lr = learning_rate(s_, epoch);
  const auto start = std::chrono::steady_clock::now();
  double loss = 0;
  for (std::size_t b = 0; b < n; b += s_.batch) step(order.data() + b, std::min(s_.batch, n - b), r.lr, loss);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.positions_per_second = double(n) / std::max(r.seconds, 1e-9);
  r.train_loss = loss / double(std::max<std::size_t>(n, 1));
  r.validation_loss = mean_loss(data_.validation);
  ++epochs_done_;
  return r;
}

double Trainer::mean_loss(const std::vector<Entry>& entries, const LossSettings& loss) const {
  const std::size_t n = entries.size();
  if (n == 0) return 0;
  std::vector<std::uint32_t> index(n);
  std::iota(index.begin(), index.end(), 0u);
  std::vector<double> losses(std::size_t(s_.threads), 0.0);
  parallel(s_.threads, [&](int t) {
    const std::size_t lo = part(n, t, s_.threads), hi = part(n, t + 1, s_.threads);
    losses[std::size_t(t)] =
        loss_and_gradient(net_.params.data(), effective_.data(), entries.data(), index.data() + lo, hi - lo, loss, nullptr);
  });
  double sum = 0;
  for (double l : losses) sum += l;
  return sum / double(n);
}

double Trainer::fit_output_k(const std::vector<Entry>& entries) const {
  LossSettings against_results = s_.loss;
  against_results.lambda = 1;  // the target is the game's result alone
  return golden_section_k([&](double k) {
    against_results.k_out = float(k);
    return mean_loss(entries, against_results);
  });
}

}  // namespace xq::nnue_train
