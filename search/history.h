// Move-ordering statistics the search learns as it goes: butterfly history of quiet moves,
// continuation history (a quiet move's record after a given previous move), capture history
// and counter moves. All entries use the same "gravity" update, so they saturate near
// +-HISTORY_MAX instead of growing without bound, and recent results weigh most.
#pragma once

#include <cstdint>
#include <cstdlib>

#include "engine/types.h"
#include "params.h"

namespace xq::search {

inline void gravity_update(std::int16_t& entry, int bonus) {
  const int b = bonus > params::HISTORY_MAX ? params::HISTORY_MAX : bonus < -params::HISTORY_MAX ? -params::HISTORY_MAX : bonus;
  entry = std::int16_t(entry + b - entry * std::abs(b) / params::HISTORY_MAX);
}

// The bonus (and, negated, the malus) for a move that caused a cut-off at `depth`.
inline int history_bonus(int depth) {
  const int b = params::HISTORY_BONUS_PER_DEPTH * depth - params::HISTORY_BONUS_OFFSET;
  return b < 0 ? 0 : b > params::HISTORY_BONUS_MAX ? params::HISTORY_BONUS_MAX : b;
}

// Quiet moves by side, from and to square.
struct ButterflyHistory {
  std::int16_t table[COLOR_NB][SQUARE_NB][SQUARE_NB];
  int get(Color c, Move m) const { return table[c][from_sq(m)][to_sq(m)]; }
  void update(Color c, Move m, int bonus) { gravity_update(table[c][from_sq(m)][to_sq(m)], bonus); }
};

// Indexed by the moving piece and its destination.
struct PieceToHistory {
  std::int16_t table[PIECE_NB][SQUARE_NB];
  int get(Piece p, Square to) const { return table[p][to]; }
  void update(Piece p, Square to, int bonus) { gravity_update(table[p][to], bonus); }
};

// For each previous move (piece, destination), the record of the moves that followed it.
// Four megabytes, of which a search touches a tenth (a bench position about 160 of the 1,440
// blocks): at() notes each block it hands out, so clear() zeroes only those. Writes go
// through at()'s pointers; zeroed memory is a valid, empty table.
struct ContinuationHistory {
  PieceToHistory table[PIECE_NB][SQUARE_NB];
  bool handed_out[PIECE_NB][SQUARE_NB];
  PieceToHistory* at(Piece p, Square to) {
    handed_out[p][to] = true;
    return &table[p][to];
  }
  void clear() {
    for (int p = 0; p < PIECE_NB; ++p)
      for (int s = 0; s < SQUARE_NB; ++s)
        if (handed_out[p][s]) {
          table[p][s] = PieceToHistory{};
          handed_out[p][s] = false;
        }
  }
};

// Captures by moving piece, destination and victim type.
struct CaptureHistory {
  std::int16_t table[PIECE_NB][SQUARE_NB][PIECE_TYPE_NB];
  int get(Piece p, Square to, PieceType victim) const { return table[p][to][victim]; }
  void update(Piece p, Square to, PieceType victim, int bonus) { gravity_update(table[p][to][victim], bonus); }
};

// The quiet move that refuted a previous move (piece, destination) last time.
struct CounterMoves {
  Move table[PIECE_NB][SQUARE_NB];
  Move get(Piece p, Square to) const { return table[p][to]; }
  void set(Piece p, Square to, Move m) { table[p][to] = m; }
};

}  // namespace xq::search
