// One run of xqtune as its command line asks for it: tools/xqtune.cpp parses the line into a
// TuneJob, run_job does the work (the match runner's split of main and work).
#pragma once

#include <string>
#include <vector>

#include "tuner.h"

namespace xq::tune {

struct TuneJob {
  std::vector<std::string> data_files;  // none: only the parameter file's round trip
  std::string params_file;              // start from this file instead of the built-in values
  std::string write_file;               // write the result here
  TuneSettings settings;
  long limit = 0;                   // positions read at most (0: all)
  double k = 0;                     // sigmoid scale per centipawn (0: fit it)
  long min_count = 0;               // values fewer positions touch keep their start
  bool free_signs = false;          // drop the sign and order constraints
  double holdout_fraction = 0.1;    // share of the openings kept out of the fit
  long book_lines = 400;            // the book's size when the data was made
};

// Reads the start values, fits them to the data (if any) and writes the file (if asked).
// Progress goes to stdout (K, the losses, every epoch) and the counts read to stderr. Throws
// std::runtime_error naming the problem: a file that cannot be read or written, a parameter
// file that does not parse, data without a position.
void run_job(TuneJob job);

}  // namespace xq::tune
