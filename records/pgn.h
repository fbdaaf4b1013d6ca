// PGN as Xiangqi sites and programs write it, read from UTF-8 text (records/encoding.h turns
// the bytes of a file into that). Tags, {} and ; comments, ( ) variations (skipped, nested or
// not), NAGs, several games per file, games without a result or stopping mid-way, text between
// games. Each game's notation is detected from its first move (records/move_text.h) and every
// move is read in it; a move that does not read ends that game with an error naming the game,
// the move number and the text, and the next game is read as usual.
#pragma once

#include <string_view>

#include "records/game.h"

namespace xq::records {

RecordFile read_pgn(std::string_view utf8);

}  // namespace xq::records
