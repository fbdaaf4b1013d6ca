#include "resume.h"

#include <stdexcept>
#include <string>

namespace xq::match {

using nlohmann::json;

json finished_json(const FinishedPairs& finished) {
  json encounters = json::array();
  // The same object as a results file's "counts", so one reader checks both.
  for (const Counts& c : finished.encounters) encounters.push_back(results_json(json::object(), c)["counts"]);
  return json{{"pairs", finished.pairs}, {"encounters", encounters}};
}

FinishedPairs finished_from_results(const json& results) {
  const auto fail = [](const std::string& what) { throw std::runtime_error(what); };
  if (!results.is_object() || !results.contains("finished"))
    fail("no \"finished\" record of the pairs played (a file written without -resultsout by this xqmatch, or by an older one)");
  const json& f = results["finished"];
  if (!f.is_object() || !f.contains("pairs") || !f.contains("encounters") || !f["pairs"].is_array() ||
      !f["encounters"].is_array())
    fail("\"finished\" must be an object with the arrays \"pairs\" and \"encounters\"");
  FinishedPairs out;
  for (const json& p : f["pairs"]) {
    if (!p.is_number_integer() || p.get<long long>() < 0 || p.get<long long>() > 100000000)
      fail("finished.pairs holds " + p.dump() + ", not a pair number");
    const int pair = p.get<int>();
    if (!out.pairs.insert(pair).second) fail("finished.pairs names pair " + std::to_string(pair) + " twice");
  }
  for (std::size_t e = 0; e < f["encounters"].size(); ++e) {
    try {
      out.encounters.push_back(counts_from_json(json{{"counts", f["encounters"][e]}}));
    } catch (const std::runtime_error& error) {
      fail("finished.encounters[" + std::to_string(e) + "]: " + error.what());
    }
  }
  return out;
}

}  // namespace xq::match
