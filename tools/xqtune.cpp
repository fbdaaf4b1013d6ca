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
#include <exception>
#include <iostream>
#include <utility>

#include <CLI/CLI.hpp>

#include "cli_parse.h"
#include "tune/job.h"

int main(int argc, char** argv) {
  xq::tune::TuneJob job;
  xq::tune::TuneSettings& settings = job.settings;
  CLI::App app{"xqtune: Texel tuning of the evaluation on xqdatagen positions"};
  app.add_option("--data", job.data_files, "position files (tools/datagen/sample_format.h)");
  app.add_option("--params", job.params_file, "start from this parameter file instead of the built-in values");
  app.add_option("--write", job.write_file, "write the fitted values here (eval/params.cpp format)");
  app.add_option("--epochs", settings.epochs, "Adam steps over all the data")->capture_default_str();
  app.add_option("--rate", settings.rate, "Adam step size in centipawns")->capture_default_str();
  app.add_option("--lambda", settings.lambda, "weight of the game result in the target (the rest: the search score)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--threads", settings.threads, "threads over the data")->capture_default_str();
  app.add_option("--limit", job.limit, "read at most this many positions (0: all)")->capture_default_str();
  app.add_option("--holdout", job.holdout_fraction, "share of the openings whose games are kept out of the fit to measure it")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 0.5));
  app.add_option("--book-lines", job.book_lines, "the book's size when the data was made (game i played book line i mod this)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--l2", settings.l2, "ridge penalty per squared centipawn away from the starting values")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--min-count", job.min_count, "keep values that fewer positions than this touch at their starting values")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_flag("--free-signs", job.free_signs,
               "let the named bonuses and penalties take either sign and the mobility and shelter tables any order (default: as their names mean)");
  app.add_option("--k", job.k, "sigmoid scale per centipawn (0: fit it)")->capture_default_str();
  app.footer("Without --data only the parameter file's round trip runs: --epochs 0 with --params and/or --write.\n"
             "Data: scripts/make_tuning_data.sh; the whole workflow: README.md, \"Tuning the evaluation\".");
  if (const auto status = xq::tools::parse_command_line(app, argc, argv)) return *status;
  // Nothing to fit and nothing to write must not pass for a successful fit.
  const bool round_trip = app.count("--epochs") > 0 && settings.epochs == 0 && (!job.params_file.empty() || !job.write_file.empty());
  if (job.data_files.empty() && !round_trip) {
    std::cerr << "xqtune: --data FILE is missing: the positions to fit (made by xqdatagen, e.g. "
                 "scripts/make_tuning_data.sh -> data/tuning/selfplay.txt).\n"
                 "Without data only the round trip runs: --epochs 0 with --params FILE and/or --write FILE. "
                 "See xqtune --help.\n";
    return 2;
  }

  try {
    xq::tune::run_job(std::move(job));
  } catch (const std::exception& e) {
    std::cerr << "xqtune: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
