#include "movegen.h"

#include "tables.h"

namespace xq {

namespace {

const Tables& T = tables();

template <GenType Type>
bool wanted(const Position& pos, Square to, Color us) {
  const Piece target = pos.piece_on(to);
  if (target != NO_PIECE && color_of(target) == us) return false;
  if constexpr (Type == CAPTURES) return target != NO_PIECE;
  if constexpr (Type == QUIETS) return target == NO_PIECE;
  return true;
}

template <GenType Type, int N>
void add_steps(const Position& pos, const StepList<N>& steps, Square from, Color us, MoveList& list) {
  for (const Step& st : steps)
    if ((st.block == SQ_NONE || pos.empty(st.block)) && wanted<Type>(pos, st.to, us))
      list.push(make_move(from, st.to));
}

template <GenType Type>
void add_sliders(const Position& pos, Square from, bool cannon, Color us, MoveList& list) {
  for (int d = 0; d < DIRECTION_NB; ++d) {
    const Ray& ray = T.rays[from][d];
    int i = 0;
    for (; i < ray.size && pos.empty(ray.sq[i]); ++i)
      if constexpr (Type != CAPTURES) list.push(make_move(from, ray.sq[i]));
    if constexpr (Type == QUIETS) continue;
    if (i == ray.size) continue;
    if (!cannon) {
      if (color_of(pos.piece_on(ray.sq[i])) != us) list.push(make_move(from, ray.sq[i]));
      continue;
    }
    // A cannon captures the first piece behind exactly one screen.
    for (++i; i < ray.size; ++i)
      if (!pos.empty(ray.sq[i])) {
        if (color_of(pos.piece_on(ray.sq[i])) != us) list.push(make_move(from, ray.sq[i]));
        break;
      }
  }
}

}  // namespace

template <GenType Type>
void generate_pseudo(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  for (SquareSet b = pos.pieces(us, ROOK); b;) add_sliders<Type>(pos, pop_lsb(b), false, us, list);
  for (SquareSet b = pos.pieces(us, CANNON); b;) add_sliders<Type>(pos, pop_lsb(b), true, us, list);
  for (SquareSet b = pos.pieces(us, HORSE); b;) {
    const Square s = pop_lsb(b);
    add_steps<Type>(pos, T.horse_moves[s], s, us, list);
  }
  for (SquareSet b = pos.pieces(us, PAWN); b;) {
    const Square s = pop_lsb(b);
    add_steps<Type>(pos, T.pawn_moves[us][s], s, us, list);
  }
  for (SquareSet b = pos.pieces(us, ELEPHANT); b;) {
    const Square s = pop_lsb(b);
    add_steps<Type>(pos, T.elephant_moves[us][s], s, us, list);
  }
  for (SquareSet b = pos.pieces(us, ADVISOR); b;) {
    const Square s = pop_lsb(b);
    add_steps<Type>(pos, T.advisor_moves[us][s], s, us, list);
  }
  const Square k = pos.king_square(us);
  if (k != SQ_NONE) add_steps<Type>(pos, T.king_moves[us][k], k, us, list);
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
