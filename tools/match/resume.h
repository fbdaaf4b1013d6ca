// What a results file keeps of the game pairs that have finished, so that a match stopped half
// way (SIGTERM, a session or machine that went away) can go on with `-resume F.json`: the pairs
// already played are not played again and their games stay in the counts and the SPRT.
// Only whole pairs are kept: a pair with one game played is played again whole, so the
// pentanomial counts never hold half a pair.
#pragma once

#include <set>
#include <vector>

#include <nlohmann/json.hpp>

#include "report.h"

namespace xq::match {

struct FinishedPairs {
  std::set<int> pairs;             // match-wide pair numbers whose two games were counted
  std::vector<Counts> encounters;  // one per encounter: the counts of exactly those pairs' games
};

// The results file's "finished" member.
nlohmann::json finished_json(const FinishedPairs& finished);
// Reads results["finished"]. Throws std::runtime_error naming the problem: a file from before
// -resume (no "finished"), a pair number that is not a non-negative integer or comes twice,
// counts that are malformed (report.h's checks).
FinishedPairs finished_from_results(const nlohmann::json& results);

}  // namespace xq::match
