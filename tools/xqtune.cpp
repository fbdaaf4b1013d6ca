// xqtune: fits the evaluation's parameters to self-play positions (Texel tuning) and writes
// them back as eval/params.cpp, so that a fit is a plain diff of numbers.
//
//   xqtune --data data/tuning/selfplay.txt --epochs 300 --write eval/params.cpp
//
// Starts from the values compiled into this build, or from --params FILE (a file in the same
// format). Prints the fitted K, the loss before, the loss after every epoch and at the end;
// with --holdout (default a tenth of the openings) also the loss on games the fit never saw, and
// the epoch where that was lowest (a later rise means the values fit noise); the held-out loss is
// always against the game results, so fits with different --lambda compare. --min-count N keeps
// the values that fewer than N positions touch where they started. The named bonuses and
// penalties keep the sign their names mean (tune::default_signs), and mobility and shelter tables
// their order (tune::default_monotone), unless --free-signs.
// With --epochs 0 and no data it only reads and writes the parameter file: the round trip.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>

#include <CLI/CLI.hpp>

#include "fileio/read_file.h"
#include "tune/dataset.h"
#include "tune/params_io.h"
#include "tune/tuner.h"

namespace {

using namespace xq;
using namespace xq::tune;

std::string read_file(const std::string& path) {
  std::string bytes;
  if (std::string error = fileio::read_file(path, bytes); !error.empty()) throw std::runtime_error(error);
  return bytes;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> data_files;
  std::string params_file, write_file;
  TuneSettings settings;
  long limit = 0;
  double k = 0;
  long min_count = 0;
  bool free_signs = false;
  double holdout_fraction = 0.1;
  long book_lines = 400;
  CLI::App app{"xqtune: Texel tuning of the evaluation on xqdatagen positions"};
  app.add_option("--data", data_files, "position files (tools/datagen/sample_format.h)");
  app.add_option("--params", params_file, "start from this parameter file instead of the built-in values");
  app.add_option("--write", write_file, "write the fitted values here (eval/params.cpp format)");
  app.add_option("--epochs", settings.epochs, "Adam steps over all the data")->capture_default_str();
  app.add_option("--rate", settings.rate, "Adam step size in centipawns")->capture_default_str();
  app.add_option("--lambda", settings.lambda, "weight of the game result in the target (the rest: the search score)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--threads", settings.threads, "threads over the data")->capture_default_str();
  app.add_option("--limit", limit, "read at most this many positions (0: all)")->capture_default_str();
  app.add_option("--holdout", holdout_fraction, "share of the openings whose games are kept out of the fit to measure it")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 0.5));
  app.add_option("--book-lines", book_lines, "the book's size when the data was made (game i played book line i mod this)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--l2", settings.l2, "ridge penalty per squared centipawn away from the starting values")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--min-count", min_count, "keep values that fewer positions than this touch at their starting values")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_flag("--free-signs", free_signs,
               "let the named bonuses and penalties take either sign and the mobility and shelter tables any order (default: as their names mean)");
  app.add_option("--k", k, "sigmoid scale per centipawn (0: fit it)")->capture_default_str();
  app.footer("Without --data only the parameter file's round trip runs: --epochs 0 with --params and/or --write.\n"
             "Data: scripts/make_tuning_data.sh; the whole workflow: README.md, \"Tuning the evaluation\".");
  CLI11_PARSE(app, argc, argv);
  // Nothing to fit and nothing to write must not pass for a successful fit.
  const bool round_trip = app.count("--epochs") > 0 && settings.epochs == 0 && (!params_file.empty() || !write_file.empty());
  if (data_files.empty() && !round_trip) {
    std::cerr << "xqtune: --data FILE is missing: the positions to fit (made by xqdatagen, e.g. "
                 "scripts/make_tuning_data.sh -> data/tuning/selfplay.txt).\n"
                 "Without data only the round trip runs: --epochs 0 with --params FILE and/or --write FILE. "
                 "See xqtune --help.\n";
    return 2;
  }

  try {
    ParamFile start{eval::DEFAULT_EVAL_PARAMS, eval::DEFAULT_ENDGAME_SCALES};
    if (!params_file.empty()) {
      std::string error;
      auto parsed = parse_params_source(read_file(params_file), error);
      if (!parsed) throw std::runtime_error(params_file + ": " + error);
      start = *parsed;
    }
    Weights w = to_weights(start.params);
    if (!data_files.empty()) {
      const eval::EvalModel model(start.params, start.scales);
      Dataset data, held;
      for (const std::string& f : data_files) load(data, f, model, limit, {&held, holdout_fraction, book_lines});
      std::fprintf(stderr, "%zu positions (%ld lines skipped), %zu coefficients; %zu positions held out\n",
                   data.entries.size(), data.skipped, data.terms.size(), held.entries.size());
      if (data.entries.empty()) throw std::runtime_error("no positions to fit");
      if (k <= 0) k = fit_k(data, w, settings.lambda, settings.threads);
      std::printf("K %.6f per centipawn\n", k);
      // Against the games' results alone, whatever --lambda: so that fits with different blends
      // can be compared on what they are for.
      const auto held_loss = [&](const Weights& v) { return loss(held, v, k, 1.0, settings.threads); };
      std::printf("loss before %.6f\n", loss(data, w, k, settings.lambda, settings.threads));
      if (!held.entries.empty()) std::printf("holdout loss before %.6f\n", held_loss(w));
      settings.frozen = default_frozen();
      if (!free_signs) settings.sign = default_signs(), settings.monotone = default_monotone();
      if (min_count > 0) {
        freeze_rare(settings.frozen, data, min_count);
        const long n = long(std::count(settings.frozen.begin(), settings.frozen.end(), true));
        std::printf("%ld of %d values frozen (the king's, the empty type's, and those fewer than %ld positions touch)\n",
                    n, eval::PARAM_NB, min_count);
      }
      int best_epoch = 0;
      double best = held.entries.empty() ? 0 : held_loss(w);
      w = xq::tune::tune(data, w, k, settings, [&](int epoch, double l, const Weights& now) {
        if (held.entries.empty()) return (void)std::printf("epoch %d loss %.6f\n", epoch, l);
        const double h = held_loss(now);
        if (h < best) best = h, best_epoch = epoch;
        std::printf("epoch %d loss %.6f holdout %.6f\n", epoch, l, h);
      });
      // The values as they will be written, rounded.
      const Weights rounded = to_weights(to_params(w));
      std::printf("loss after %.6f (rounded values)\n", loss(data, rounded, k, settings.lambda, settings.threads));
      if (!held.entries.empty())
        std::printf("holdout loss after %.6f (rounded values); lowest %.6f at epoch %d\n", held_loss(rounded), best,
                    best_epoch);
    }
    if (!write_file.empty()) {
      std::ofstream out(write_file);
      out << write_params_source(data_files.empty() ? start.params : to_params(w), start.scales);
      if (!out) throw std::runtime_error("cannot write " + write_file);
    }
  } catch (const std::exception& e) {
    std::cerr << "xqtune: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
