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
  constexpr int v[PIECE_TYPE_NB] = {0 /* no piece: an empty square gains nothing */, 20000, 200, 200, 400, 900, 450, 100};
  return v[t];
}

// The exchange's result for the side making `m` (pseudo-legal). The board is changed while
// it is computed and restored before it returns.
int see(Position& pos, Move m);
namespace detail {
// see_ge's exchange, once the two piece values have not decided: `s` is the bound the first
// reply must meet (see.cpp).
bool see_ge_exchange(Position& pos, Move m, int s);
}  // namespace detail

// see(pos, m) >= threshold, exactly, but most moves are decided by their two piece values
// alone (inline: no call for them), and the others stop as soon as the threshold is settled.
// The reply can win at most the piece that moved, and never less than nothing (the opponent
// may decline): see(m) lies in [gain - moved, gain].
inline bool see_ge(Position& pos, Move m, int threshold) {
  int s = see_value(type_of(pos.piece_on(to_sq(m)))) - threshold;  // v1 must be at most s
  if (s < 0) return false;
  s = see_value(type_of(pos.piece_on(from_sq(m)))) - s;  // ... so, if they capture, v2 must be at least s
  if (s <= 0) return true;
  return detail::see_ge_exchange(pos, m, s);
}

}  // namespace xq::search
