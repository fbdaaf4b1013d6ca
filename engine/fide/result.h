// The state of a chess game after its last move: decided (with the reason) or still going,
// and which draws the player to move could claim.
#pragma once

#include "position.h"

namespace xq::fide {

enum class Winner { None, White, Black, Draw };

// Why the game ended by itself; claimable draws are reported separately (Claims).
enum class Reason { None, Checkmate, Stalemate, InsufficientMaterial, FivefoldRepetition, SeventyFiveMove };

struct GameResult {
  Winner winner = Winner::None;
  Reason reason = Reason::None;
  bool over() const { return reason != Reason::None; }
};

// Checkmate first: a mate made with the 100th or 150th reversible ply still wins (9.6.2).
// Then stalemate, dead position by material, fivefold repetition, the 75-move rule.
GameResult game_result(const Position& pos);

struct Claims {
  bool threefold_repetition = false;
  bool fifty_move = false;
};

// Draws the side to move may claim now (9.2.1 b, 9.3.2), or together with the intended legal
// move when one is given (9.2.1 a, 9.3.1). A finished game admits no claim: all false then.
Claims claimable_draws(Position& pos, Move intended = MOVE_NONE);

const char* to_string(Reason r);  // "checkmate", "stalemate", ...; "none"
const char* to_string(Winner w);  // "white", "black", "draw"; "none"

}  // namespace xq::fide
