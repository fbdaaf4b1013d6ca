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
  // Field by field. Throws std::overflow_error (a std::runtime_error), leaving *this unchanged,
  // when a count or the games/pairs total would not fit an int.
  Counts& operator+=(const Counts& other);
};

// The lines cutechess-cli prints at a rating interval and at the end, in this order:
//   "Ptnml(0-2): a, b, c, d, e"                     (pair counts, worst first)
//   "Score of A vs B: W - L - D  [0.550] N"
//   "Elo difference: 34.9 +/- 21.2, LOS: 99.9 %, DrawRatio: 31.0 %"
//   "SPRT: llr 2.96 (100.5%), lbound -2.94, ubound 2.94 - H1 was accepted"   (only with sprt)
// The SPRT verdict words appear only once the test has decided.
// Numbers as cutechess-cli prints them: score 3 decimals; Elo, margin, LOS and DrawRatio 1
// decimal (LOS and DrawRatio in percent); llr and the bounds 2 decimals, the llr's share of the
// bound it heads for 1. The Elo line is the pentanomial estimate once there are pairs, else the
// trinomial one; LOS and DrawRatio are per game. Ptnml is printed even with no pairs (all 0).
std::vector<std::string> summary_lines(const std::string& first, const std::string& second, const Counts& counts,
                                       const std::optional<SprtConfig>& sprt);
// cutechess-cli's per-colour breakdown, printed under the Score line:
//   "...      A playing Red: W - L - D  [0.600] N"
//   "...      A playing Black: W - L - D  [0.550] N"
//   "...      Red vs Black: W - L - D  [0.525] N"     (the side, whoever played it)
std::vector<std::string> colour_lines(const std::string& first, const Counts& counts);

// A tournament's final table: a header and one row per engine, ranked by the trinomial Elo of
// its total score (ties keep the given order). Columns: Rank, Name, Elo, +/-, Games, Score, Draw.
struct Standing {
  std::string name;
  Wdl wdl;  // over all its games
};
std::vector<std::string> rating_table(const std::vector<Standing>& standings);

// The results file: {"settings": {...}, "counts": {...}}. `settings` is opaque here: whatever
// the match wrote, compared whole by merge (apart from the key "shard").
nlohmann::json results_json(const nlohmann::json& settings, const Counts& counts);
// Reads one results file's JSON; throws std::runtime_error naming the problem: a missing key, a
// value that is not a non-negative integer fitting an int, totals that overflow an int, or counts
// that contradict each other (more Red wins than wins, more pairs than games / 2).
Counts counts_from_json(const nlohmann::json& results);
// Combines results files. Throws std::runtime_error when the list is empty, a file is malformed,
// the summed counts overflow, or the settings differ (the key "shard" aside), naming the files
// and the first difference. The merged settings are the first file's without "shard".
struct Merged {
  nlohmann::json settings;
  Counts counts;
};
Merged merge_results(const std::vector<std::pair<std::string, nlohmann::json>>& files);

// Where two matches' settings first disagree, in key order, as ` at key "engines[1].nodes" (A: 2000,
// B: 1000)` with `name_a` and `name_b` for A and B; "" when they agree. Top-level keys named in
// `ignore` are left out (merge: "shard"; -resume: "games" and "rounds", which a resumed run may
// raise).
std::string settings_difference(const nlohmann::json& a, const nlohmann::json& b, const std::string& name_a,
                                const std::string& name_b, const std::vector<std::string>& ignore = {});

}  // namespace xq::match
