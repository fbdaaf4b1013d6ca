// Win/draw/loss per mille for UCI_ShowWDL: what a score meant in our engine's own self-play
// games, not an absolute truth about the position. The model and its parameters come from
//   bench/wdl_fit.py --player new --scale 2.14 GAMES.pgn
// run on gen17's moves in 1,704 games against gen15 at 30,000 nodes a move (2026-12-06),
// output in bench/results/wdl_fit_2026-12-06b.txt. Those games printed shown scores (x 100/214,
// the unit of the fit before); --scale turned them back into the search's units before the
// fit, whose integer steps are then finer: a0 = 165, a1 = -1, b0 = 126, b1 = -42.
// With x = min(move, 100) / 50, a = a0 + a1 x, b = b0 + b1 x:
//   win  = 1 / (1 + exp(-(s - a) / b)),  loss = 1 / (1 + exp(-(-s - a) / b)),  draw = rest.
// wdl_of takes the score as shown (shown_score.h), so the four numbers are used times
// 100 / SCORE_UNIT: a shown 100 is the model's midpoint at move 32 by construction, up to
// SCORE_UNIT's rounding to a whole unit (gen17: 164.36 -> 164).
// Earlier fits: 2026-12-06 (214, 0, 168, -57) with gen15, 2026-12-02 (232, 20, 189, -60) with
// gen14 and (289, 65, 279, -88) with gen12,
// 2026-11-23 (188, 330, 341, -12) with the hand-tuned evaluation, 2026-11-22 (96, 412, 291, -8)
// with the hand-set one; the network's centipawns meant something else.
// Refit when the network changes. Games played since 2026-12-02 print shown scores, so a fit
// of them comes out in shown units: its a at move 32 against 100 says whether SCORE_UNIT needs
// moving; `--scale SCORE_UNIT/100` fits them in the search's units, with finer steps.
#pragma once

namespace xq::frontend {

struct Wdl {
  int win = 0, draw = 0, loss = 0;  // per mille, summing to 1000
};

// `score`: the shown score (shown_score.h) from the side to move's view (search/score.h: a mate is 1000 0 0
// or 0 0 1000; a repetition ruling, about +-19900 cp, comes out as a certain win or loss by
// the model itself); `move_number`: the game's full-move number (FEN field 6 at the root).
Wdl wdl_of(int score, int move_number);

}  // namespace xq::frontend
