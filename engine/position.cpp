#include "position.h"

#include <cassert>

#include "attacks.h"
#include "tables.h"
#include "zobrist.h"

namespace xq {

namespace {

const Tables& T = tables();

// The squares of a line mask's bits: rank r's bit f, file f's bit r (attacks.h).
template <typename F>
void for_each_bit(unsigned bits, F&& f) {
  for (; bits; bits &= bits - 1) f(__builtin_ctz(bits));
}

}  // namespace

Position::Position() {
  clear();
  // The start position, placed directly so the engine does not depend on the FEN reader.
  const PieceType back[FILE_NB] = {ROOK, HORSE, ELEPHANT, ADVISOR, KING, ADVISOR, ELEPHANT, HORSE, ROOK};
  for (int f = 0; f < FILE_NB; ++f) {
    put_piece(make_piece(RED, back[f]), make_square(f, 0));
    put_piece(make_piece(BLACK, back[f]), make_square(f, 9));
  }
  for (int f : {1, 7}) {
    put_piece(make_piece(RED, CANNON), make_square(f, 2));
    put_piece(make_piece(BLACK, CANNON), make_square(f, 7));
  }
  for (int f = 0; f < FILE_NB; f += 2) {
    put_piece(make_piece(RED, PAWN), make_square(f, 3));
    put_piece(make_piece(BLACK, PAWN), make_square(f, 6));
  }
  reset_history();
}

void Position::clear() {
  for (Piece& p : board_) p = NO_PIECE;
  for (auto& b : by_color_) b = 0;
  lines_ = LineOccupancy{};
  for (auto& row : by_type_)
    for (auto& b : row) b = 0;
  king_[RED] = king_[BLACK] = SQ_NONE;
  side_ = RED;
  root_fullmove_ = 1;
  history_.assign(1, StateInfo{});
}

void Position::put_piece(Piece p, Square s) {
  if (board_[s] == NO_PIECE) lines_.flip(s);
  board_[s] = p;
  by_color_[color_of(p)] |= square_bit(s);
  by_type_[color_of(p)][type_of(p)] |= square_bit(s);
  if (type_of(p) == KING) king_[color_of(p)] = s;
  st().key ^= zobrist::piece_square(p, s);
}

// A capture's victim leaves `to`, where the capturer lands: the square stays occupied, so its
// lines do not change (move_piece leaves `to`'s bit alone for a capture).
[[gnu::always_inline]] inline void Position::remove_captured(Square s) {
  const Piece p = board_[s];
  by_color_[color_of(p)] &= ~square_bit(s);
  by_type_[color_of(p)][type_of(p)] &= ~square_bit(s);
  st().key ^= zobrist::piece_square(p, s);
}

// Inline in make_move_state, which every move goes through (as make_move_state is in do_move).
[[gnu::always_inline]] inline void Position::move_piece(Square from, Square to, bool capture) {
  const Piece p = board_[from];
  const SquareSet both = square_bit(from) | square_bit(to);
  board_[to] = p;
  board_[from] = NO_PIECE;
  lines_.flip(from);
  if (!capture) lines_.flip(to);
  by_color_[color_of(p)] ^= both;
  by_type_[color_of(p)][type_of(p)] ^= both;
  if (type_of(p) == KING) king_[color_of(p)] = to;
  st().key ^= zobrist::piece_square(p, from) ^ zobrist::piece_square(p, to);
}

void Position::set_side(Color c) {
  if (c != side_) st().key ^= zobrist::side();
  side_ = c;
}

void Position::reset_history() {
  const int fullmove = fullmove_number();  // read before the history that defines it goes
  StateInfo root{};
  root.key = compute_key();
  root.rule60 = st().rule60;
  history_.reserve(256);  // the judge plays and takes back moves while holding no references, but fewer reallocations are cheaper
  history_.assign(1, root);
  history_[0].in_check = king_[side_] != SQ_NONE && in_check(side_);
  root_fullmove_ = fullmove;
}

void Position::set_move_counters(int rule60, int fullmove) {
  st().rule60 = rule60;
  root_fullmove_ += fullmove - fullmove_number();
}

int Position::fullmove_number() const {
  // A full move ends with Black's move: count the Black moves made since the root.
  const Color root_side = game_ply() % 2 ? ~side_ : side_;
  return root_fullmove_ + (game_ply() + (root_side == BLACK ? 1 : 0)) / 2;
}

Key Position::compute_key() const {
  Key k = side_ == BLACK ? zobrist::side() : 0;
  for (Square s = 0; s < SQUARE_NB; ++s)
    if (board_[s] != NO_PIECE) k ^= zobrist::piece_square(board_[s], s);
  return k;
}

bool Position::kings_facing() const {
  const Square r = king_[RED], b = king_[BLACK];
  if (r == SQ_NONE || b == SQ_NONE || file_of(r) != file_of(b)) return false;
  return (attacks::FILE_HITS[rank_of(r)][lines_.file[file_of(r)]].reach >> rank_of(b)) & 1;
}

// Along s's rank and file (attacks.h): the first piece each way may be a rook (or a king
// flying along the file onto the other king), the piece behind it a cannon. SEE asks the
// same of boards it only imagines, in its own order (search/see.cpp).
SquareSet Position::attackers(Square s, Color by) const {
  SquareSet result = 0;
  const Piece on_s = board_[s];
  const bool target_is_king = on_s != NO_PIECE && type_of(on_s) == KING && color_of(on_s) != by;
  const SquareLines& l = SQUARE_LINES[s];
  const int f = l.file, r = l.rank;
  // As sets: a rook stands on the first piece each way (reach), a cannon on the one behind it
  // (jump), the other king on the first piece along the file.
  const attacks::SliderHits h = attacks::slider(s, lines_);
  const SquareSet file_reach = attacks::file_set(f, h.file.reach);
  const SquareSet reach = attacks::rank_set(r, h.rank.reach) | file_reach;
  const SquareSet jump = attacks::rank_set(r, h.rank.jump) | attacks::file_set(f, h.file.jump);
  result |= reach & by_type_[by][ROOK];
  result |= jump & by_type_[by][CANNON];
  if (target_is_king) result |= file_reach & by_type_[by][KING];
  // The stepping pieces: a set intersection per kind; only horses and elephants, which can be
  // blocked, go through their (few) candidates one by one. Advisors, the king and elephants
  // never leave their own palace or half: a bool per square says whether to look at all.
  result |= T.pawn_attacker_set[by][s] & by_type_[by][PAWN];
  if (T.palace_point[by][s])
    result |= (T.advisor_set[by][s] & by_type_[by][ADVISOR]) | (T.king_set[by][s] & by_type_[by][KING]);
  if (const SquareSet horses = T.horse_attacker_set[s] & by_type_[by][HORSE])
    for (const Step& st : T.horse_attackers[s])
      if (contains(horses, st.to) && empty(st.block)) result |= square_bit(st.to);
  // Elephants move symmetrically, so their move table from s lists where they attack s from.
  if (T.elephant_point[by][s])
    if (const SquareSet elephants = T.elephant_set[by][s] & by_type_[by][ELEPHANT])
      for (const Step& st : T.elephant_moves[by][s])
        if (contains(elephants, st.to) && empty(st.block)) result |= square_bit(st.to);
  return result;
}

bool Position::attackers_exist(Square s, Color by) const { return attackers(s, by) != 0; }

// Is the king of c attacked (or facing the other king)? Only rooks, cannons, horses,
// pawns and the other king can reach a king: advisors and elephants never leave their half.
bool Position::in_check(Color c) const {
  const Square k = king_[c];
  const Color them = ~c;
  const Piece rook = make_piece(them, ROOK), cannon = make_piece(them, CANNON), king = make_piece(them, KING);
  const int f = file_of(k), r = rank_of(k);
  const attacks::SliderHits h = attacks::slider(k, lines_);
  bool hit = false;
  for_each_bit(h.rank.reach & lines_.rank[r], [&](int b) { hit |= board_[make_square(b, r)] == rook; });
  for_each_bit(h.file.reach & lines_.file[f], [&](int b) {
    const Piece p = board_[make_square(f, b)];
    hit |= p == rook || p == king;
  });
  for_each_bit(h.rank.jump, [&](int b) { hit |= board_[make_square(b, r)] == cannon; });
  for_each_bit(h.file.jump, [&](int b) { hit |= board_[make_square(f, b)] == cannon; });
  if (hit) return true;
  if (T.pawn_attacker_set[them][k] & by_type_[them][PAWN]) return true;
  if (const SquareSet horses = T.horse_attacker_set[k] & by_type_[them][HORSE])
    for (const Step& st : T.horse_attackers[k])
      if (contains(horses, st.to) && board_[st.block] == NO_PIECE) return true;
  return false;
}

CheckSets Position::check_sets() const {
  CheckSets cs;
  cs.king = king_[side_];
  if (cs.king == SQ_NONE || !in_check()) return cs;
  const Square k = cs.king;
  for_each_square(attackers(k, ~side_), [&](Square c) {
    if (++cs.count > CheckSets::MAX_LISTED) return;
    // Rooks, cannons and the facing king check along a line: the checker and what lies
    // between; a pawn only by standing there; a horse also through its leg.
    SquareSet touch = square_bit(c) | attacks::between(k, c);
    if (type_of(board_[c]) == HORSE)
      for (const Step& st : T.horse_attackers[k])
        if (st.to == c) touch |= square_bit(st.block);
    cs.touch[cs.count - 1] = touch;
  });
  return cs;
}

bool Position::is_pawn_advance(Move m) const {
  return type_of(board_[from_sq(m)]) == PAWN && rank_of(from_sq(m)) != rank_of(to_sq(m));
}

// The other king is not in check now (no legal position has the side not to move in check),
// so only what m changes can check it: a line of that king through `from` or `to` (a rook,
// cannon screen or facing king opened, or the mover's own line), the mover's own attack as a
// horse or pawn, or a horse leg it leaves. Each is read off the board as it will stand.
bool Position::gives_check_tested(Move m) {
  const Square k = king_[~side_], from = from_sq(m), to = to_sq(m);
  if (k == SQ_NONE) return false;
  const unsigned rf = relation(k, from), rt = relation(k, to);
  if (((rf | rt) & SAME_FILE) && line_attacked_after(k, m, true, side_)) return true;
  if (((rf | rt) & SAME_RANK) && line_attacked_after(k, m, false, side_)) return true;
  const Piece mover = board_[from], horse = make_piece(side_, HORSE);
  if (mover == horse && (rt & HORSE_APART))
    for (const Step& st : T.horse_attackers[k])
      if (st.to == to && (board_[st.block] == NO_PIECE || st.block == from)) return true;
  if (mover == make_piece(side_, PAWN) && contains(T.pawn_attacker_set[side_][k], to)) return true;
  if (rf & DIAGONAL_NEIGHBOUR)
    for (const Step& st : T.horse_attackers[k])
      if (st.block == from && board_[st.to] == horse) return true;
  return false;
}

// in_check(c) as it would be after the pseudo-legal move m (by either side), read off the
// board as it stands: `from` empty, the mover on `to`, the lines copied and changed. Cheaper
// than making the move: no piece sets, no board writes, nothing to take back.
bool Position::in_check_after(Color c, Move m) const {
  const Square from = from_sq(m), to = to_sq(m);
  const Piece mover = board_[from];
  const Square k = mover == make_piece(c, KING) ? to : king_[c];
  const Color them = ~c;
  LineOccupancy lines = lines_;
  lines.flip(from);
  if (board_[to] == NO_PIECE) lines.flip(to);
  auto at = [&](Square t) { return t == to ? mover : t == from ? NO_PIECE : board_[t]; };
  const Piece rook = make_piece(them, ROOK), cannon = make_piece(them, CANNON), king = make_piece(them, KING);
  const SquareLines& l = SQUARE_LINES[k];
  const int f = l.file, r = l.rank;
  const attacks::SliderHits h = attacks::slider(k, lines);
  bool hit = false;
  for_each_bit(h.rank.reach & lines.rank[r], [&](int b) { hit |= at(make_square(b, r)) == rook; });
  for_each_bit(h.file.reach & lines.file[f], [&](int b) {
    const Piece p = at(make_square(f, b));
    hit |= p == rook || p == king;
  });
  for_each_bit(h.rank.jump, [&](int b) { hit |= at(make_square(b, r)) == cannon; });
  for_each_bit(h.file.jump, [&](int b) { hit |= at(make_square(f, b)) == cannon; });
  if (hit) return true;
  // Their pawns and horses as they will stand: `from` is empty, the mover (of either side)
  // stands on `to`.
  const SquareSet moved = square_bit(from) | square_bit(to);
  SquareSet pawns = by_type_[them][PAWN] & ~moved, horses = by_type_[them][HORSE] & ~moved;
  if (mover == make_piece(them, PAWN)) pawns |= square_bit(to);
  if (mover == make_piece(them, HORSE)) horses |= square_bit(to);
  if (T.pawn_attacker_set[them][k] & pawns) return true;
  if ((horses &= T.horse_attacker_set[k]))
    for (const Step& st : T.horse_attackers[k])
      if (contains(horses, st.to) && at(st.block) == NO_PIECE) return true;
  return false;
}

bool Position::is_legal_tested(Move m) {
  const Square k = king_[side_], from = from_sq(m);
  if (from == k || st().in_check) return is_legal_for_owner(m);
  // Not in check, the king stays: only a line through `from` or `to`, or a horse leg on
  // `from`, can open onto the king (needs_legality_test says which may).
  const Square to = to_sq(m);
  const Color them = ~side_;
  const unsigned rf = relation(k, from), rt = relation(k, to);
  if (((rf | rt) & SAME_FILE) && line_attacked_after(k, m, true, them)) return false;
  if (((rf | rt) & SAME_RANK) && line_attacked_after(k, m, false, them)) return false;
  if (rf & DIAGONAL_NEIGHBOUR) {
    const Piece horse = make_piece(them, HORSE);
    for (const Step& st : T.horse_attackers[k])
      if (st.block == from && st.to != to && board_[st.to] == horse) return false;
  }
  return true;
}

// After m (a move of the side to move, not a king move), is the king on k attacked along its
// file (on_file) or rank by a rook or cannon of `by`, or by `by`'s king facing it? The line is
// read as it will stand: `from` empty, the mover on `to`; it is looked at whole, so the caller
// must know that nothing attacked k along it before the move. Serves both questions: does m
// expose our king (by = them) and does m check theirs (by = us).
bool Position::line_attacked_after(Square k, Move m, bool on_file, Color by) const {
  const Square from = from_sq(m), to = to_sq(m);
  const Piece mover = board_[from];
  // Bit of square s on this line, or 0 when s is not on it.
  auto bit_of = [&](Square s) -> unsigned {
    if (on_file) return file_of(s) == file_of(k) ? 1u << rank_of(s) : 0;
    return rank_of(s) == rank_of(k) ? 1u << file_of(s) : 0;
  };
  const unsigned occ = ((on_file ? lines_.file[file_of(k)] : lines_.rank[rank_of(k)]) & ~bit_of(from)) | bit_of(to);
  const attacks::LineHits h = on_file ? attacks::FILE_HITS[rank_of(k)][occ] : attacks::RANK_HITS[file_of(k)][occ];
  auto at = [&](int b) {
    const Square s = on_file ? make_square(file_of(k), b) : make_square(b, rank_of(k));
    return s == to ? mover : board_[s];
  };
  const Piece rook = make_piece(by, ROOK), king = make_piece(by, KING), cannon = make_piece(by, CANNON);
  bool hit = false;
  for_each_bit(h.reach & occ, [&](int b) {
    const Piece p = at(b);
    hit |= p == rook || p == king;
  });
  for_each_bit(h.jump, [&](int b) { hit |= at(b) == cannon; });
  return hit;
}

bool Position::is_legal_for_owner(Move m) { return !in_check_after(color_of(board_[from_sq(m)]), m); }

Piece Position::make_board(Move m) {
  const Square from = from_sq(m), to = to_sq(m);
  const Piece moved = board_[from], captured = board_[to];
  if (captured != NO_PIECE) {
    by_color_[color_of(captured)] ^= square_bit(to);
    by_type_[color_of(captured)][type_of(captured)] ^= square_bit(to);
  }
  const SquareSet both = square_bit(from) | square_bit(to);
  board_[to] = moved;
  board_[from] = NO_PIECE;
  lines_.flip(from);
  if (captured == NO_PIECE) lines_.flip(to);
  by_color_[color_of(moved)] ^= both;
  by_type_[color_of(moved)][type_of(moved)] ^= both;
  if (type_of(moved) == KING) king_[color_of(moved)] = to;
  return captured;
}

void Position::unmake_board(Move m, Piece captured) {
  const Square from = from_sq(m), to = to_sq(m);
  const Piece moved = board_[to];
  const SquareSet both = square_bit(from) | square_bit(to);
  board_[from] = moved;
  board_[to] = captured;
  lines_.flip(from);
  if (captured == NO_PIECE) lines_.flip(to);
  by_color_[color_of(moved)] ^= both;
  by_type_[color_of(moved)][type_of(moved)] ^= both;
  if (type_of(moved) == KING) king_[color_of(moved)] = from;
  if (captured != NO_PIECE) {
    by_color_[color_of(captured)] ^= square_bit(to);
    by_type_[color_of(captured)][type_of(captured)] ^= square_bit(to);
  }
}

bool Position::is_pseudo_legal(Move m) const {
  if (!is_ok(m)) return false;
  const Square from = from_sq(m), to = to_sq(m);
  const Piece p = board_[from];
  if (p == NO_PIECE || color_of(p) != side_) return false;
  if (board_[to] != NO_PIECE && color_of(board_[to]) == side_) return false;
  const Color us = side_;
  auto in = [to](const auto& list) {
    for (const Step& st : list)
      if (st.to == to) return true;
    return false;
  };
  switch (type_of(p)) {
    case KING: return in(T.king_moves[us][from]);
    case ADVISOR: return in(T.advisor_moves[us][from]);
    case PAWN: return in(T.pawn_moves[us][from]);
    case ELEPHANT:
      for (const Step& st : T.elephant_moves[us][from])
        if (st.to == to) return board_[st.block] == NO_PIECE;
      return false;
    case HORSE:
      for (const Step& st : T.horse_moves[from])
        if (st.to == to) return board_[st.block] == NO_PIECE;
      return false;
    case ROOK:
    case CANNON: {
      if (!(relation(from, to) & (SAME_FILE | SAME_RANK))) return false;
      const attacks::SliderHits h = attacks::slider(from, lines_);
      const bool on_file = file_of(from) == file_of(to);
      const attacks::LineHits& line = on_file ? h.file : h.rank;
      const unsigned bit = 1u << (on_file ? rank_of(to) : file_of(to));
      if (type_of(p) == ROOK || board_[to] == NO_PIECE) return line.reach & bit;
      return line.jump & bit;
    }
    default: return false;
  }
}

void Position::do_move(Move m) {
  const bool may_check = may_give_check(m);
  make_move_state(m);
  st().in_check = may_check && in_check(side_);
}

void Position::do_move(Move m, bool gives_check) {
  make_move_state(m);
  assert(gives_check == in_check(side_));
  st().in_check = gives_check;
}

// do_move without its last step, the in-check flag of the side now to move.
[[gnu::always_inline]] inline void Position::make_move_state(Move m) {
  const Square from = from_sq(m), to = to_sq(m);
  const StateInfo& prev = st();
  const Key key = prev.key ^ zobrist::side();
  const int rule60 = board_[to] != NO_PIECE ? 0 : prev.rule60 + 1;
  // Built in place instead of copied in (-7 % of this function's instructions); `prev` is
  // not read after this, since the vector may move.
  StateInfo& next = history_.emplace_back();
  next.key = key;
  next.move = m;
  next.moved = board_[from];
  next.captured = board_[to];
  next.irreversible = next.captured != NO_PIECE || is_pawn_advance(m);
  next.rule60 = rule60;
  const bool capture = board_[to] != NO_PIECE;
  if (capture) remove_captured(to);
  move_piece(from, to, capture);
  side_ = ~side_;
}

void Position::undo_move() {
  // Restore the board directly; the key is simply the previous entry's.
  side_ = ~side_;
  unmake_board(st().move, st().captured);
  history_.pop_back();
}

void Position::do_null_move() {
  StateInfo next{};
  next.key = st().key ^ zobrist::side();
  next.irreversible = true;  // a null move never belongs to a repetition cycle
  next.rule60 = st().rule60;  // no move was made, so none counts toward the limit
  history_.push_back(next);
  side_ = ~side_;
  // The side to move now was not to move before, and no legal position has that side in
  // check (set_fen refuses one): nothing to test. next.in_check stays false.
  assert(!in_check(side_));
}

void Position::undo_null_move() {
  side_ = ~side_;
  history_.pop_back();
}

}  // namespace xq
