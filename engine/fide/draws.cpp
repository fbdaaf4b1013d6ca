#include "draws.h"

namespace xq::fide {

int repetition_count(const Position& pos) {
  const auto& h = pos.history();
  const int now = int(h.size()) - 1;
  const Key key = h[now].key;
  int count = 1;
  // Same side to move only every second ply; reversible_plies bounds the walk because nothing
  // before an irreversible move can recur.
  for (int back = 2; back <= h[now].reversible_plies; back += 2)
    if (h[now - back].key == key) ++count;
  return count;
}

bool threefold_claimable(const Position& pos) { return repetition_count(pos) >= 3; }

bool threefold_claimable_with(Position& pos, Move intended) {
  pos.do_move(intended);
  const bool third = repetition_count(pos) >= 3;
  pos.undo_move();
  return third;
}

bool fifty_move_claimable(const Position& pos) { return pos.halfmove_clock() >= FIFTY_MOVE_PLIES; }

bool fifty_move_claimable_with(const Position& pos, Move intended) {
  const bool resets = pos.is_capture(intended) || type_of(pos.piece_on(from_sq(intended))) == PAWN;
  return !resets && pos.halfmove_clock() + 1 >= FIFTY_MOVE_PLIES;
}

bool fivefold_repetition(const Position& pos) { return repetition_count(pos) >= 5; }

bool seventy_five_move_rule(const Position& pos) { return pos.halfmove_clock() >= SEVENTY_FIVE_MOVE_PLIES; }

bool insufficient_material(const Position& pos) {
  if (pos.pieces(PAWN) | pos.pieces(ROOK) | pos.pieces(QUEEN)) return false;
  const Bitboard knights = pos.pieces(KNIGHT), bishops = pos.pieces(BISHOP);
  // A lone knight cannot mate; two knights (even one per side) can help each other's mate.
  if (!bishops) return popcount(knights) <= 1;
  if (knights) return false;
  // Only a bishop can give check, so a mated king would stand on the bishops' colour. Its
  // orthogonal neighbours are of the other colour: no bishop covers or occupies them, and the
  // enemy king cannot cover all of them without standing next to the mated king.
  return !(bishops & LIGHT_SQUARES) || !(bishops & ~LIGHT_SQUARES);
}

namespace {

bool can_force_mate(const Position& pos, Color c) {
  if (pos.pieces(c, PAWN) | pos.pieces(c, ROOK) | pos.pieces(c, QUEEN)) return true;
  const Bitboard bishops = pos.pieces(c, BISHOP);
  const int knights = popcount(pos.pieces(c, KNIGHT));
  const bool both_colours = (bishops & LIGHT_SQUARES) && (bishops & ~LIGHT_SQUARES);
  return both_colours || (bishops && knights) || knights >= 3;
}

}  // namespace

bool cannot_force_mate(const Position& pos) { return !can_force_mate(pos, WHITE) && !can_force_mate(pos, BLACK); }

}  // namespace xq::fide
