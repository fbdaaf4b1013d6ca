// What a match prints and stores: the cutechess-cli summary lines, the pentanomial line, the
// SPRT line, a rating table for tournaments, and the results file that shards write and
// `xqmatch merge` combines.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "stats.h"

namespace xq::match {

// One encounter's counts, from the first engine's point of view.
struct Counts {
  Wdl wdl;
  Wdl as_red;  // the first engine's games with Red (the side that moves first)
  Pentanomial pairs;
  Counts& operator+=(const Counts& other);
};

// The lines cutechess-cli prints at a rating interval and at the end, in this order:
//   "Ptnml(0-2): a, b, c, d, e"                     (pair counts, worst first)
//   "Score of A vs B: W - L - D  [0.550] N"
//   "Elo difference: 34.9 +/- 21.2, LOS: 99.9 %, DrawRatio: 31.0 %"
//   "SPRT: llr 2.96 (100.5%), lbound -2.94, ubound 2.94 - H1 was accepted"   (only with sprt)
// The SPRT verdict words appear only once the test has decided.
std::vector<std::string> summary_lines(const std::string& first, const std::string& second, const Counts& counts,
                                       const std::optional<SprtConfig>& sprt);

// A tournament's final table: one row per engine, ranked by Elo from its total score.
struct Standing {
  std::string name;
  Wdl wdl;  // over all its games
};
std::vector<std::string> rating_table(const std::vector<Standing>& standings);

// The results file: {"settings": {...}, "counts": {...}}. `settings` is opaque here: whatever
// the match wrote, compared whole by merge (apart from the key "shard").
nlohmann::json results_json(const nlohmann::json& settings, const Counts& counts);
// Reads one results file's JSON; throws std::runtime_error naming the problem.
Counts counts_from_json(const nlohmann::json& results);
// Combines results files. Throws std::runtime_error when their settings differ (the key
// "shard" aside) or a file is malformed, naming the file and the first difference.
struct Merged {
  nlohmann::json settings;
  Counts counts;
};
Merged merge_results(const std::vector<std::pair<std::string, nlohmann::json>>& files);

}  // namespace xq::match
