// The trainer's positions in memory: 32 bytes each, read from binary training files
// (tools/datagen/training_data.h) or text ones (tools/datagen/sample_format.h), filtered, and
// split into training and validation sets by game, so that no game teaches and judges at once.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/types.h"

namespace xq::nnue_train {

// One position, from the side to move's point of view.
struct Entry {
  std::uint64_t occupied_low = 0;   // squares 0-63
  std::uint32_t occupied_high = 0;  // squares 64-89 in bits 0-25
  std::uint8_t pieces[16] = {};     // piece codes of the occupied squares in order, low nibble first
  std::int16_t score = 0;           // search score, centipawns, for the side to move
  std::uint8_t side = RED;          // side to move
  std::uint8_t result = 1;          // the game's result for the side to move: 0 loss, 1 draw, 2 win
};
static_assert(sizeof(Entry) == 32);

struct LoadFilter {
  int min_ply = 0;           // skip positions before this ply
  int max_score = 32767;     // skip positions whose |score| is larger
  bool skip_in_check = false;  // xqdatagen already leaves them out; for data from elsewhere
  // Divide each kept score by the engine's material factor (eval/material_scale.h), so that the
  // network learns the output that, scaled as the engine scales it, gives the search's score.
  // Without it a network trained on its own self-play learns an already scaled score, and the
  // engine scales it once more.
  bool unscale_material = false;
};

// The entry's attacking material as eval::attacking_material counts it on a board.
int entry_attacking_material(const Entry& e);
// `score` divided by eval::scale_by_material's factor for `material`, rounded, within int16.
std::int16_t unscale_by_material(int score, int material);

struct LoadStats {
  std::uint64_t games = 0, positions = 0;  // read
  std::uint64_t train_games = 0, validation_games = 0;
  std::uint64_t skipped_ply = 0, skipped_score = 0, skipped_check = 0;
  std::uint64_t dropped_unfinished = 0;  // text: positions after the last "# game" line
  std::vector<std::string> headers;      // the files' header texts
};

struct DataSet {
  std::vector<Entry> train, validation;
  LoadStats stats;
};

// Reads every file (binary or text, told apart by the binary format's magic) into `out`.
// Game number g (counting the games of all files in order) goes to validation when a hash of
// (seed, g) falls below `validation_fraction`. False with `error` naming the file and the
// problem on a file that cannot be read or is corrupt anywhere; `out` is then untouched.
bool load_data(const std::vector<std::string>& paths, const LoadFilter& filter, double validation_fraction,
               std::uint64_t seed, DataSet& out, std::string& error);

// The entry's pieces in square order; returns how many.
struct EntryPiece {
  Piece piece;
  Square square;
};
int entry_pieces(const Entry& e, EntryPiece* out);

// The FEN of an entry (counters 0 1): for tests and messages.
std::string entry_fen(const Entry& e);

}  // namespace xq::nnue_train
