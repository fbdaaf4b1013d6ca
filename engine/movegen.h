// Move generation. Pseudo-legal generators fill a list; the legal ones filter it through
// Position::is_legal. Captures and quiet moves come separately: the search and the judge
// often need the captures alone.
#pragma once

#include "movelist.h"
#include "position.h"

namespace xq {

enum GenType { CAPTURES, QUIETS, ALL };

// Pseudo-legal moves of the side to move (may leave its own king attacked).
template <GenType Type>
void generate_pseudo(const Position& pos, MoveList& list);

// generate_pseudo<ALL>'s moves that may answer the checks (CheckSets::may_answer), in the
// same order, without producing the others: the evasions of a side in check.
void generate_evasions(const Position& pos, const CheckSets& checks, MoveList& list);

// Legal moves of the side to move.
template <GenType Type>
void generate_legal(Position& pos, MoveList& list);

inline MoveList legal_moves(Position& pos) {
  MoveList list;
  generate_legal<ALL>(pos, list);
  return list;
}

// In Xiangqi the side to move with no legal move has lost (checkmate and stalemate alike).
bool has_legal_move(Position& pos);

// Number of leaf nodes at the given depth (bulk-counted at the last ply).
std::uint64_t perft(Position& pos, int depth);

}  // namespace xq
