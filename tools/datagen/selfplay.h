// One self-play game for training data: the engine's own search at a fixed node budget on
// both sides, from a book opening plus a few random moves, ruled by our own rules (the WXF
// judge at the third occurrence, as xqmatch rules; mate or no legal move; the natural move
// limit), with a move limit and resignation at a decisive score. The game is a function of
// the opening, the seed and the settings alone: the table and the searcher start clean.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sample_format.h"
#include "search/search.h"

namespace xq::datagen {

struct SelfPlaySettings {
  std::uint64_t nodes = 5000;  // per move
  int random_plies = 4;        // after the book line: 0..random_plies random legal moves
  int max_plies = 400;         // drawn after this many plies (book and random moves included)
  int resign_score = 1000;     // centipawns; resign when the score stays beyond it ...
  int resign_plies = 8;        // ... for this many plies in a row, for the same side
};

struct Opening {
  std::string fen;                 // empty: the start position
  std::vector<std::string> moves;  // ICCS
};

struct GameOutcome {
  double result = 0.5;           // for Red
  int plies = 0;
  std::string reason;            // "mate", "repetition", "natural limit", "move limit", "resign"
  std::vector<Sample> samples;   // quiet positions with the result filled in
};

// Plays one game. Throws std::runtime_error if the opening is not legal.
GameOutcome play_game(const Opening& opening, std::uint64_t seed, const SelfPlaySettings& settings,
                      search::TranspositionTable& tt, search::Searcher& searcher);

}  // namespace xq::datagen
