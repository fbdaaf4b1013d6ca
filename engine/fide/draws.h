// FIDE draw rules, read off the position and its state stack. Pure functions: the position is
// only changed temporarily (to try an intended move) and always restored.
//
// "Same position" (FIDE 9.2.3) is key equality: the key holds pieces, side to move, castling
// rights and the en-passant file only when an en-passant capture is legal. Current FIDE text
// counts castling *rights* (lost only once king or rook moves), not a castling move being
// temporarily impossible; with identical placement that temporary state is identical anyway.
#pragma once

#include "position.h"

namespace xq::fide {

constexpr int FIFTY_MOVE_PLIES = 100;         // 9.3: 50 moves by each player
constexpr int SEVENTY_FIVE_MOVE_PLIES = 150;  // 9.6.2: 75 moves by each player

// Occurrences of the current position in the game so far, counting itself. Scans back only
// to the last irreversible move (capture, pawn move, castling-rights change) or the root.
int repetition_count(const Position& pos);

// 9.2.1 b: the current position has occurred at least three times.
bool threefold_claimable(const Position& pos);
// 9.2.1 a: the intended (legal) move would produce at least the third occurrence.
bool threefold_claimable_with(Position& pos, Move intended);
// 9.3.2: the last 50 moves by each player had no pawn move and no capture.
bool fifty_move_claimable(const Position& pos);
// 9.3.1: the intended (legal) move would complete those 50 moves.
bool fifty_move_claimable_with(const Position& pos, Move intended);

// Automatic draws (9.6). Checkmate takes precedence over both; game_result() applies that.
bool fivefold_repetition(const Position& pos);
bool seventy_five_move_rule(const Position& pos);

// Dead position by material (5.2.2 / 9.6.2 as the issue rules it): no sequence of legal moves
// can mate. K v K; K+N v K; and kings plus any number of bishops, of either side, all on
// squares of one colour (covers K+B v K and K+B v K+B with same-coloured bishops).
// Not K+N v K+N or K+B v K+B on opposite colours: a helpmate exists there.
bool insufficient_material(const Position& pos);

// Search heuristic (seed 000's "sufficient material to force checkmate", negated): neither
// side can *force* mate against best defence, so a search may score the position as a draw
// even though a helpmate may exist. Not a rule of chess. A side can force mate with a pawn,
// rook or queen, with bishops on both colours, with bishop and knight, or with three knights.
// So the drawn cases are, with no pawn, rook or queen on the board:
//   K v K;  K+minor v K;  K+minor v K+minor (K+N v K+N, K+B v K+N, K+B v K+B either colour);
//   K+N+N v K or v K+minor;  kings with same-coloured bishops only, against at most minors.
bool cannot_force_mate(const Position& pos);

}  // namespace xq::fide
