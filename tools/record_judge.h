// xqjudge --record: game records (PGN in any notation, XQF, DhtmlXQ; records/) ruled move by
// move (judge/game_review.h), as text for people or one JSON line per game.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "records/game.h"

namespace xq::tools {

struct RecordJudgeOptions {
  bool json = false;
  int ntimes = 2;     // earlier occurrences a repetition needs: 2 is the arbiter's third occurrence
  std::string at;     // "41b": judge as if the game stopped after Black's 41st move ("" = the end)
};

// "41b" / "41r" / "41w" / "41." / "41..." to (move number, Black?); false when malformed.
bool parse_move_number(const std::string& text, int& number, bool& black);

// Judges every game of every file. Returns 0 when every game was read whole, 1 when some
// record or game was broken (the others are still judged), 3 when a file could not be read.
int judge_record_files(const std::vector<std::string>& paths, const RecordJudgeOptions& opts, std::ostream& out,
                       std::ostream& err);

// One game ruled, as the JSON object of its --json line (no newline): the start FEN, the moves
// in ICCS, the recorded result, each ruling in structured form and the end under the rules.
// For the C API (capi/), which judges a game it was given move by move.
std::string judge_game_json(const std::string& name, const records::GameRecord& game, const RecordJudgeOptions& opts);

// The same for one file's bytes (tests, the C API); `name` labels the output. With
// `file_error`, why the file as a whole could not be read goes there too ("" when it could).
int judge_record_bytes(const std::string& name, const std::string& bytes, const RecordJudgeOptions& opts,
                       std::ostream& out, std::string* file_error = nullptr);

}  // namespace xq::tools
