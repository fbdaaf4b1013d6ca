#include "see.h"

namespace xq::search {

namespace {

// The least valuable piece of `side` attacking `to`, or SQ_NONE.
Square least_valuable_attacker(const Position& pos, Square to, Color side) {
  Square best = SQ_NONE;
  int best_value = 1 << 30;
  for (SquareSet a = pos.attackers(to, side); a;) {
    const Square s = pop_lsb(a);
    const int v = see_value(type_of(pos.piece_on(s)));
    if (v < best_value) best_value = v, best = s;
  }
  return best;
}

// What `side` gains (never less than 0: it may decline) by capturing on `to` first.
int exchange(Position& pos, Square to, Color side) {
  const Square from = least_valuable_attacker(pos, to, side);
  if (from == SQ_NONE) return 0;
  const Move m = make_move(from, to);
  const int victim = see_value(type_of(pos.piece_on(to)));
  const Piece captured = pos.make_board(m);
  const int gain = victim - exchange(pos, to, ~side);
  pos.unmake_board(m, captured);
  return gain > 0 ? gain : 0;
}

}  // namespace

int see(Position& pos, Move m) {
  const Square to = to_sq(m);
  const Color us = color_of(pos.piece_on(from_sq(m)));
  const Piece victim = pos.piece_on(to);
  const int gain = victim == NO_PIECE ? 0 : see_value(type_of(victim));
  const Piece captured = pos.make_board(m);
  const int result = gain - exchange(pos, to, ~us);
  pos.unmake_board(m, captured);
  return result;
}

bool see_ge(Position& pos, Move m, int threshold) {
  const Piece victim = pos.piece_on(to_sq(m));
  const int gain = victim == NO_PIECE ? 0 : see_value(type_of(victim));
  // The reply can win at most the piece that moved, and never less than nothing (the
  // opponent may decline): see(m) lies in [gain - moved, gain].
  if (gain < threshold) return false;
  if (gain - see_value(type_of(pos.piece_on(from_sq(m)))) >= threshold) return true;
  return see(pos, m) >= threshold;
}

}  // namespace xq::search
