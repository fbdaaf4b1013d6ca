// Training positions turned into what the tuner fits: for each position, the evaluation's
// coefficients (eval::trace: how often each value applied to Red minus to Black), its phase
// and endgame scales, the game result and the search score. The evaluation is linear in the
// values given these, so the tuner never has to look at a board again.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "eval/classical.h"

namespace xq::tune {

struct Entry {
  std::uint32_t first = 0;  // into Dataset::terms
  std::uint16_t count = 0;
  std::uint8_t phase = 0;
  std::uint8_t scale[COLOR_NB] = {eval::SCALE_NORMAL, eval::SCALE_NORMAL};
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

// Positions held out of the fit to measure it: whole openings. xqdatagen's game i starts from
// book line i mod the book's size (plus a few random moves), so games from one book line share
// their first moves and, often, their result; a held-out game whose opening the fit has seen
// lets values that merely remember openings look like knowledge. A game is held out when a
// hash of (its index from its "# game <index>" line) mod `book_lines` falls below `fraction`:
// the same openings every run, about `fraction` of them.
struct Holdout {
  Dataset* data = nullptr;  // where held-out positions go; nullptr: nothing is held out
  double fraction = 0;      // 0..1
  long book_lines = 400;    // data/openings/balanced.txt's size, which xqdatagen uses
};

// Is the group numbered `key` held out at `fraction`?
bool held_out(long key, double fraction);

// Reads xqdatagen files (tools/datagen/sample_format.h); `limit` > 0 stops after that many
// positions (training and held out together). The scales recorded are those of `model`, which
// stay fixed during a fit. Positions after the last "# game" line (a game still being written)
// are training positions.
void load(Dataset& data, const std::string& path, const eval::EvalModel& model, long limit = 0,
          const Holdout& holdout = {});

// The coefficients of one position, as load() stores them (also used by the tests).
void add_position(Dataset& data, const Position& pos, double result, int score, const eval::EvalModel& model);

}  // namespace xq::tune
