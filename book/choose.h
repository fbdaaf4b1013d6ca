// Which book move to play: drawn by weight with a seeded generator, so one seed always picks
// the same move and different games (different seeds) pick differently.
//
// `variety` 0..100 (the BookVariety option) shapes the draw: move i is drawn with probability
// proportional to weight_i ^ (100 / variety). 100 draws by weight itself (as ElephantEye does);
// lower values favour the heavier moves more and more; 0 always plays the heaviest move (the
// first of `moves`, which Book::moves sorts heaviest first). Moves of weight 0 are never drawn.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "book.h"

namespace xq::book {

constexpr int MAX_VARIETY = 100;

// The index of the chosen move, or nothing when no move has a positive weight.
std::optional<std::size_t> choose(const std::vector<BookMove>& moves, int variety, std::uint64_t seed);

}  // namespace xq::book
