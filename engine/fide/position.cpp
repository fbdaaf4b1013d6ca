#include "position.h"

#include "zobrist.h"

namespace xq::fide {

namespace {

// Rights that survive a move touching square s: moving from or onto a king or rook home
// square (including capturing a rook there) loses the rights that piece carried.
constexpr int castling_kept(Square s) {
  switch (s) {
    case 0: return ALL_CASTLING & ~WHITE_OOO;   // a1
    case 4: return ALL_CASTLING & ~(WHITE_OO | WHITE_OOO);  // e1
    case 7: return ALL_CASTLING & ~WHITE_OO;    // h1
    case 56: return ALL_CASTLING & ~BLACK_OOO;  // a8
    case 60: return ALL_CASTLING & ~(BLACK_OO | BLACK_OOO);  // e8
    case 63: return ALL_CASTLING & ~BLACK_OO;   // h8
    default: return ALL_CASTLING;
  }
}

// The rook's squares for a castling move, given the king's destination.
void castling_rook(Square king_to, Square& rook_from, Square& rook_to) {
  const bool king_side = file_of(king_to) == 6;
  rook_from = make_square(king_side ? 7 : 0, rank_of(king_to));
  rook_to = make_square(king_side ? 5 : 3, rank_of(king_to));
}

}  // namespace

Position::Position() {
  clear();
  constexpr PieceType back[8] = {ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK};
  for (int f = 0; f < 8; ++f) {
    put_piece(make_piece(WHITE, back[f]), make_square(f, 0));
    put_piece(make_piece(WHITE, PAWN), make_square(f, 1));
    put_piece(make_piece(BLACK, PAWN), make_square(f, 6));
    put_piece(make_piece(BLACK, back[f]), make_square(f, 7));
  }
  finish_setup(WHITE, ALL_CASTLING, SQ_NONE, 0, 1);
}

void Position::clear() {
  for (auto& p : board_) p = NO_PIECE;
  for (auto& b : by_color_) b = 0;
  for (auto& b : by_type_) b = 0;
  side_ = WHITE;
  history_.assign(1, StateInfo{});
}

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  by_color_[color_of(p)] |= square_bb(s);
  by_type_[type_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  const Piece p = board_[s];
  by_color_[color_of(p)] ^= square_bb(s);
  by_type_[type_of(p)] ^= square_bb(s);
  board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
  const Piece p = board_[from];
  const Bitboard both = square_bb(from) | square_bb(to);
  by_color_[color_of(p)] ^= both;
  by_type_[type_of(p)] ^= both;
  board_[to] = p;
  board_[from] = NO_PIECE;
}

void Position::finish_setup(Color side, int castling, Square ep_candidate, int halfmove, int fullmove) {
  side_ = side;
  root_side_ = side;
  root_fullmove_ = fullmove;
  StateInfo root;
  root.castling = castling;
  root.halfmove_clock = halfmove;
  root.checkers = attackers_to(king_square(side), pieces()) & pieces(~side);
  history_.assign(1, root);
  history_.reserve(256);
  history_.back().ep_square = legal_ep_square(ep_candidate);
  history_.back().key = compute_key();
}

int Position::fullmove_number() const {
  // Black's moves complete a full move; count them from the root's number.
  return root_fullmove_ + (game_ply() + (root_side_ == BLACK ? 1 : 0)) / 2;
}

Key Position::compute_key() const {
  Key k = 0;
  for (Square s = 0; s < SQUARE_NB; ++s)
    if (board_[s] != NO_PIECE) k ^= zobrist::piece_square(board_[s], s);
  if (side_ == BLACK) k ^= zobrist::side();
  k ^= zobrist::castling(st().castling);
  if (st().ep_square != SQ_NONE) k ^= zobrist::ep_file(file_of(st().ep_square));
  return k;
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
  return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
         (knight_attacks(s) & by_type_[KNIGHT]) | (king_attacks(s) & by_type_[KING]) |
         (rook_attacks(s, occ) & (by_type_[ROOK] | by_type_[QUEEN])) |
         (bishop_attacks(s, occ) & (by_type_[BISHOP] | by_type_[QUEEN]));
}

Bitboard Position::pinned(Color c) const {
  const Square ksq = king_square(c);
  const Bitboard them = pieces(~c);
  Bitboard snipers = (rook_attacks(ksq, 0) & them & (by_type_[ROOK] | by_type_[QUEEN])) |
                     (bishop_attacks(ksq, 0) & them & (by_type_[BISHOP] | by_type_[QUEEN]));
  Bitboard result = 0;
  while (snipers) {
    const Bitboard between = between_bb(ksq, pop_lsb(snipers)) & pieces();
    if (between && !more_than_one(between)) result |= between & pieces(c);
  }
  return result;
}

bool Position::ep_capture_legal(Square from, Square ep) const {
  // En passant empties two squares and fills one, which can expose the king along a rank
  // (the classic "both pawns between king and rook" case); so test the resulting board.
  const Color us = side_;
  const Square captured = ep + (us == WHITE ? -8 : 8);
  const Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
  const Bitboard attackers = attackers_to(king_square(us), occ) & pieces(~us) & ~square_bb(captured);
  return attackers == 0;
}

Square Position::legal_ep_square(Square ep) const {
  if (ep == SQ_NONE) return SQ_NONE;
  Bitboard capturers = pawn_attacks(~side_, ep) & pieces(side_, PAWN);
  while (capturers)
    if (ep_capture_legal(pop_lsb(capturers), ep)) return ep;
  return SQ_NONE;
}

void Position::do_move(Move m) {
  const StateInfo& prev = st();
  StateInfo next;
  next.move = m;
  next.key = prev.key ^ zobrist::side();
  if (prev.ep_square != SQ_NONE) next.key ^= zobrist::ep_file(file_of(prev.ep_square));

  const Color us = side_;
  const Square from = from_sq(m), to = to_sq(m);
  const Piece pc = board_[from];
  const MoveKind kind = kind_of(m);

  if (kind == CASTLING) {
    Square rook_from, rook_to;
    castling_rook(to, rook_from, rook_to);
    const Piece rook = board_[rook_from];
    next.key ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to) ^
                zobrist::piece_square(rook, rook_from) ^ zobrist::piece_square(rook, rook_to);
    move_piece(from, to);
    move_piece(rook_from, rook_to);
  } else {
    const Square cap_sq = kind == EN_PASSANT ? to + (us == WHITE ? -8 : 8) : to;
    next.captured = board_[cap_sq];
    if (next.captured != NO_PIECE) {
      next.key ^= zobrist::piece_square(next.captured, cap_sq);
      remove_piece(cap_sq);
    }
    next.key ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);
    move_piece(from, to);
    if (kind == PROMOTION) {
      const Piece promoted = make_piece(us, promotion_type(m));
      next.key ^= zobrist::piece_square(pc, to) ^ zobrist::piece_square(promoted, to);
      remove_piece(to);
      put_piece(promoted, to);
    }
  }

  next.castling = prev.castling & castling_kept(from) & castling_kept(to);
  next.key ^= zobrist::castling(prev.castling) ^ zobrist::castling(next.castling);
  const bool resets_clock = type_of(pc) == PAWN || next.captured != NO_PIECE;
  next.halfmove_clock = resets_clock ? 0 : prev.halfmove_clock + 1;
  next.irreversible = resets_clock || next.castling != prev.castling;
  next.reversible_plies = next.irreversible ? 0 : prev.reversible_plies + 1;

  side_ = ~us;
  next.checkers = attackers_to(king_square(side_), pieces()) & pieces(us);
  if (type_of(pc) == PAWN && (to ^ from) == 16) {
    next.ep_square = legal_ep_square((from + to) / 2);
    if (next.ep_square != SQ_NONE) next.key ^= zobrist::ep_file(file_of(next.ep_square));
  }
  history_.push_back(next);
}

void Position::undo_move() {
  const StateInfo& cur = st();
  const Move m = cur.move;
  const Square from = from_sq(m), to = to_sq(m);
  side_ = ~side_;
  const Color us = side_;
  switch (kind_of(m)) {
    case CASTLING: {
      Square rook_from, rook_to;
      castling_rook(to, rook_from, rook_to);
      move_piece(rook_to, rook_from);
      move_piece(to, from);
      break;
    }
    case PROMOTION:
      remove_piece(to);
      put_piece(make_piece(us, PAWN), from);
      break;
    default:
      move_piece(to, from);
      break;
  }
  if (cur.captured != NO_PIECE)
    put_piece(cur.captured, kind_of(m) == EN_PASSANT ? to + (us == WHITE ? -8 : 8) : to);
  history_.pop_back();
}

}  // namespace xq::fide
