// The text training format (sample_format.h) into the binary one (training_data.h) and back:
// each game's block of "FEN | result | score" lines and its "# game ..." line become one game
// chunk, the "# xqdatagen ..." header line a header chunk. Also the packing of one sample,
// which xqdatagen uses to write the binary format directly, so that both paths give the
// same bytes for the same game.
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

#include "sample_format.h"
#include "training_data.h"

namespace xq::datagen {

// A sample as a record: the score turned to the side to move's view; the ply is the
// sample's, or from the move number when it has none (see training_data.h).
bool pack_sample(const Sample& s, PackedPosition& out, std::string& error);

struct ConvertStats {
  std::uint64_t games = 0, positions = 0;
  std::uint64_t dropped = 0;  // positions after the last "# game" line: a block cut short
};

// Reads the whole text, writes chunks to `out`. A malformed line, an illegal FEN, a game line
// whose count or result disagrees with its block is an error naming the line; nothing
// written before it is taken back, so write to a temporary file and keep it only on success.
bool text_to_binary(std::istream& in, std::ostream& out, ConvertStats& stats, std::string& error);

// Back to text, chunk by chunk; the plies of the records are not in the text format. Text
// made by xqdatagen comes back byte for byte. False with `error` on a bad chunk.
bool binary_to_text(std::istream& in, std::ostream& out, ConvertStats& stats, std::string& error);

}  // namespace xq::datagen
