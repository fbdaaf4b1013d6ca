// Training positions as text, one per line (written by xqdatagen, read by xqtune):
//
//   <FEN> | <result> | <score>
//
//   FEN     the position, six fields as engine/notation.h writes them;
//   result  the game's result for Red: 1 (Red won), 0.5 (draw) or 0 (Black won);
//   score   the search's score for Red in centipawns (positive: Red better), from the move
//           chosen in the game at the generator's node budget.
//
// Lines starting with '#' are comments; xqdatagen writes a header and, after each game's
// positions, "# game <index> result <r> plies <n> positions <k> <reason>", which is how it
// knows on a restart which games are complete. Blank lines are skipped.
#pragma once

#include <optional>
#include <string>

namespace xq::datagen {

struct Sample {
  std::string fen;
  double result = 0.5;  // for Red
  int score = 0;        // centipawns, Red's view
  int ply = -1;         // plies since the game's start position; not in the text (-1 there)
};

std::string format_sample(const Sample& s);
// nullopt for a comment, a blank line or a malformed line (`error` says which, empty for
// comments and blanks).
std::optional<Sample> parse_sample(const std::string& line, std::string& error);

// "1", "0.5" or "0".
std::string result_text(double result);

}  // namespace xq::datagen
