#include "chase.h"

#include "engine/attacks.h"
#include "engine/movegen.h"

namespace xq::judge {

namespace {

// Rooks and cannons of `by` that could capture on `to` in the occupancy `occ`. A cannon only
// captures onto an occupied square, so over an empty `to` it defends nothing (protection fact 27:
// a pawn stepping onto an empty square behind a cannon's screen is not protected by it).
SquareSet slider_defenders(const Position& pos, Square to, Color by, SquareSet occ) {
  SquareSet out = 0;
  const int f = file_of(to), r = rank_of(to);
  const unsigned rank_occ = attacks::rank_bits(occ, r), file_occ = attacks::file_bits(occ, f);
  const attacks::LineHits rank_hits = attacks::RANK_HITS[f][rank_occ], file_hits = attacks::FILE_HITS[r][file_occ];
  auto take = [&](unsigned bits, auto square_of, Piece wanted) {
    for (; bits; bits &= bits - 1) {
      const Square s = square_of(__builtin_ctz(bits));
      if (pos.piece_on(s) == wanted) out |= square_bit(s);
    }
  };
  auto on_rank = [r](int b) { return make_square(b, r); };
  auto on_file = [f](int b) { return make_square(f, b); };
  const Piece rook = make_piece(by, ROOK), cannon = make_piece(by, CANNON);
  take(rank_hits.reach & rank_occ, on_rank, rook);
  take(file_hits.reach & file_occ, on_file, rook);
  if (contains(occ, to)) {
    take(rank_hits.jump, on_rank, cannon);
    take(file_hits.jump, on_file, cannon);
  }
  return out;
}

bool is_free_capture(Position& pos, Move m) {
  // A pinned piece threatens nothing (named test "a pinned attacker does not chase").
  if (!pos.is_legal(m)) return false;
  return !is_exchange(pos, m) && !is_protected(pos, m);
}

// May the piece on `to` be chased at all? Kings are checked, not chased, and a pawn still on
// its own side of the river is not a chase victim (case 86, diagram 60).
bool chaseable(const Position& pos, Square to) {
  const Piece v = pos.piece_on(to);
  if (v == NO_PIECE || type_of(v) == KING) return false;
  return type_of(v) != PAWN || pawn_crossed(color_of(v), to);
}

}  // namespace

int wxf_value(PieceType t) {
  switch (t) {
    case ROOK: return 4;
    case HORSE:
    case CANNON: return 3;
    case ADVISOR:
    case ELEPHANT:
    case PAWN: return 2;
    case KING: return 100;
    default: return 0;
  }
}

bool is_protected(Position& pos, Move capture) {
  const Square from = from_sq(capture), to = to_sq(capture);
  const Piece attacker = pos.piece_on(from), victim = pos.piece_on(to);
  // A piece worth more than its attacker is never protected: cases 26-39, 61-65, 172-173.
  if (victim != NO_PIECE && wxf_value(type_of(victim)) > wxf_value(type_of(attacker))) return false;
  const Color defender = ~pos.side_to_move();
  // Rook and cannon defenders are judged on the occupancy before the capture: the capturer
  // still stands on its square (WXF diagrams 39-41: cases 56-60, 87-88, 107, 156).
  const SquareSet before = pos.occupied();
  const Piece captured = pos.make_board(capture);
  SquareSet candidates = pos.attackers(to, defender);
  candidates &= ~(pos.pieces(defender, ROOK) | pos.pieces(defender, CANNON));
  candidates |= slider_defenders(pos, to, defender, before);
  bool protected_ = false;
  // Only a legal recapture protects ("false protection", diagrams 83-85: cases 123-127, 157-164).
  while (candidates && !protected_) protected_ = pos.is_legal_for_owner(make_move(pop_lsb(candidates), to));
  pos.unmake_board(capture, captured);
  return protected_;
}

void gen_captures(const Position& pos, MoveList& list) {
  MoveList all;
  generate_pseudo<CAPTURES>(pos, all);
  for (Move m : all) {
    const PieceType t = type_of(pos.piece_on(from_sq(m)));
    if (t != KING && t != PAWN) list.push(m);  // king and pawn attacks are allowed: cases 99-102
  }
}

// Offers of equal exchange are idle: cases 74-76, 148, 150-151, 171-173.
bool is_exchange(Position& pos, Move capture) {
  const Square from = from_sq(capture), to = to_sq(capture);
  if (type_of(pos.piece_on(from)) != type_of(pos.piece_on(to))) return false;
  // The victim must be able to take the attacker right now: pass the turn and try.
  pos.do_null_move();
  const Move back = make_move(to, from);
  const bool mutual = pos.is_pseudo_legal(back) && pos.is_legal(back);
  pos.undo_null_move();
  return mutual;
}

void get_chases(Position& pos, MoveList& chases) {
  MoveList caps;
  gen_captures(pos, caps);
  for (Move m : caps)
    if (chaseable(pos, to_sq(m)) && is_free_capture(pos, m)) chases.push(m);
}

void mover_chases(Position& pos, MoveList& chases) {
  if (pos.in_check()) return;
  pos.do_null_move();
  get_chases(pos, chases);
  pos.undo_null_move();
}

SquareSet new_chase_victims(const MoveList& before, const MoveList& after, Move m) {
  SquareSet fresh = 0;
  for (Move a : after) {
    // The same attacker (followed across m) on the same victim is an old attack: cases 96-98,
    // 143, 154-155 (without following the mover) and 17-18, 24, 40, 63, 70-76, 128-141, 150-155,
    // 163-164 (without any novelty test) go wrong otherwise.
    const Square attacker_before = from_sq(a) == to_sq(m) ? from_sq(m) : from_sq(a);
    if (!before.contains(make_move(attacker_before, to_sq(a)))) fresh |= square_bit(to_sq(a));
  }
  return fresh;
}

SquareSet detect_block(Position& pos, Move reply, SquareSet threats) {
  if (threats == 0) return 0;
  SquareSet saved = 0;
  MoveList caps;
  gen_captures(pos, caps);
  for (SquareSet t = threats; t;) {
    const Square victim = pop_lsb(t);
    const Square now = contains(follow(square_bit(victim), reply), victim) ? victim : to_sq(reply);
    bool still_free = false;
    for (Move m : caps)
      if (to_sq(m) == now && chaseable(pos, now) && is_free_capture(pos, m)) {
        still_free = true;
        break;
      }
    if (!still_free) saved |= square_bit(victim);  // kept in the frame of the threatening ply
  }
  return saved;
}

}  // namespace xq::judge
