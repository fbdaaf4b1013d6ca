// Legal move generation and perft for the chess model. Moves are generated legal directly
// (check evasions, pins, king safety), so perft can bulk-count the last ply.
#pragma once

#include <array>
#include <cstdint>

#include "../fixed_list.h"
#include "position.h"

namespace xq::fide {

// 218 is the most legal moves any chess position is known to have; 256 leaves room.
constexpr int MAX_MOVES = 256;

using MoveList = FixedList<Move, MAX_MOVES>;

// Every legal move of the side to move.
void generate_legal(const Position& pos, MoveList& list);

inline MoveList legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return list;
}

inline bool has_legal_move(const Position& pos) { return !legal_moves(pos).empty(); }

// Number of leaf nodes of the legal move tree at the given depth.
std::uint64_t perft(Position& pos, int depth);

}  // namespace xq::fide
