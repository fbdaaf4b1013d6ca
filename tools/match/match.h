// Runs a whole match or tournament: schedules game pairs over `concurrency` workers, each
// with its own engine processes, prints cutechess-cli's progress and summary lines, writes the
// PGN and the results file, and stops early when the SPRT decides or `abort` is raised.
#pragma once

#include <atomic>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "options.h"

namespace xq::match {

// Exit status: 0 done (or stopped by the SPRT), 1 an engine failed without -recover or a file
// could not be written, 2 bad settings (the book). Raising `abort` ends the running games as
// unfinished ("*", written to the PGN) and still prints the summary.
int run_match(const MatchConfig& cfg, std::ostream& out, std::ostream& err, std::atomic<bool>& abort);

// The settings a results file records; merge compares them.
nlohmann::json settings_json(const MatchConfig& cfg);

// `xqmatch merge A.json B.json ...`: sums shards and prints the same summary (and SPRT).
int run_merge(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace xq::match
