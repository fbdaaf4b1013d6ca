// Games written back as PGN in a chosen notation, so records convert between notations and
// formats (an XQF or DhtmlXQ game becomes PGN). What read_pgn reads back is the same game:
// tags, start position, moves, comments, result.
#pragma once

#include <string>

#include "records/game.h"
#include "records/move_text.h"

namespace xq::records {

// UTF-8 PGN with LF line ends: [Game "Chinese Chess"] first, the game's other tags in order,
// [FEN] when the start is not the standard position, [Result]; moves in `notation` (Iccs, Wxf
// or Chinese), numbered, lines of at most about 80 bytes; comments in {} ('}' inside becomes
// ')'). A game with an error is written up to the last move read.
std::string write_pgn(const GameRecord& game, Notation notation);

}  // namespace xq::records
