// The network's evaluation scaled by the attacking pieces left on the board: an advantage
// is worth more while rooks, cannons and horses remain to press it home, and less in an
// ending with few attackers, where many positions are drawn. Several NNUE engines scale
// their network's output by the non-pawn material for this reason. Here it applies to the
// network only (the classical evaluation tapers its own terms by phase). At 30,000 nodes a
// move it gained +12.9 +/- 11.3 Elo in 2,000 games (bench/results/search/changes.md,
// material-scale-30k).
#pragma once

#include <algorithm>

#include "bounds.h"
#include "engine/position.h"

namespace xq::eval {

// Both sides' rooks, cannons and horses, in centipawns: 10,000 at the start. Advisors,
// elephants and pawns are left out: they defend, or are worth little in the count of what
// can still attack.
constexpr int ROOK_ATTACK_VALUE = 1300, MINOR_ATTACK_VALUE = 600;  // a cannon or a horse
inline int attacking_material(const Position& pos) {
  const auto both = [&](PieceType t) { return popcount(pos.pieces(RED, t) | pos.pieces(BLACK, t)); };
  return ROOK_ATTACK_VALUE * both(ROOK) + MINOR_ATTACK_VALUE * (both(CANNON) + both(HORSE));
}
// The count at the start: two rooks, two cannons and two horses a side.
constexpr int START_ATTACKING_MATERIAL = 2 * (2 * ROOK_ATTACK_VALUE + 4 * MINOR_ATTACK_VALUE);
static_assert(START_ATTACKING_MATERIAL == 10000);

// v * (BASE + material) / DIV: x1.07 at the start, x1 at 8,000, x0.71 with no attacker left;
// the result stays inside +-EVAL_MAX. A steeper scale, (12,000 + material) / 20,000, was
// level with this one (+4.8 +/- 16.0 in 948 games, material-scale-strong-30k).
constexpr int MATERIAL_SCALE_BASE = 20000;
constexpr int MATERIAL_SCALE_DIV = 28000;
constexpr int scale_by_material(int v, int material) {
  return std::clamp(v * (MATERIAL_SCALE_BASE + material) / MATERIAL_SCALE_DIV, -EVAL_MAX, EVAL_MAX);
}
inline int scale_by_material(int v, const Position& pos) { return scale_by_material(v, attacking_material(pos)); }

}  // namespace xq::eval
