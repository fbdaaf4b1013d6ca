// A game as a record holds it, after reading: tags, the start position, the main line as legal
// moves, comments, the recorded result. What every reader (PGN, XQF, DhtmlXQ) produces.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/position.h"

namespace xq::records {

struct GameRecord {
  int number = 0;  // 1-based position in its file
  std::vector<std::pair<std::string, std::string>> tags;  // in file order, UTF-8
  std::string start_fen = Position::START_FEN;
  std::vector<Move> moves;              // the main line, each legal where it was played
  std::vector<std::string> move_texts;  // each move as the record wrote it
  // comments[i] follows ply i (comments[0] stands before the first move); size moves + 1.
  std::vector<std::string> comments = {""};
  std::string result;    // "1-0", "0-1", "1/2-1/2", "*", or "" when the record gives none
  std::string notation;  // "iccs", "wxf", "chinese", "xqf", "dhtmlxq"
  // Set when the record broke: the game stops at the last move read before the problem.
  std::string error;

  std::string tag(std::string_view name) const;
  // "game 3 (Red vs Black, Event)" for messages.
  std::string label() const;
};

struct RecordFile {
  std::string format;    // "pgn", "xqf", "dhtmlxq"
  std::string encoding;  // of the text formats: as detected
  std::vector<GameRecord> games;
  std::string error;  // the file as a whole could not be read (no games then)
  std::vector<std::string> warnings;
};

}  // namespace xq::records
