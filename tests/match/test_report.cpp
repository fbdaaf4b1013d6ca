// The printed lines, exactly, for fixed counts (values worked out by hand from the definitions;
// see test_stats.cpp for the formulas), the rating table, and the results files: the round trip,
// strict reading of bad input, and merging.
#include <catch2/catch.hpp>

#include <climits>
#include <functional>
#include <string>

#include "tools/match/report.h"
#include "tools/match/resume.h"

using namespace xq::match;
using nlohmann::json;

namespace {

// 70 pairs: LL 3, LD 10, WL 25 + DD 15, WD 12, WW 5, which makes 47 - 41 - 52 over 140 games.
Counts paired_counts() {
  Counts c;
  c.wdl = {47, 41, 52};
  c.as_red = {30, 15, 25};
  c.pairs = Pentanomial{{3, 10, 40, 12, 5}};
  return c;
}

std::string error_of(const std::function<void()>& run) {
  try {
    run();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "(no error)";
}

std::string read_error(const json& results) {
  return error_of([&] { counts_from_json(results); });
}

json valid_results() { return results_json(json{{"tc", "10+0.1"}, {"shard", 1}}, paired_counts()); }

size_t code_points(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

TEST_CASE("summary lines without pairs use the trinomial Elo", "[match]") {
  Counts c;
  c.wdl = {45, 30, 25};
  const std::vector<std::string> want = {
      "Ptnml(0-2): 0, 0, 0, 0, 0",
      "Score of A vs B: 45 - 30 - 25  [0.575] 100",
      "Elo difference: 52.5 +/- 60.1, LOS: 95.8 %, DrawRatio: 25.0 %",
  };
  CHECK(summary_lines("A", "B", c, std::nullopt) == want);
}

TEST_CASE("summary lines with pairs use the pentanomial Elo", "[match]") {
  // Pair scores mean 0.5214 -> 14.9 Elo; the pentanomial margin 35.8 (trinomial would be 45.9).
  const std::vector<std::string> want = {
      "Ptnml(0-2): 3, 10, 40, 12, 5",
      "Score of new vs old: 47 - 41 - 52  [0.521] 140",
      "Elo difference: 14.9 +/- 35.8, LOS: 73.9 %, DrawRatio: 37.1 %",
      "SPRT: llr 0.18 (6.1%), lbound -2.94, ubound 2.94",
  };
  CHECK(summary_lines("new", "old", paired_counts(), SprtConfig{0, 5}) == want);
}

TEST_CASE("SPRT line: the verdict appears once decided", "[match]") {
  Counts up;
  up.wdl = {100, 44, 100};
  up.pairs = Pentanomial{{2, 10, 60, 30, 20}};
  CHECK(summary_lines("A", "B", up, SprtConfig{0, 10}).back() ==
        "SPRT: llr 3.52 (119.7%), lbound -2.94, ubound 2.94 - H1 was accepted");
  CHECK(summary_lines("A", "B", up, SprtConfig{0, 10})[2] == "Elo difference: 81.2 +/- 29.9, LOS: 100.0 %, DrawRatio: 41.0 %");

  Counts down;
  down.wdl = {44, 100, 100};
  down.pairs = Pentanomial{{20, 30, 60, 10, 2}};
  CHECK(summary_lines("A", "B", down, SprtConfig{0, 10}).back() ==
        "SPRT: llr -4.00 (-135.9%), lbound -2.94, ubound 2.94 - H0 was accepted");
  CHECK(summary_lines("A", "B", down, SprtConfig{0, 10})[2] == "Elo difference: -81.2 +/- 29.9, LOS: 0.0 %, DrawRatio: 41.0 %");
}

TEST_CASE("summary lines before any game", "[match]") {
  const std::vector<std::string> want = {
      "Ptnml(0-2): 0, 0, 0, 0, 0",
      "Score of A vs B: 0 - 0 - 0  [0.500] 0",
      "Elo difference: 0.0 (too few games for an interval: 0 games), LOS: 50.0 %, DrawRatio: 0.0 %",
      "SPRT: llr 0.00 (0.0%), lbound -2.94, ubound 2.94",
  };
  CHECK(summary_lines("A", "B", Counts{}, SprtConfig{}) == want);
}

// Issue 24: "+/- 0.0" read as certainty where there was no spread to measure.
TEST_CASE("summary lines say when there are too few games for an interval", "[match]") {
  Counts one_game;
  one_game.wdl = {0, 1, 0};
  CHECK_THAT(summary_lines("A", "B", one_game, std::nullopt)[2],
             Catch::StartsWith("Elo difference: -2000.0 (too few games for an interval: 1 game), LOS: "));
  Counts one_pair;
  one_pair.wdl = {1, 0, 1};
  one_pair.pairs.n = {0, 0, 0, 1, 0};
  CHECK_THAT(summary_lines("A", "B", one_pair, std::nullopt)[2],
             Catch::StartsWith("Elo difference: 190.8 (too few games for an interval: 1 game pair), LOS: "));
  Counts sweep;
  sweep.wdl = {4, 0, 0};
  sweep.pairs.n = {0, 0, 0, 0, 2};
  CHECK_THAT(summary_lines("A", "B", sweep, std::nullopt)[2],
             Catch::StartsWith("Elo difference: 2000.0 (no interval: every game pair scored the same), LOS: "));
  Counts two_pairs = sweep;
  two_pairs.wdl = {3, 1, 0};
  two_pairs.pairs.n = {0, 0, 1, 0, 1};
  CHECK_THAT(summary_lines("A", "B", two_pairs, std::nullopt)[2], Catch::Contains(" +/- "));
}

TEST_CASE("summary lines never print a negative zero", "[match]") {
  Counts c;
  c.wdl = {1000, 1001, 0};  // -0.17 Elo: rounds to -0.2, and one more win to 0.0 not -0.0
  CHECK(summary_lines("A", "B", c, std::nullopt)[2].rfind("Elo difference: -0.2 +/- ", 0) == 0);
  c.wdl = {100000, 100001, 0};
  CHECK(summary_lines("A", "B", c, std::nullopt)[2].rfind("Elo difference: 0.0 +/- ", 0) == 0);
}

TEST_CASE("colour lines", "[match]") {
  // Red 30 - 15 - 25, so Black 17 - 26 - 27; the Red side won 30 + 26 and lost 15 + 17.
  const std::vector<std::string> want = {
      "...      new playing Red: 30 - 15 - 25  [0.607] 70",
      "...      new playing Black: 17 - 26 - 27  [0.436] 70",
      "...      Red vs Black: 56 - 32 - 52  [0.586] 140",
  };
  CHECK(colour_lines("new", paired_counts()) == want);
}

TEST_CASE("rating table", "[match]") {
  const std::vector<Standing> standings = {{"Bee", {30, 45, 25}}, {"A", {45, 30, 25}}, {"Newcomer", {}}};
  const std::vector<std::string> want = {
      "Rank Name         Elo     +/-   Games   Score    Draw",
      "   1 A             53      60     100   57.5%   25.0%",
      "   2 Newcomer       0       0       0   50.0%    0.0%",
      "   3 Bee          -53      60     100   42.5%   25.0%",
  };
  CHECK(rating_table(standings) == want);
  CHECK(rating_table({}) == std::vector<std::string>{"Rank Name     Elo     +/-   Games   Score    Draw"});
}

TEST_CASE("rating table pads names by characters, not bytes", "[match]") {
  const std::vector<std::string> table = rating_table({{"象眼", {3, 1, 2}}, {"Pikafish", {1, 3, 2}}});
  REQUIRE(table.size() == 3);
  CHECK(code_points(table[1]) == code_points(table[0]));
  CHECK(code_points(table[2]) == code_points(table[0]));
}

TEST_CASE("results file round trip", "[match]") {
  const json results = valid_results();
  CHECK(results["settings"]["tc"] == "10+0.1");
  CHECK(results["counts"] == json::parse(R"({"wins": 47, "losses": 41, "draws": 52,
      "red": {"wins": 30, "losses": 15, "draws": 25}, "pentanomial": [3, 10, 40, 12, 5]})"));
  const Counts back = counts_from_json(json::parse(results.dump()));
  const Counts want = paired_counts();
  CHECK(back.wdl.wins == want.wdl.wins);
  CHECK(back.wdl.losses == want.wdl.losses);
  CHECK(back.wdl.draws == want.wdl.draws);
  CHECK(back.as_red.wins == want.as_red.wins);
  CHECK(back.as_red.losses == want.as_red.losses);
  CHECK(back.as_red.draws == want.as_red.draws);
  CHECK(back.pairs.n == want.pairs.n);
}

TEST_CASE("counts_from_json rejects bad input with a message", "[match]") {
  const auto with = [](const char* pointer, const json& value) {
    json r = valid_results();
    r[json::json_pointer(pointer)] = value;
    return r;
  };
  const auto without = [](const std::string& parent, const std::string& key) {
    json r = valid_results();
    r[json::json_pointer(parent)].erase(key);
    return r;
  };
  CHECK(read_error(json::array()) == "a results file must be a JSON object, not array");
  CHECK(read_error(json{{"settings", {}}}) == "results.counts is missing");
  CHECK(read_error(with("/counts", 3)) == "counts must be an object, not number");
  CHECK(read_error(without("/counts", "draws")) == "counts.draws is missing");
  CHECK(read_error(without("/counts", "red")) == "counts.red is missing");
  CHECK(read_error(without("/counts/red", "losses")) == "counts.red.losses is missing");
  CHECK(read_error(with("/counts/wins", "47")) == "counts.wins must be a non-negative integer, not \"47\"");
  CHECK(read_error(with("/counts/wins", 47.5)) == "counts.wins must be a non-negative integer, not 47.5");
  CHECK(read_error(with("/counts/wins", nullptr)) == "counts.wins must be a non-negative integer, not null");
  CHECK(read_error(with("/counts/losses", -1)) == "counts.losses is negative (-1)");
  CHECK(read_error(with("/counts/draws", 4294967296LL)) == "counts.draws is too large (4294967296)");
  CHECK(read_error(with("/counts/red/draws", true)) == "counts.red.draws must be a non-negative integer, not true");
  CHECK(read_error(with("/counts/pentanomial", json::array({1, 2, 3}))) ==
        "counts.pentanomial must be an array of 5 counts, not [1,2,3]");
  CHECK(read_error(with("/counts/pentanomial/4", json::object())) ==
        "counts.pentanomial[4] must be a non-negative integer, not {}");
  // Numbers too big for any integer type arrive as floating point, or as the largest unsigned.
  CHECK(read_error(json::parse(R"({"counts": {"wins": 123456789012345678901234567890}})")).find("counts.wins must be") == 0);
  CHECK(read_error(json::parse(R"({"counts": {"wins": 18446744073709551615}})")) ==
        "counts.wins is too large (18446744073709551615)");
  // Each field fits an int, their total would not.
  json huge = with("/counts/wins", INT_MAX);
  huge["counts"]["losses"] = INT_MAX;
  CHECK(read_error(huge) == "counts: the games or pairs total overflows an int");
  // Counts a runner cannot produce.
  CHECK(read_error(with("/counts/red/wins", 48)) == "counts.red has more games of a result than counts itself");
  CHECK(read_error(with("/counts/pentanomial/2", 41)) == "counts.pentanomial has more pairs than games / 2");
}

TEST_CASE("Counts += sums and refuses to overflow", "[match]") {
  Counts a = paired_counts();
  a += paired_counts();
  CHECK(a.wdl.wins == 94);
  CHECK(a.as_red.draws == 50);
  CHECK(a.pairs.n == std::array<int, 5>{6, 20, 80, 24, 10});

  Counts big;
  big.wdl = {INT_MAX / 2, INT_MAX / 2, 0};
  Counts sum = big;
  CHECK_THROWS_AS(sum += big, std::overflow_error);
  CHECK(sum.wdl.wins == INT_MAX / 2);  // unchanged
}

TEST_CASE("merge sums counts and ignores the shard number", "[match]") {
  Counts other;
  other.wdl = {10, 20, 30};
  other.as_red = {5, 10, 15};
  other.pairs = Pentanomial{{1, 2, 3, 4, 5}};
  const json settings = {{"tc", "10+0.1"}, {"engines", {{{"name", "a"}}, {{"name", "b"}}}}};
  json s1 = settings, s2 = settings;
  s1["shard"] = 1;
  s2["shard"] = 2;
  const Merged m = merge_results({{"one.json", results_json(s1, paired_counts())}, {"two.json", results_json(s2, other)}});
  CHECK(m.settings == settings);
  CHECK(m.counts.wdl.wins == 57);
  CHECK(m.counts.wdl.losses == 61);
  CHECK(m.counts.wdl.draws == 82);
  CHECK(m.counts.as_red.wins == 35);
  CHECK(m.counts.as_red.losses == 25);
  CHECK(m.counts.as_red.draws == 40);
  CHECK(m.counts.pairs.n == std::array<int, 5>{4, 12, 43, 16, 10});

  const Merged single = merge_results({{"only.json", results_json(s1, other)}});
  CHECK(single.counts.wdl.draws == 30);
  CHECK(!single.settings.contains("shard"));
}

TEST_CASE("merge refuses mismatched settings, bad files and an empty list", "[match]") {
  const json base = {{"tc", "10+0.1"}, {"engines", {{{"name", "a"}}, {{"name", "b"}}}}, {"shard", 0}};
  const auto merge_error = [&](const json& changed) {
    return error_of([&] {
      merge_results({{"a.json", results_json(base, paired_counts())}, {"b.json", results_json(changed, paired_counts())}});
    });
  };
  json tc = base;
  tc["tc"] = "5+0.05";
  CHECK(merge_error(tc) == R"(merge: the settings of b.json differ from those of a.json at key "tc" (a.json: "10+0.1", b.json: "5+0.05"))");
  json engine = base;
  engine["engines"][1]["name"] = "c";
  CHECK(merge_error(engine) == R"(merge: the settings of b.json differ from those of a.json at key "engines[1].name" (a.json: "b", b.json: "c"))");
  json extra = base;
  extra["book"] = "x.epd";
  CHECK(merge_error(extra) == R"(merge: the settings of b.json differ from those of a.json at key "book" (a.json: missing, b.json: "x.epd"))");
  CHECK(merge_error(json::array()).find("merge: the settings of b.json differ from those of a.json (") == 0);

  CHECK(error_of([] { merge_results({}); }) == "merge: no results files given");
  json broken = valid_results();
  broken["counts"]["wins"] = "many";
  CHECK(error_of([&] { merge_results({{"a.json", valid_results()}, {"c.json", broken}}); }) ==
        "c.json: counts.wins must be a non-negative integer, not \"many\"");
  CHECK(error_of([] { merge_results({{"d.json", json::array()}}); }) == "d.json: not a results file (no \"settings\")");

  Counts big;
  big.wdl = {INT_MAX / 2 + 1, 0, 0};
  CHECK(error_of([&] {
          merge_results({{"a.json", results_json(base, big)}, {"b.json", results_json(base, big)}});
        }) == "merge: adding b.json overflows the merged counts");

  // The same shard twice would count its games twice.
  CHECK(error_of([&] {
          merge_results({{"a.json", results_json(base, paired_counts())}, {"b.json", results_json(base, paired_counts())}});
        }) == "merge: b.json and a.json are the same shard 0");
}

TEST_CASE("settings_difference leaves out the keys it is told to", "[match]") {
  const json a = {{"games", 800}, {"tc", "10+0.1"}};
  json b = a;
  b["games"] = 1600;
  CHECK(settings_difference(a, b, "old.json", "this match") == R"( at key "games" (old.json: 800, this match: 1600))");
  CHECK(settings_difference(a, b, "old.json", "this match", {"games"}).empty());
  b["tc"] = "5+0.05";
  CHECK(settings_difference(a, b, "old.json", "this match", {"games"}) ==
        R"( at key "tc" (old.json: "10+0.1", this match: "5+0.05"))");
}

TEST_CASE("the finished pairs of a results file round trip and are read strictly", "[match]") {
  FinishedPairs f;
  f.pairs = {0, 1, 4};
  Counts c;
  c.wdl = {3, 1, 2};
  c.as_red = {2, 0, 1};
  c.pairs = Pentanomial{{0, 0, 2, 0, 1}};
  f.encounters = {c};
  json results = results_json(json::object(), c);
  results["finished"] = finished_json(f);
  const FinishedPairs back = finished_from_results(json::parse(results.dump()));
  CHECK(back.pairs == f.pairs);
  REQUIRE(back.encounters.size() == 1);
  CHECK(back.encounters[0].wdl.wins == 3);
  CHECK(back.encounters[0].as_red.draws == 1);
  CHECK(back.encounters[0].pairs.n == c.pairs.n);

  const auto error_with = [&](const char* pointer, const json& value) {
    json r = results;
    r[json::json_pointer(pointer)] = value;
    return error_of([&] { finished_from_results(r); });
  };
  CHECK(error_with("/finished/pairs/1", 0) == "finished.pairs names pair 0 twice");
  CHECK(error_with("/finished/pairs/0", -1) == "finished.pairs holds -1, not a pair number");
  CHECK(error_with("/finished/pairs/0", "2") == R"(finished.pairs holds "2", not a pair number)");
  CHECK(error_with("/finished/pairs", 3) == R"("finished" must be an object with the arrays "pairs" and "encounters")");
  CHECK(error_with("/finished/encounters/0/wins", "many") ==
        "finished.encounters[0]: counts.wins must be a non-negative integer, not \"many\"");
  json old = results;
  old.erase("finished");
  CHECK(error_of([&] { finished_from_results(old); }).find("no \"finished\" record") == 0);
}
