// Training positions turned into what the tuner fits: for each position, the evaluation's
// coefficients (search::trace: how often each value applied to Red minus to Black), its phase
// and endgame scales, the game result and the search score. The evaluation is linear in the
// values given these, so the tuner never has to look at a board again.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/evaluate.h"

namespace xq::tune {

struct Entry {
  std::uint32_t first = 0;  // into Dataset::terms
  std::uint16_t count = 0;
  std::uint8_t phase = 0;
  std::uint8_t scale[COLOR_NB] = {search::SCALE_NORMAL, search::SCALE_NORMAL};
  float result = 0.5f;  // for Red
  float score = 0;      // search score, Red's view, centipawns
};

struct Term {
  std::uint16_t index;  // flat parameter index
  std::int16_t coeff;   // Red's count minus Black's
};

struct Dataset {
  std::vector<Entry> entries;
  std::vector<Term> terms;
  long skipped = 0;  // malformed lines or FENs
};

// Positions held out of the fit to measure it: whole games, because a game's positions share
// its result and are alike, so a held-out position whose game is in the training data would
// flatter the fit. A game is held out when a hash of its number in the file (its position
// among the file's games, counted at each "# game" comment) falls below `fraction`: the same
// games every run, about `fraction` of them, whatever the games' indices or threads were.
struct Holdout {
  Dataset* data = nullptr;  // where held-out positions go; nullptr: nothing is held out
  double fraction = 0;      // 0..1
};

// Is the file's `game`-th game (0-based) held out at `fraction`?
bool held_out(long game, double fraction);

// Reads xqdatagen files (tools/datagen/sample_format.h); `limit` > 0 stops after that many
// positions (training and held out together). The scales recorded are those of `model`, which
// stay fixed during a fit.
void load(Dataset& data, const std::string& path, const search::EvalModel& model, long limit = 0,
          const Holdout& holdout = {});

// The coefficients of one position, as load() stores them (also used by the tests).
void add_position(Dataset& data, const Position& pos, double result, int score, const search::EvalModel& model);

}  // namespace xq::tune
