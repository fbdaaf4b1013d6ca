#include "see.h"

namespace xq::search {

namespace {

// The board of an exchange on `to`, played out without moving pieces: the squares the
// capturers left, the occupancy by lines, and who stands on `to` now.
struct ExchangeBoard {
  LineOccupancy lines;
  SquareSet gone = 0;
  Piece on_to = NO_PIECE;

  // The board after `m` (the exchange's first move, a capture or not).
  ExchangeBoard(const Position& pos, Move m) : lines(pos.lines()), gone(square_bit(from_sq(m))), on_to(pos.piece_on(from_sq(m))) {
    lines.flip(from_sq(m));
    if (pos.piece_on(to_sq(m)) == NO_PIECE) lines.flip(to_sq(m));
  }
  // The piece on `by` captures on the exchange's square.
  void capture(const Position& pos, Square by) {
    on_to = pos.piece_on(by);
    gone ^= square_bit(by);
    lines.flip(by);
  }
};

// The least valuable piece of `side` attacking `to`, or SQ_NONE. Inline: once or twice per
// exchange step of every SEE (the compiler stopped inlining it on its own).
[[gnu::always_inline]] inline Square least_valuable_attacker(const Position& pos, Square to, Color side, const ExchangeBoard& b) {
  Square best = SQ_NONE;
  int best_value = 1 << 30;
  for_each_square(pos.attackers_if(to, side, b.lines, b.gone, b.on_to), [&](Square s) {
    const int v = see_value(type_of(pos.piece_on(s)));
    if (v < best_value) best_value = v, best = s;
  });
  return best;
}

// What `side` gains (never less than 0: it may decline) by capturing on `to` first.
int exchange(const Position& pos, Square to, Color side, const ExchangeBoard& b) {
  const Square from = least_valuable_attacker(pos, to, side, b);
  if (from == SQ_NONE) return 0;
  const int victim = see_value(type_of(b.on_to));
  ExchangeBoard after = b;
  after.capture(pos, from);
  const int gain = victim - exchange(pos, to, ~side, after);
  return gain > 0 ? gain : 0;
}

}  // namespace

int see(Position& pos, Move m) {
  const Square from = from_sq(m), to = to_sq(m);
  const Color us = color_of(pos.piece_on(from));
  const Piece victim = pos.piece_on(to);
  const int gain = victim == NO_PIECE ? 0 : see_value(type_of(victim));
  return gain - exchange(pos, to, ~us, ExchangeBoard(pos, m));
}

// see(m) = gain - v1, where v_k = 0 if the side to capture has no attacker, else
// max(0, value on the square - v_(k+1)). Asking "see(m) >= threshold" turns into a bound on
// each v_k in turn, alternately "at most s" (their capture) and "at least s" (ours), with
// s_(k+1) = value on the square - s_k; the answer is known as soon as a bound holds or fails
// whatever follows, so most exchanges stop after a capture or two instead of being played to
// the end. The least valuable attacker is chosen exactly as see() chooses it, so the answer
// is the same (test_see.cpp compares the two).
bool see_ge(Position& pos, Move m, int threshold) {
  const Square from = from_sq(m), to = to_sq(m);
  const Piece victim = pos.piece_on(to), moved = pos.piece_on(from);
  const int gain = victim == NO_PIECE ? 0 : see_value(type_of(victim));
  // The reply can win at most the piece that moved, and never less than nothing (the
  // opponent may decline): see(m) lies in [gain - moved, gain].
  int s = gain - threshold;  // v1 must be at most s
  if (s < 0) return false;
  s = see_value(type_of(moved)) - s;  // ... so, if they capture, v2 must be at least s
  if (s <= 0) return true;
  const Color us = color_of(moved);
  ExchangeBoard b(pos, m);
  for (;;) {
    const Square theirs = least_valuable_attacker(pos, to, ~us, b);
    if (theirs == SQ_NONE) return true;  // v1 (or v_k) = 0 <= s
    b.capture(pos, theirs);
    const Square ours = least_valuable_attacker(pos, to, us, b);
    if (ours == SQ_NONE) return false;  // v = 0 < s
    s = see_value(type_of(b.on_to)) - s;  // v_(k+1) must be at most s
    if (s < 0) return false;
    b.capture(pos, ours);
    s = see_value(type_of(b.on_to)) - s;  // v_(k+2) must be at least s
    if (s <= 0) return true;
  }
}

}  // namespace xq::search
