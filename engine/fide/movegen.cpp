#include "movegen.h"

namespace xq::fide {

namespace {

// What every non-king move must respect: the squares it may land on (anything but our own
// pieces; when in check, only the checker or a square between it and the king) and the pins.
struct Limits {
  Bitboard target;
  Bitboard pinned;
  Square king;
};

// A pinned piece may only move along the line through its king.
inline Bitboard restrict(const Limits& lim, Square from, Bitboard moves) {
  moves &= lim.target;
  if (lim.pinned & square_bb(from)) moves &= line_bb(lim.king, from);
  return moves;
}

void add_moves(Square from, Bitboard to_set, MoveList& list) {
  while (to_set) list.push(make_move(from, pop_lsb(to_set)));
}

void add_pawn_move(Square from, Square to, MoveList& list) {
  if (rank_of(to) == 0 || rank_of(to) == 7) {
    for (PieceType t : {QUEEN, ROOK, BISHOP, KNIGHT}) list.push(make_move(from, to, PROMOTION, t));
  } else {
    list.push(make_move(from, to));
  }
}

void pawn_moves(const Position& pos, const Limits& lim, MoveList& list) {
  const Color us = pos.side_to_move();
  const int up = us == WHITE ? 8 : -8;
  const int start_rank = us == WHITE ? 1 : 6;
  const Bitboard occ = pos.pieces(), enemies = pos.pieces(~us);
  for (Bitboard pawns = pos.pieces(us, PAWN); pawns;) {
    const Square from = pop_lsb(pawns);
    Bitboard to_set = pawn_attacks(us, from) & enemies;
    const Square one = from + up;
    if (!(occ & square_bb(one))) {
      to_set |= square_bb(one);
      if (rank_of(from) == start_rank && !(occ & square_bb(one + up))) to_set |= square_bb(one + up);
    }
    for (Bitboard b = restrict(lim, from, to_set); b;) add_pawn_move(from, pop_lsb(b), list);
  }
  // En passant can resolve a check by the pushed pawn and can expose the king along the
  // rank, neither of which the target/pin masks express; test it on the resulting board.
  const Square ep = pos.ep_square();
  if (ep == SQ_NONE) return;
  for (Bitboard b = pawn_attacks(~us, ep) & pos.pieces(us, PAWN); b;) {
    const Square from = pop_lsb(b);
    if (pos.ep_capture_legal(from, ep)) list.push(make_move(from, ep, EN_PASSANT));
  }
}

void piece_moves(const Position& pos, const Limits& lim, MoveList& list) {
  const Color us = pos.side_to_move();
  const Bitboard occ = pos.pieces();
  for (Bitboard b = pos.pieces(us, KNIGHT); b;) {
    const Square from = pop_lsb(b);
    add_moves(from, restrict(lim, from, knight_attacks(from)), list);
  }
  for (Bitboard b = pos.pieces(us, BISHOP) | pos.pieces(us, QUEEN); b;) {
    const Square from = pop_lsb(b);
    add_moves(from, restrict(lim, from, bishop_attacks(from, occ)), list);
  }
  for (Bitboard b = pos.pieces(us, ROOK) | pos.pieces(us, QUEEN); b;) {
    const Square from = pop_lsb(b);
    add_moves(from, restrict(lim, from, rook_attacks(from, occ)), list);
  }
}

void king_moves(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  // Without the king on the board, so that it cannot hide behind itself from a slider.
  const Bitboard occ = pos.pieces() ^ square_bb(ksq);
  for (Bitboard b = king_attacks(ksq) & ~pos.pieces(us); b;) {
    const Square to = pop_lsb(b);
    if (!pos.attacked_by(~us, to, occ)) list.push(make_move(ksq, to));
  }
}

// Castling: the right still held, the squares between king and rook empty, and the king
// neither in check nor passing through or landing on an attacked square (FIDE 3.8.2).
void castling_moves(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const int rank = us == WHITE ? 0 : 7;
  const int rights = pos.castling_rights() >> (us == WHITE ? 0 : 2);
  const Square king = make_square(4, rank);
  const Bitboard occ = pos.pieces();
  auto free_and_safe = [&](int empty_from, int empty_to, int safe_from, int safe_to) {
    for (int f = empty_from; f <= empty_to; ++f)
      if (occ & square_bb(make_square(f, rank))) return false;
    for (int f = safe_from; f <= safe_to; ++f)
      if (pos.attacked_by(~us, make_square(f, rank), occ)) return false;
    return true;
  };
  if ((rights & WHITE_OO) && free_and_safe(5, 6, 5, 6)) list.push(make_move(king, king + 2, CASTLING));
  if ((rights & WHITE_OOO) && free_and_safe(1, 3, 2, 3)) list.push(make_move(king, king - 2, CASTLING));
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  const Bitboard checkers = pos.checkers();
  king_moves(pos, list);
  if (more_than_one(checkers)) return;  // double check: only the king may move

  Limits lim{~pos.pieces(us), pos.pinned(us), ksq};
  if (checkers) lim.target &= between_bb(ksq, lsb(checkers)) | checkers;
  pawn_moves(pos, lim, list);
  piece_moves(pos, lim, list);
  if (!checkers) castling_moves(pos, list);
}

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  const MoveList list = legal_moves(pos);
  if (depth == 1) return std::uint64_t(list.size());  // bulk count: the moves are legal already
  std::uint64_t nodes = 0;
  for (Move m : list) {
    pos.do_move(m);
    nodes += perft(pos, depth - 1);
    pos.undo_move();
  }
  return nodes;
}

}  // namespace xq::fide
