// Static exchange evaluation: what a capture (or a move to an attacked square) wins or loses
// if both sides then keep capturing on that square with their least valuable piece, each
// free to stop. Xiangqi geometry comes for free because every capture is played on a copy of
// the board's occupancy (the lines of engine/attacks.h and the set of squares left) and the
// attackers are read from it as it then stands: a cannon whose screen just left no longer
// attacks, one that gained a screen now does, a horse
// or elephant blocked by a piece stays blocked, and the flying king counts. The king's value
// is prohibitive, so a king never captures onto a square the other side still attacks.
// Pins are ignored, as in most engines.
#pragma once

#include "engine/position.h"

namespace xq::search {

// Exchange values, kept apart from the evaluation so that tuning it never changes move
// ordering or pruning silently.
constexpr int see_value(PieceType t) {
  constexpr int v[PIECE_TYPE_NB] = {0, 20000, 200, 200, 400, 900, 450, 100};
  return v[t];
}

// The exchange's result for the side making `m` (pseudo-legal). The board is changed while
// it is computed and restored before it returns.
int see(Position& pos, Move m);
// see(pos, m) >= threshold, exactly, but most moves are decided by their two piece values
// alone, and the others stop as soon as the threshold is settled.
bool see_ge(Position& pos, Move m, int threshold);

}  // namespace xq::search
