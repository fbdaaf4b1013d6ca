#include "see.h"

namespace xq::search {

namespace {

// The board of an exchange on `to`, played out without moving pieces: the squares the
// capturers left, the occupancy by lines, and who stands on `to` now.
struct ExchangeBoard {
  LineOccupancy lines;
  SquareSet gone = 0;
  Piece on_to = NO_PIECE;
};

// The least valuable piece of `side` attacking `to`, or SQ_NONE.
Square least_valuable_attacker(const Position& pos, Square to, Color side, const ExchangeBoard& b) {
  Square best = SQ_NONE;
  int best_value = 1 << 30;
  for (SquareSet a = pos.attackers_if(to, side, b.lines, b.gone, b.on_to); a;) {
    const Square s = pop_lsb(a);
    const int v = see_value(type_of(pos.piece_on(s)));
    if (v < best_value) best_value = v, best = s;
  }
  return best;
}

// What `side` gains (never less than 0: it may decline) by capturing on `to` first.
int exchange(const Position& pos, Square to, Color side, ExchangeBoard& b) {
  const Square from = least_valuable_attacker(pos, to, side, b);
  if (from == SQ_NONE) return 0;
  const int victim = see_value(type_of(b.on_to));
  const Piece before = b.on_to;
  b.on_to = pos.piece_on(from);
  b.gone ^= square_bit(from);
  b.lines.flip(from);
  const int gain = victim - exchange(pos, to, ~side, b);
  b.lines.flip(from);
  b.gone ^= square_bit(from);
  b.on_to = before;
  return gain > 0 ? gain : 0;
}

}  // namespace

int see(Position& pos, Move m) {
  const Square from = from_sq(m), to = to_sq(m);
  const Color us = color_of(pos.piece_on(from));
  const Piece victim = pos.piece_on(to);
  const int gain = victim == NO_PIECE ? 0 : see_value(type_of(victim));
  ExchangeBoard b{pos.lines(), square_bit(from), pos.piece_on(from)};
  b.lines.flip(from);
  if (victim == NO_PIECE) b.lines.flip(to);
  return gain - exchange(pos, to, ~us, b);
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
