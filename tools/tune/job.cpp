#include "job.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "dataset.h"
#include "fileio/read_file.h"
#include "params_io.h"

namespace xq::tune {

namespace {

std::string read_file(const std::string& path) {
  std::string bytes;
  if (std::string error = fileio::read_file(path, bytes); !error.empty()) throw std::runtime_error(error);
  return bytes;
}

// The fit from `start`, printing its progress; the fitted values come back.
Weights fit(TuneJob& job, const ParamFile& start) {
  Weights w = to_weights(start.params);
  const eval::EvalModel model(start.params, start.scales);
  Dataset data, held;
  for (const std::string& f : job.data_files) load(data, f, model, job.limit, {&held, job.holdout_fraction, job.book_lines});
  std::fprintf(stderr, "%zu positions (%ld lines skipped), %zu coefficients; %zu positions held out\n",
               data.entries.size(), data.skipped, data.terms.size(), held.entries.size());
  if (data.entries.empty()) throw std::runtime_error("no positions to fit");
  if (job.k <= 0) job.k = fit_k(data, w, job.settings.lambda, job.settings.threads);
  std::printf("K %.6f per centipawn\n", job.k);
  // Against the games' results alone, whatever --lambda: so that fits with different blends
  // can be compared on what they are for.
  const auto held_loss = [&](const Weights& v) { return loss(held, v, job.k, 1.0, job.settings.threads); };
  std::printf("loss before %.6f\n", loss(data, w, job.k, job.settings.lambda, job.settings.threads));
  if (!held.entries.empty()) std::printf("holdout loss before %.6f\n", held_loss(w));
  job.settings.frozen = default_frozen();
  if (!job.free_signs) job.settings.sign = default_signs(), job.settings.monotone = default_monotone();
  if (job.min_count > 0) {
    freeze_rare(job.settings.frozen, data, job.min_count);
    const long n = long(std::count(job.settings.frozen.begin(), job.settings.frozen.end(), true));
    std::printf("%ld of %d values frozen (the king's, the empty type's, and those fewer than %ld positions touch)\n",
                n, eval::PARAM_NB, job.min_count);
  }
  int best_epoch = 0;
  double best = held.entries.empty() ? 0 : held_loss(w);
  w = xq::tune::tune(data, w, job.k, job.settings, [&](int epoch, double l, const Weights& now) {
    if (held.entries.empty()) return (void)std::printf("epoch %d loss %.6f\n", epoch, l);
    const double h = held_loss(now);
    if (h < best) best = h, best_epoch = epoch;
    std::printf("epoch %d loss %.6f holdout %.6f\n", epoch, l, h);
  });
  // The values as they will be written, rounded.
  const Weights rounded = to_weights(to_params(w));
  std::printf("loss after %.6f (rounded values)\n", loss(data, rounded, job.k, job.settings.lambda, job.settings.threads));
  if (!held.entries.empty())
    std::printf("holdout loss after %.6f (rounded values); lowest %.6f at epoch %d\n", held_loss(rounded), best,
                best_epoch);
  return w;
}

}  // namespace

void run_job(TuneJob job) {
  ParamFile start{eval::DEFAULT_EVAL_PARAMS, eval::DEFAULT_ENDGAME_SCALES};
  if (!job.params_file.empty()) {
    std::string error;
    auto parsed = parse_params_source(read_file(job.params_file), error);
    if (!parsed) throw std::runtime_error(job.params_file + ": " + error);
    start = *parsed;
  }
  const bool fitting = !job.data_files.empty();
  const Weights w = fitting ? fit(job, start) : to_weights(start.params);
  if (!job.write_file.empty()) {
    std::ofstream out(job.write_file);
    out << write_params_source(fitting ? to_params(w) : start.params, start.scales);
    if (!out) throw std::runtime_error("cannot write " + job.write_file);
  }
}

}  // namespace xq::tune
