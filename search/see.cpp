#include "see.h"

#include "engine/tables.h"

namespace xq::search {

namespace {

const Tables& T = tables();

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

// The least valuable piece of `side` attacking `to` on the exchange board, or SQ_NONE: the
// lowest square among equals, as a walk over all attackers would choose. One kind at a time,
// cheapest first, stopping at the first kind present: most exchanges are settled by a pawn,
// a horse or nothing at all, and a side's rooks and cannons are usually off the square's
// lines, so their sets are rarely built. Advisors and elephants are worth the same and form
// one set, as do the king's step and its flight along the file. Inline: once or twice per
// exchange step of every SEE.
static_assert(see_value(PAWN) < see_value(ADVISOR) && see_value(ADVISOR) == see_value(ELEPHANT) &&
              see_value(ELEPHANT) < see_value(HORSE) && see_value(HORSE) < see_value(CANNON) &&
              see_value(CANNON) < see_value(ROOK) && see_value(ROOK) < see_value(KING));
// NoneGone: none of `side`'s pieces has left (their first reply: only our mover has), so
// their sets need no cut; a leg or an eye may still have been vacated.
template <bool NoneGone = false>
[[gnu::always_inline]] inline Square least_valuable_attacker(const Position& pos, Square to, Color side, const ExchangeBoard& b) {
  const SquareSet present = NoneGone ? ~SquareSet(0) : ~b.gone;
  auto open = [&](Square t) { return pos.empty(t) || contains(b.gone, t); };  // a leg or an eye
  if (const SquareSet pawns = T.pawn_attacker_set[side][to] & pos.pieces(side, PAWN) & present) return lsb(pawns);
  SquareSet minors = 0;
  if (T.palace_point[side][to]) minors = T.advisor_set[side][to] & pos.pieces(side, ADVISOR);
  if (T.elephant_point[side][to])
    if (const SquareSet elephants = T.elephant_set[side][to] & pos.pieces(side, ELEPHANT) & present)
      for (const Step& st : T.elephant_moves[side][to])
        if (contains(elephants, st.to) && open(st.block)) minors |= square_bit(st.to);
  if ((minors &= present)) return lsb(minors);
  if (const SquareSet horses = T.horse_attacker_set[to] & pos.pieces(side, HORSE) & present) {
    SquareSet free = 0;
    for (const Step& st : T.horse_attackers[to])
      if (contains(horses, st.to) && open(st.block)) free |= square_bit(st.to);
    if (free) return lsb(free);
  }
  SquareSet kings = T.palace_point[side][to] ? T.king_set[side][to] & pos.pieces(side, KING) : 0;
  // The sliders (attacks.h): a rook on the first piece each way, a cannon on the one behind
  // it, the king on the first piece along the file when it flies at the other king.
  const SquareSet on_lines = T.lines_through[to] & present;
  const bool flight = type_of(b.on_to) == KING && color_of(b.on_to) != side;
  const SquareSet cannons = pos.pieces(side, CANNON) & on_lines;
  const SquareSet rooks = pos.pieces(side, ROOK) & on_lines;
  const SquareSet flyer = flight ? pos.pieces(side, KING) & on_lines : 0;
  if (cannons | rooks | flyer) {
    const SquareLines& l = SQUARE_LINES[to];
    const attacks::SliderHits h = attacks::slider(to, b.lines);
    if (cannons)
      if (const SquareSet hit = cannons & (attacks::rank_set(l.rank, h.rank.jump) | attacks::file_set(l.file, h.file.jump))) return lsb(hit);
    const SquareSet file_reach = attacks::file_set(l.file, h.file.reach);
    if (rooks)
      if (const SquareSet hit = rooks & (attacks::rank_set(l.rank, h.rank.reach) | file_reach)) return lsb(hit);
    kings |= flyer & file_reach;
  }
  kings &= present;
  return kings ? lsb(kings) : SQ_NONE;
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
namespace detail {

bool see_ge_exchange(Position& pos, Move m, int s) {
  const Square to = to_sq(m);
  const Color us = color_of(pos.piece_on(from_sq(m)));
  ExchangeBoard b(pos, m);
  Square theirs = least_valuable_attacker<true>(pos, to, ~us, b);
  for (;;) {
    if (theirs == SQ_NONE) return true;  // v1 (or v_k) = 0 <= s
    b.capture(pos, theirs);
    const Square ours = least_valuable_attacker(pos, to, us, b);
    if (ours == SQ_NONE) return false;  // v = 0 < s
    s = see_value(type_of(b.on_to)) - s;  // v_(k+1) must be at most s
    if (s < 0) return false;
    b.capture(pos, ours);
    s = see_value(type_of(b.on_to)) - s;  // v_(k+2) must be at least s
    if (s <= 0) return true;
    theirs = least_valuable_attacker(pos, to, ~us, b);
  }
}

}  // namespace detail

}  // namespace xq::search
