// Precomputed geometry of the 9x10 board (sliders: attacks.h): horse legs, elephant eyes, palace and pawn steps.
// Built once at start-up (constexpr-free so the tables stay readable); read-only afterwards.
#pragma once

#include <array>
#include <cstdint>

#include "types.h"

namespace xq {

// A short list of squares, with an optional blocking square per entry (horse leg, elephant eye).
struct Step {
  std::int8_t to;
  std::int8_t block;  // SQ_NONE when nothing can block the step
};
template <int N>
struct StepList {
  std::array<Step, N> steps{};
  int size = 0;
  void add(Square to, Square block) { steps[size++] = {std::int8_t(to), std::int8_t(block)}; }
  const Step* begin() const { return steps.data(); }
  const Step* end() const { return steps.data() + size; }
};

enum Direction : int { NORTH, SOUTH, EAST, WEST, DIRECTION_NB };

struct Tables {
  StepList<8> horse_moves[SQUARE_NB];     // targets of a horse standing here, with leg squares
  StepList<8> horse_attackers[SQUARE_NB]; // squares a horse attacks this square from, with legs
  StepList<4> elephant_moves[COLOR_NB][SQUARE_NB];  // with eye squares, own half only
  StepList<4> advisor_moves[COLOR_NB][SQUARE_NB];   // palace diagonals
  StepList<4> king_moves[COLOR_NB][SQUARE_NB];      // palace orthogonals
  StepList<3> pawn_moves[COLOR_NB][SQUARE_NB];
  StepList<3> pawn_attackers[COLOR_NB][SQUARE_NB];  // where a pawn of this colour hits the square from
  // The attacker lists above as sets of squares, to intersect with a side's pieces: most
  // squares have no attacker of a kind, and one AND says so where the list is a loop.
  SquareSet horse_attacker_set[SQUARE_NB];
  SquareSet elephant_set[COLOR_NB][SQUARE_NB];
  SquareSet advisor_set[COLOR_NB][SQUARE_NB];
  SquareSet king_set[COLOR_NB][SQUARE_NB];
  SquareSet pawn_attacker_set[COLOR_NB][SQUARE_NB];
  SquareSet pawn_move_set[COLOR_NB][SQUARE_NB];  // pawn_moves as a set
  // The other squares of this square's rank and file: where a rook, cannon or flying king
  // must stand to hit it. One AND tells that a side's sliders are all elsewhere.
  SquareSet lines_through[SQUARE_NB];
  bool advisor_point[COLOR_NB][SQUARE_NB];
  bool elephant_point[COLOR_NB][SQUARE_NB];
  // A square an advisor or the king of this colour can ever reach (its palace): elsewhere
  // advisor_set and king_set are empty, and one bool says so before two sets are read.
  bool palace_point[COLOR_NB][SQUARE_NB];
};

const Tables& tables();

}  // namespace xq
