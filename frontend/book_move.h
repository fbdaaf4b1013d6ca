// The engine's use of its opening books: before a search, the game asks its books for a move
// (book/book.h) and, when one fits, answers it at once without searching.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "book/book.h"
#include "engine/position.h"
#include "settings.h"
#include "variant.h"

namespace xq::frontend {

// A book's answer in `pos` as the outcome of a search (best move, the note "book move ...",
// the book's heaviest reply as the ponder move),
// or nothing: books off, past BookDepth, no book knows the position, or no book move is in
// `allowed` (the root moves a go allows; empty: all) or avoids repeating an earlier position
// of the game. The first book (in order) with an allowed move answers; its move is drawn by
// weight (BookVariety) with a generator seeded from the game's seed and the position, so a
// game replays its choice while different games differ. `pos` is left as it was.
std::optional<SearchOutcome> book_answer(Position& pos, const std::vector<std::shared_ptr<const book::Book>>& books,
                                         const EngineSettings& settings, const std::vector<Move>& allowed);

}  // namespace xq::frontend
