// The tuner's training data (tools/datagen/sample_format.h) read back: a sample prints and
// parses to itself, lines from a real self-play game and every line of the committed sample
// file survive the round trip byte for byte, malformed lines are refused with a reason, and the
// tuner's loader turns a written file into the same coefficients as the positions themselves.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>

#include <unistd.h>

#include "datagen/sample_format.h"
#include "datagen/selfplay.h"
#include "engine/notation.h"
#include "tune/dataset.h"
#include "tune/tuner.h"

using namespace xq;
using datagen::Sample;

namespace {

// The sample back from its line, which must print to the same line again.
void check_round_trip(const Sample& s) {
  const std::string line = datagen::format_sample(s);
  INFO(line);
  std::string error;
  const auto back = datagen::parse_sample(line, error);
  REQUIRE(back);
  CHECK(error.empty());
  CHECK(back->fen == s.fen);
  CHECK(back->result == s.result);
  CHECK(back->score == s.score);
  CHECK(datagen::format_sample(*back) == line);
}

bool same_entry(const tune::Dataset& a, const tune::Entry& x, const tune::Dataset& b, const tune::Entry& y) {
  if (x.count != y.count || x.phase != y.phase || x.result != y.result || x.score != y.score) return false;
  if (x.scale[RED] != y.scale[RED] || x.scale[BLACK] != y.scale[BLACK]) return false;
  for (int i = 0; i < x.count; ++i) {
    const tune::Term s = a.terms[x.first + i], t = b.terms[y.first + i];
    if (s.index != t.index || s.coeff != t.coeff) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("tuning data: samples print and parse back to themselves", "[tools][tune]") {
  const std::string start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  for (const Sample& s : {Sample{start, 1, 0}, Sample{start, 0.5, -37}, Sample{start, 0, 29999},
                          Sample{"3k5/9/9/9/9/9/9/9/9/R3K4 b - - 12 80", 1, -30000}})
    check_round_trip(s);

  // Lines from a real game: the generator's own samples.
  auto tt = std::make_unique<search::TranspositionTable>(1);
  auto searcher = std::make_unique<search::Searcher>(*tt);
  datagen::SelfPlaySettings settings;
  settings.nodes = 300;
  settings.max_plies = 40;
  const datagen::GameOutcome game = datagen::play_game(datagen::Opening{}, 5, settings, *tt, *searcher);
  REQUIRE(game.samples.size() >= 5);
  for (const Sample& s : game.samples) {
    check_round_trip(s);
    CHECK(s.result == game.result);
  }
}

TEST_CASE("tuning data: malformed lines are refused with a reason, comments skipped", "[tools][tune]") {
  const std::string fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
  std::string error;
  // Spacing is free and a draw may be written 1/2.
  const auto loose = datagen::parse_sample("  " + fen + "|1/2|  -5 \r", error);
  REQUIRE(loose);
  CHECK((loose->fen == fen && loose->result == 0.5 && loose->score == -5));
  for (const std::string& line : {fen + " | 1", fen + " | 2 | 5", fen + " | 1 | 5x", fen + " | 1 | ", std::string(" | 1 | 5")}) {
    INFO(line);
    CHECK_FALSE(datagen::parse_sample(line, error));
    CHECK_FALSE(error.empty());
  }
  for (const std::string& line : {std::string("# game 3 result 1 plies 80 positions 41 mate"), std::string("   ")}) {
    CHECK_FALSE(datagen::parse_sample(line, error));
    CHECK(error.empty());
  }
}

TEST_CASE("tuning data: the committed sample survives the round trip line for line", "[tools][tune]") {
  std::ifstream in(XQ_DATA_DIR "/../tests/data/tuning_sample.txt");
  REQUIRE(in);
  long positions = 0, announced = 0, games = 0;
  std::string line, error;
  Position pos;
  while (std::getline(in, line)) {
    if (line.rfind("# game ", 0) == 0) {
      // "# game <i> result <r> plies <n> positions <k> <reason>"
      const auto at = line.find(" positions ");
      REQUIRE(at != std::string::npos);
      announced += std::stol(line.substr(at + 11));
      ++games;
      continue;
    }
    const auto s = datagen::parse_sample(line, error);
    if (!s) {
      INFO(line);
      REQUIRE(error.empty());  // a comment, never a broken line
      continue;
    }
    ++positions;
    INFO(line);
    REQUIRE(datagen::format_sample(*s) == line);
    REQUIRE(set_fen(pos, s->fen).ok);
    REQUIRE(to_fen(pos) == s->fen);
  }
  CHECK(games == 48);
  CHECK(positions > 6000);
  CHECK(positions == announced);  // every game's block is whole
}

TEST_CASE("tuning data: the tuner loads a written file as the positions themselves", "[tools][tune]") {
  const std::vector<Sample> samples = {
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 0.5, 12},
      {"4k4/9/9/9/9/9/9/4C4/9/3K5 b - - 0 1", 1, 350},
      {"2bak4/4a4/4b4/9/9/9/9/9/9/R3K4 w - - 0 1", 0.5, 40},
      {"r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3", 0, -21},
  };
  const auto path = std::filesystem::temp_directory_path() / ("xq_tuning_data_" + std::to_string(::getpid()) + ".txt");
  {
    std::ofstream out(path);
    out << "# xqdatagen 1 test\n";
    for (const Sample& s : samples) out << datagen::format_sample(s) << "\n";
    out << "not a sample\n"                     // skipped: no bars
        << "9/9/9 w - - 0 1 | 1 | 0\n"          // skipped: not a position
        << "# game 0 result 0.5 plies 4 positions 4 test\n\n";
  }
  tune::Dataset loaded, direct;
  tune::load(loaded, path.string(), eval::default_model());
  std::filesystem::remove(path);
  CHECK(loaded.skipped == 2);
  REQUIRE(loaded.entries.size() == samples.size());
  Position pos;
  for (const Sample& s : samples) {
    REQUIRE(set_fen(pos, s.fen).ok);
    tune::add_position(direct, pos, s.result, s.score, eval::default_model());
  }
  for (std::size_t i = 0; i < samples.size(); ++i) {
    INFO(samples[i].fen);
    CHECK(same_entry(loaded, loaded.entries[i], direct, direct.entries[i]));
    CHECK(loaded.entries[i].count > 0);
  }
}

TEST_CASE("tuning data: a holdout takes whole openings, the same ones every time", "[tools][tune]") {
  const std::string path = XQ_DATA_DIR "/../tests/data/tuning_sample.txt";
  // Each game's index and position count, from the file's own "# game" lines.
  std::vector<std::pair<long, long>> games;
  {
    std::ifstream in(path);
    REQUIRE(in);
    std::string line;
    while (std::getline(in, line))
      if (line.rfind("# game ", 0) == 0)
        games.emplace_back(std::stol(line.substr(7)), std::stol(line.substr(line.find(" positions ") + 11)));
  }
  REQUIRE(games.size() == 48);
  for (long g = 0; g < 1000; ++g) {
    REQUIRE_FALSE(tune::held_out(g, 0.0));
    REQUIRE(tune::held_out(g, 1.0));
  }
  // With 8 book lines the 48 games fall into 8 openings of 6 games: whole openings go.
  for (const long book_lines : {400L, 8L}) {
    INFO("book lines " << book_lines);
    tune::Dataset all, train, held, train2, held2;
    tune::load(all, path, eval::default_model());
    tune::load(train, path, eval::default_model(), 0, {&held, 0.3, book_lines});
    tune::load(train2, path, eval::default_model(), 0, {&held2, 0.3, book_lines});
    CHECK(train.entries.size() + held.entries.size() == all.entries.size());
    long want_held = 0, held_games = 0;
    for (const auto& [index, positions] : games)
      if (tune::held_out(index % book_lines, 0.3)) want_held += positions, ++held_games;
    CHECK(long(held.entries.size()) == want_held);  // whole games: their counts add up exactly
    CHECK(held_games > 0);
    CHECK(held_games < 48);
    if (book_lines == 8) CHECK(held_games % 6 == 0);  // whole openings
    CHECK(held2.entries.size() == held.entries.size());
    CHECK(train2.entries.size() == train.entries.size());
  }
}

TEST_CASE("tuning data: rare values are counted and frozen, common ones left free", "[tools][tune]") {
  tune::Dataset data;
  Position pos;
  // A cannon on the bare king's file, three times; the start position once (symmetric: it
  // applies no value to one side more than the other, so it touches nothing).
  REQUIRE(set_fen(pos, "4k4/9/9/9/9/9/9/4C4/9/3K5 b - - 0 1").ok);
  for (int i = 0; i < 3; ++i) tune::add_position(data, pos, 1, 300, eval::default_model());
  REQUIRE(set_fen(pos, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1").ok);
  tune::add_position(data, pos, 0.5, 10, eval::default_model());
  const std::vector<long> counts = tune::touch_counts(data);
  REQUIRE(counts.size() == std::size_t(eval::PARAM_NB));
  const auto hollow = std::size_t(XQ_PARAM_INDEX(hollow_cannon)), cannon = std::size_t(XQ_PARAM_INDEX(piece_value) + CANNON);
  const auto horse = std::size_t(XQ_PARAM_INDEX(piece_value) + HORSE);
  CHECK(counts[hollow] == 3);
  CHECK(counts[cannon] == 3);
  CHECK(counts[horse] == 0);
  std::vector<bool> frozen = tune::default_frozen();
  tune::freeze_rare(frozen, data, 3);
  CHECK_FALSE(frozen[hollow]);
  CHECK_FALSE(frozen[cannon]);
  CHECK(frozen[horse]);
  CHECK(frozen[XQ_PARAM_INDEX(piece_value) + KING]);  // the defaults stay frozen
  tune::freeze_rare(frozen, data, 4);
  CHECK(frozen[hollow]);
}

TEST_CASE("tuning data: a named bonus keeps its sign when the data pull it below zero", "[tools][tune]") {
  // Red's hollow cannon against a bare king, and Red loses every time: the fit wants the
  // cannon's terms negative. With the signs, hollow_cannon stops at 0; free, it goes below.
  tune::Dataset data;
  Position pos;
  REQUIRE(set_fen(pos, "4k4/9/9/9/9/9/9/4C4/9/3K5 b - - 0 1").ok);
  for (int i = 0; i < 20; ++i) tune::add_position(data, pos, 0, -300, eval::default_model());
  const auto hollow = std::size_t(XQ_PARAM_INDEX(hollow_cannon));
  const auto leg = std::size_t(XQ_PARAM_INDEX(horse_leg_blocked));
  const std::vector<int> signs = tune::default_signs();
  CHECK(signs[hollow] == 1);
  CHECK(signs[leg] == -1);
  CHECK(signs[std::size_t(XQ_PARAM_INDEX(piece_value) + ROOK)] == 0);
  tune::TuneSettings s;
  s.epochs = 400;
  s.rate = 5;
  s.threads = 1;
  s.frozen = tune::default_frozen();
  tune::Weights start = tune::to_weights(eval::DEFAULT_EVAL_PARAMS);
  start[hollow][1] = 20;  // whatever the engine's value, start above zero
  // The position is an endgame: its endgame halves carry the pull.
  const tune::Weights free_fit = tune::tune(data, start, 0.0016, s);
  CHECK(free_fit[hollow][1] < 0);
  s.sign = signs;
  const tune::Weights signed_fit = tune::tune(data, start, 0.0016, s);
  CHECK(signed_fit[hollow][1] == 0);
  CHECK(signed_fit[hollow][0] >= 0);
  CHECK(signed_fit[std::size_t(XQ_PARAM_INDEX(piece_value) + CANNON)][1] < start[std::size_t(XQ_PARAM_INDEX(piece_value) + CANNON)][1]);
}

TEST_CASE("tuning data: isotonic regression gives the closest ordered table", "[tools][tune]") {
  std::vector<double> v = {1, 3, 2, 4};
  tune::isotonic(v);
  CHECK(v == std::vector<double>{1, 2.5, 2.5, 4});
  v = {5, 4, 3};  // all out of order: one pooled block at the mean
  tune::isotonic(v);
  CHECK(v == std::vector<double>{4, 4, 4});
  v = {0, 10, 1, 1, 20};  // a cascade: 10 pools with 1, then with the next 1
  tune::isotonic(v);
  CHECK(v == std::vector<double>{0, 4, 4, 4, 20});
  v = {-3, 0, 7};
  tune::isotonic(v);
  CHECK(v == std::vector<double>{-3, 0, 7});  // already ordered: unchanged
}

TEST_CASE("tuning data: a fit keeps the mobility tables ordered when the data say otherwise", "[tools][tune]") {
  // A free horse (8 moves) in positions Red loses, a hobbled one (fewer moves) in positions
  // Red wins: free, the horse's mobility table is pulled out of order; with the runs it stays
  // non-decreasing.
  tune::Dataset data;
  Position pos;
  REQUIRE(set_fen(pos, "3k5/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1").ok);
  for (int i = 0; i < 20; ++i) tune::add_position(data, pos, 0, -200, eval::default_model());
  REQUIRE(set_fen(pos, "3k5/9/9/9/9/9/9/9/9/N3K4 w - - 0 1").ok);
  for (int i = 0; i < 20; ++i) tune::add_position(data, pos, 1, 200, eval::default_model());
  const int first = XQ_PARAM_INDEX(horse_mobility);
  const auto runs = tune::default_monotone();
  REQUIRE(std::any_of(runs.begin(), runs.end(), [&](const auto& r) { return r.first == first && r.direction == 1; }));
  tune::TuneSettings s;
  s.epochs = 300;
  s.rate = 5;
  s.threads = 1;
  s.frozen = tune::default_frozen();
  const tune::Weights start = tune::to_weights(eval::DEFAULT_EVAL_PARAMS);
  const auto ordered = [&](const tune::Weights& w) {
    for (int i = 1; i < eval::HORSE_MOBILITY_NB; ++i)
      if (w[std::size_t(first + i)][1] < w[std::size_t(first + i - 1)][1] - 1e-9) return false;
    return true;
  };
  REQUIRE(ordered(start));
  CHECK_FALSE(ordered(tune::tune(data, start, 0.0016, s)));
  s.monotone = runs;
  CHECK(ordered(tune::tune(data, start, 0.0016, s)));
}
