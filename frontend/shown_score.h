// Scores as GUIs and players see them: UCI's "score cp N", UCCI's "score N", CECP's thinking
// lines and UCCI's probe. The search's own unit is the network's, and it drifted with the
// generations (each learnt from its predecessor's search scores) to about three pawns of the
// usual scale: gen12 scored the start position +191 and a rook about 3,000. GUIs, and players
// who compare engines, read centipawns the way Stockfish and Pikafish print them: 100 is the
// advantage at which the engine wins half of its games around move 32. So a score is shown
// times 100 / SCORE_UNIT, SCORE_UNIT being the win model's midpoint at move 32 in the search's
// units (frontend/wdl.h). Mates and repetition rulings (search/score.h) are shown unscaled:
// "mate N", and a ruling's +-199xx, which GUIs and xqmatch recognise.
// Decisions stay in the search's units (UCCI's draw and resign, CECP's draw offer, skill
// levels): only what is printed is scaled.
#pragma once

#include <cmath>
#include <cstdlib>

#include "search/score.h"

namespace xq::frontend {

// The win model fitted in the search's units (bench/results/wdl_fit_2026-12-06b.txt, gen17's
// moves in 1,704 games at 30,000 nodes; the model is wdl.h's). Kept here, once: the shown unit
// below and the WDL numbers of wdl.cpp both come from it, so a refit moves them together.
// gen18, trained in gen17's own unit, fits to a midpoint of 171 (wdl_fit_2026-12-06c.txt):
// within a match's spread of this one, so it stays.
struct WdlFit {
  int a0, a1, b0, b1;
};
constexpr WdlFit WDL_FIT{165, -1, 126, -42};

// The search's score that is shown as 100: the model's midpoint at move 32, a0 + a1 * 32 / 50,
// rounded.
constexpr int SCORE_UNIT = (WDL_FIT.a0 * 50 + WDL_FIT.a1 * 32 + 25) / 50;
static_assert(SCORE_UNIT == 164);

inline int shown_score(int score) {
  if (std::abs(score) >= search::REP_BOUND) return score;
  return int(std::lround(score * 100.0 / SCORE_UNIT));
}

}  // namespace xq::frontend
