// Win/draw/loss per mille for UCI_ShowWDL: what a score meant in our engine's own self-play
// games, not an absolute truth about the position. The model and its parameters come from
//   bench/wdl_fit.py soak_wdl.pgn
// run on 300 self-play games at 1+0.01 (commit 177f07b: the fitted evaluation and today's
// search; bench/soak.sh ... -pgnout), output in bench/results/wdl_fit_2026-11-23.txt:
// a0 = 188, a1 = 330, b0 = 341, b1 = -12. With
// x = min(move, 100) / 50, a = a0 + a1 x, b = b0 + b1 x:
//   win  = 1 / (1 + exp(-(s - a) / b)),  loss = 1 / (1 + exp(-(-s - a) / b)),  draw = rest.
// The first fit (2026-11-22: 96, 412, 291, -8) was made with the hand-set evaluation, whose
// centipawns meant something else.
// Refit (and change the four numbers in wdl.cpp) when the engine's play changes a lot.
#pragma once

namespace xq::frontend {

struct Wdl {
  int win = 0, draw = 0, loss = 0;  // per mille, summing to 1000
};

// `score`: the search's score from the side to move's view (search/score.h: a mate is 1000 0 0
// or 0 0 1000; a repetition ruling, about +-19900 cp, comes out as a certain win or loss by
// the model itself); `move_number`: the game's full-move number (FEN field 6 at the root).
Wdl wdl_of(int score, int move_number);

}  // namespace xq::frontend
