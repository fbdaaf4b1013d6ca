// Chase detection in the WXF sense (seed 002, sections 4.2-4.4): protection, captures on
// unprotected pieces, and which threatened victims the opponent's reply had to save.
#pragma once

#include <vector>

#include "engine/movelist.h"
#include "engine/position.h"

namespace xq::judge {

// WXF piece values for the protection rule: rook > horse = cannon > advisor = elephant = pawn.
int wxf_value(PieceType t);

// After the side to move plays `capture`, can the other side legally take back on its
// destination? A capture of a piece worth more than the capturer is never protected, and rook
// and cannon defenders see the occupancy before the capture (WXF diagrams 39-41).
bool is_protected(Position& pos, Move capture);

// Pseudo-legal captures of the side to move by horse, rook, cannon, advisor and elephant
// (kings and pawns may attack but never chase).
void gen_captures(const Position& pos, MoveList& list);

// Is `capture` an exchange of equal pieces that the victim could legally answer by taking back?
bool is_exchange(Position& pos, Move capture);

// The side to move's legal captures of unprotected pieces that count as chases: pawns still on
// their own side of the river cannot be chased, and equal exchanges do not count.
void get_chases(Position& pos, MoveList& chases);

// Victims the side that just moved threatens in this position (get_chases with the turn
// passed back to it). Empty when the side to move is in check: a check is not a chase.
SquareSet last_mover_threats(Position& pos);

// After the reply `reply` (already played on `pos`), which of `threats` (the squares the
// replying side's pieces stood on before it) did the reply save? A victim that moved is
// followed to its new square; it counts as saved when it is no longer a free capture.
SquareSet detect_block(Position& pos, Move reply, SquareSet threats);

// Follows chased squares across a move: a victim that moved is found on its new square.
inline SquareSet follow(SquareSet set, Move m) {
  if (is_ok(m) && contains(set, from_sq(m))) set = (set & ~square_bit(from_sq(m))) | square_bit(to_sq(m));
  return set;
}

}  // namespace xq::judge
