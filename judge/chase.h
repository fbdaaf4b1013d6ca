// Chase detection in the WXF sense (seed 002, sections 4.2-4.4): protection, captures on
// unprotected pieces, which of them a move newly created, and how the reply answered them.
#pragma once

#include "engine/movelist.h"
#include "engine/position.h"

namespace xq::judge {

// WXF piece values for the protection rule: rook > horse = cannon > advisor = elephant = pawn.
int wxf_value(PieceType t);

// After the side to move plays `capture` (or any move), can the other side legally take back on
// its destination? A capture of a piece worth more than the capturer is never protected, and
// rook and cannon defenders see the occupancy before the move (WXF diagrams 39-41).
bool is_protected(Position& pos, Move capture);

// Pseudo-legal captures of the side to move by horse, rook, cannon, advisor and elephant
// (kings and pawns may attack but never chase).
void gen_captures(const Position& pos, MoveList& list);

// Is `capture` an exchange of equal pieces that the victim could legally answer by taking the
// attacker? Then it is an offer, not a chase.
bool is_exchange(Position& pos, Move capture);

// The side to move's legal captures of unprotected pieces that count as chases: pawns still on
// their own side of the river cannot be chased, and equal exchanges do not count.
void get_chases(Position& pos, MoveList& chases);

// get_chases for the side that just moved (the turn is passed back to it). Empty when the side
// to move is in check: that move is a check, not a chase.
void mover_chases(Position& pos, MoveList& chases);

inline SquareSet victims_of(const MoveList& chases) {
  SquareSet s = 0;
  for (Move m : chases) s |= square_bit(to_sq(m));
  return s;
}

// Victims of the attacks that move `m` created: attacker-victim pairs present after the move
// (`after`, from mover_chases) that were not there before it (`before`, from get_chases with the
// mover to move). The moved piece keeps its identity: a rook that slides along a file and still
// attacks the same cannon creates nothing new (WXF diagram 65), while a discovered or
// newly unprotected attack is new (the cannon behind a departing screen, case 153).
SquareSet new_chase_victims(const MoveList& before, const MoveList& after, Move m);

// Follows a set of squares across a move: a piece that moved is found on its new square.
inline SquareSet follow(SquareSet set, Move m) {
  if (is_ok(m) && contains(set, from_sq(m))) set = (set & ~square_bit(from_sq(m))) | square_bit(to_sq(m));
  return set;
}

// After the reply `reply` (already played on `pos`), which of `threats` (squares of the
// replying side's pieces before the reply) did it answer by moving, blocking or protecting,
// so that they are no longer free captures? A victim that moved is followed. Squares are
// returned as they were before the reply. Used to explain rulings.
SquareSet detect_block(Position& pos, Move reply, SquareSet threats);

}  // namespace xq::judge
