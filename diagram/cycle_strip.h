// A repetition ruling drawn: the positions of its repeating cycle side by side, each after one
// move of the cycle with that move's arrow, the pieces it chased (dashed ring), their chasers
// and any check marked, under a heading that says what the rules require.
#pragma once

#include <string>
#include <vector>

#include "diagram/options.h"
#include "engine/position.h"
#include "judge/game_review.h"

namespace xq::diagram {

// `start` and `moves` are the game the ruling was found in (judge::review_game's input; the
// moves must reach ruling.cycle_to). opts.columns boards per row.
std::string cycle_svg(const Position& start, const std::vector<Move>& moves, const judge::RulingPoint& ruling,
                      const Options& opts);

// The heading's words, e.g. "Moves 43-52: Red must vary (perpetual chase)"; exposed for tests.
std::string cycle_heading(const judge::RulingPoint& ruling, Language language);
// A frame's caption, e.g. "move 43 (22.) h7h8: chase"; `start` numbers the moves as a PGN does.
std::string frame_caption(const Position& start, const judge::CycleMove& move, Language language);

}  // namespace xq::diagram
