#include "movegen.h"

#include "attacks.h"
#include "tables.h"

namespace xq {

namespace {

const Tables& T = tables();

// Each side's half of the board, ranks 0-4 for Red (the river lies between ranks 4 and 5).
constexpr SquareSet RED_HALF = (SquareSet(1) << (5 * FILE_NB)) - 1;
constexpr SquareSet OWN_HALF[COLOR_NB] = {RED_HALF, ((SquareSet(1) << SQUARE_NB) - 1) & ~RED_HALF};
constexpr SquareSet FIRST_FILE = attacks::FILE_SPREAD[(1u << RANK_NB) - 1];  // every rank's bit on file 0
constexpr SquareSet LAST_FILE = FIRST_FILE << (FILE_NB - 1);

// A superset of the squares the pawns of `us` on `pawns` step to: one rank forward, and one
// file sideways for those across the river (shifts past the last rank leave the board's bits).
SquareSet pawn_steps(Color us, SquareSet pawns) {
  const SquareSet crossed = pawns & ~OWN_HALF[us];
  const SquareSet forward = us == RED ? pawns << FILE_NB : pawns >> FILE_NB;
  return forward | ((crossed & ~LAST_FILE) << 1) | ((crossed & ~FIRST_FILE) >> 1);
}

template <GenType Type>
bool wanted(const Position& pos, Square to, Color us) {
  const Piece target = pos.piece_on(to);
  if (target != NO_PIECE && color_of(target) == us) return false;
  if constexpr (Type == CAPTURES) return target != NO_PIECE;
  if constexpr (Type == QUIETS) return target == NO_PIECE;
  return true;
}

// Every target square is allowed: the mask of the generators that have none.
constexpr SquareSet ANY_SQUARE = ~SquareSet(0);

// With Masked, only the steps that end on `mask` (evasions: see answer_mask).
template <GenType Type, bool Masked = false, int N>
void add_steps(const Position& pos, const StepList<N>& steps, Square from, Color us, MoveList& list, SquareSet mask = ANY_SQUARE) {
  // For captures the target is the rarer condition, so it is read first.
  auto open = [&](const Step& st) { return st.block == SQ_NONE || pos.empty(st.block); };
  for (const Step& st : steps)
    if ((!Masked || contains(mask, st.to)) &&
        (Type == CAPTURES ? wanted<Type>(pos, st.to, us) && open(st) : open(st) && wanted<Type>(pos, st.to, us)))
      list.push(make_move(from, st.to));
}

// Moves along one line (attacks.h): `moves` holds the targets as bits of the line, `at` is the
// slider's own bit. The order is the walk outward: upward bits first, nearest first, then
// downward bits, nearest first (move ordering breaks ties by generation order, so the order
// is part of the search's behaviour).
template <typename SquareOf>
void add_line(Square from, unsigned moves, int at, SquareOf square_of, MoveList& list) {
  for (unsigned up = moves >> (at + 1); up; up &= up - 1) list.push(make_move(from, square_of(at + 1 + __builtin_ctz(up))));
  for (unsigned down = moves & ((1u << at) - 1); down; down ^= 1u << (31 - __builtin_clz(down)))
    list.push(make_move(from, square_of(31 - __builtin_clz(down))));
}

// A slider's captures alone (quiescence asks for nothing else, most often of all): each way
// along a line there is at most one candidate, the first piece for a rook, the one behind it
// for a cannon, so each of the four rays is one bit scan and one board read. The order is
// add_line's: north, south, east, west. Inline: its call cost a fifth of it.
[[gnu::always_inline]] inline void add_slider_captures(const Position& pos, Square from, bool cannon, Color us, MoveList& list) {
  const SquareLines& l = SQUARE_LINES[from];
  const LineOccupancy& lines = pos.lines();
  const attacks::SliderHits h = attacks::slider(from, lines);
  auto take = [&](Square to) {
    const Piece p = pos.piece_on(to);
    if (p != NO_PIECE && color_of(p) != us) list.push(make_move(from, to));
  };
  auto rays = [&](const attacks::LineHits& hits, unsigned occ, int at, auto square_of) {
    const unsigned caps = cannon ? hits.jump : hits.reach & occ;
    if (const unsigned up = caps >> (at + 1)) take(square_of(at + 1 + __builtin_ctz(up)));
    if (const unsigned down = caps & ((1u << at) - 1)) take(square_of(31 - __builtin_clz(down)));
  };
  const int f = l.file, r = l.rank;
  rays(h.file, lines.file[f], r, [f](int b) { return make_square(f, b); });
  rays(h.rank, lines.rank[r], f, [r](int b) { return make_square(b, r); });
}

// Quiet moves, or all moves (evasions): several targets each way, so the general line walk.
// With Masked, only the targets on `mask`.
template <GenType Type, bool Masked = false>
void add_slider_moves(const Position& pos, Square from, bool cannon, Color us, MoveList& list, SquareSet mask = ANY_SQUARE) {
  static_assert(Type != CAPTURES, "add_slider_captures");
  const int f = file_of(from), r = rank_of(from);
  const LineOccupancy& lines = pos.lines();
  const attacks::SliderHits h = attacks::slider(from, lines);
  // Targets on one line: empty squares in reach, and the capture candidates (the first piece
  // each way for a rook, the one behind it for a cannon) that hold an enemy.
  auto targets = [&](const attacks::LineHits& hits, unsigned occ, auto square_of) {
    unsigned moves = hits.reach & ~occ;
    if constexpr (Type != QUIETS) {
      unsigned caps = cannon ? hits.jump : hits.reach & occ;
      for (unsigned b = caps; b; b &= b - 1)
        if (color_of(pos.piece_on(square_of(__builtin_ctz(b)))) == us) caps &= ~(b & -b);
      moves |= caps;
    }
    return moves;
  };
  auto on_file = [f](int b) { return make_square(f, b); };
  auto on_rank = [r](int b) { return make_square(b, r); };
  // North and south along the file, then east and west along the rank: the order of the rays.
  unsigned file_mask = ~0u, rank_mask = ~0u;
  if constexpr (Masked) {
    // The mask as bits of the two lines. It is a check's few squares, so its squares on the
    // file are read one by one rather than all ten of the file's.
    rank_mask = attacks::rank_bits(mask, r);
    file_mask = 0;
    for_each_square(mask & T.lines_through[from], [&](Square s) {
      if (file_of(s) == f) file_mask |= 1u << rank_of(s);
    });
  }
  add_line(from, targets(h.file, lines.file[f], on_file) & file_mask, r, on_file, list);
  add_line(from, targets(h.rank, lines.rank[r], on_rank) & rank_mask, f, on_rank, list);
}

template <GenType Type>
[[gnu::always_inline]] inline void add_sliders(const Position& pos, Square from, bool cannon, Color us, MoveList& list) {
  if constexpr (Type == CAPTURES)
    add_slider_captures(pos, from, cannon, us, list);
  else
    add_slider_moves<Type>(pos, from, cannon, us, list);
}

}  // namespace

template <GenType Type>
void generate_pseudo(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  // Captures only: a stepping piece none of whose target squares holds an enemy (one AND of
  // its target set, the usual case) is skipped before its steps are read one by one.
  const SquareSet them = pos.pieces(~us);
  auto may_add = [&](SquareSet targets) { return Type != CAPTURES || (targets & them); };
  for_each_square(pos.pieces(us, ROOK), [&](Square s) { add_sliders<Type>(pos, s, false, us, list); });
  for_each_square(pos.pieces(us, CANNON), [&](Square s) { add_sliders<Type>(pos, s, true, us, list); });
  // The horse's relation is symmetric: where it attacks s from is where it goes from s.
  for_each_square(pos.pieces(us, HORSE), [&](Square s) {
    if (may_add(T.horse_attacker_set[s])) add_steps<Type>(pos, T.horse_moves[s], s, us, list);
  });
  // Captures only: the pawns' steps as one set first; most often none lands on an enemy.
  if (Type != CAPTURES || (pawn_steps(us, pos.pieces(us, PAWN)) & them))
    for_each_square(pos.pieces(us, PAWN), [&](Square s) {
      if (may_add(T.pawn_move_set[us][s])) add_steps<Type>(pos, T.pawn_moves[us][s], s, us, list);
    });
  // Elephants, advisors and the king never leave their own half: with no enemy there (most
  // positions) they have no capture, and one AND says so for all five.
  if (Type == CAPTURES && !(them & OWN_HALF[us])) return;
  for_each_square(pos.pieces(us, ELEPHANT), [&](Square s) {
    if (may_add(T.elephant_set[us][s])) add_steps<Type>(pos, T.elephant_moves[us][s], s, us, list);
  });
  for_each_square(pos.pieces(us, ADVISOR), [&](Square s) {
    if (may_add(T.advisor_set[us][s])) add_steps<Type>(pos, T.advisor_moves[us][s], s, us, list);
  });
  const Square k = pos.king_square(us);
  if (k != SQ_NONE && may_add(T.king_set[us][k])) add_steps<Type>(pos, T.king_moves[us][k], k, us, list);
}

// The squares a move of the piece on `from` (not the king) must end on to answer every listed
// check: a check whose squares it leaves is answered wherever it goes, any other only by
// landing on its squares (CheckSets::may_answer, turned round).
namespace {
SquareSet answer_mask(const CheckSets& checks, Square from) {
  SquareSet mask = ANY_SQUARE;
  for (int i = 0; i < checks.count; ++i)
    if (!contains(checks.touch[i], from)) mask &= checks.touch[i];
  return mask;
}
}  // namespace

void generate_evasions(const Position& pos, const CheckSets& checks, MoveList& list) {
  if (checks.count == 0 || checks.count > CheckSets::MAX_LISTED) return generate_pseudo<ALL>(pos, list);
  const Color us = pos.side_to_move();
  // generate_pseudo<ALL>'s order, piece by piece. A stepping piece none of whose targets lies
  // on its mask (most of them: a check's squares are a line or a horse's two) is passed over
  // with one AND.
  auto slider = [&](Square s, bool cannon) {
    const SquareSet mask = answer_mask(checks, s);
    if (mask == ANY_SQUARE)
      add_slider_moves<ALL>(pos, s, cannon, us, list);
    else if (mask & T.lines_through[s])
      add_slider_moves<ALL, true>(pos, s, cannon, us, list, mask);
  };
  for_each_square(pos.pieces(us, ROOK), [&](Square s) { slider(s, false); });
  for_each_square(pos.pieces(us, CANNON), [&](Square s) { slider(s, true); });
  auto stepper = [&](SquareSet targets, const auto& steps, Square s) {
    const SquareSet mask = answer_mask(checks, s);
    if (targets & mask) add_steps<ALL, true>(pos, steps, s, us, list, mask);
  };
  for_each_square(pos.pieces(us, HORSE), [&](Square s) { stepper(T.horse_attacker_set[s], T.horse_moves[s], s); });
  for_each_square(pos.pieces(us, PAWN), [&](Square s) { stepper(T.pawn_move_set[us][s], T.pawn_moves[us][s], s); });
  for_each_square(pos.pieces(us, ELEPHANT), [&](Square s) { stepper(T.elephant_set[us][s], T.elephant_moves[us][s], s); });
  for_each_square(pos.pieces(us, ADVISOR), [&](Square s) { stepper(T.advisor_set[us][s], T.advisor_moves[us][s], s); });
  // Every king move may answer: it leaves the square the checks aim at.
  const Square k = pos.king_square(us);
  if (k != SQ_NONE) add_steps<ALL>(pos, T.king_moves[us][k], k, us, list);
}

template <GenType Type>
void generate_legal(Position& pos, MoveList& list) {
  generate_pseudo<Type>(pos, list);
  for (int i = 0; i < list.size();)
    if (pos.is_legal(list[i]))
      ++i;
    else
      list.remove_at(i);
}

template void generate_pseudo<CAPTURES>(const Position&, MoveList&);
template void generate_pseudo<QUIETS>(const Position&, MoveList&);
template void generate_pseudo<ALL>(const Position&, MoveList&);
template void generate_legal<CAPTURES>(Position&, MoveList&);
template void generate_legal<QUIETS>(Position&, MoveList&);
template void generate_legal<ALL>(Position&, MoveList&);

bool has_legal_move(Position& pos) {
  MoveList list;
  generate_pseudo<ALL>(pos, list);
  for (Move m : list)
    if (pos.is_legal(m)) return true;
  return false;
}

std::uint64_t perft(Position& pos, int depth) {
  MoveList list;
  generate_pseudo<ALL>(pos, list);
  std::uint64_t nodes = 0;
  if (depth <= 1) {
    for (Move m : list) nodes += pos.is_legal(m);
    return depth == 1 ? nodes : 1;
  }
  for (Move m : list) {
    if (!pos.is_legal(m)) continue;
    pos.do_move(m);
    nodes += perft(pos, depth - 1);
    pos.undo_move();
  }
  return nodes;
}

}  // namespace xq
