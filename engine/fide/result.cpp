#include "result.h"

#include "draws.h"
#include "movegen.h"

namespace xq::fide {

GameResult game_result(const Position& pos) {
  if (!has_legal_move(pos)) {
    if (!pos.in_check()) return {Winner::Draw, Reason::Stalemate};
    return {pos.side_to_move() == WHITE ? Winner::Black : Winner::White, Reason::Checkmate};
  }
  if (insufficient_material(pos)) return {Winner::Draw, Reason::InsufficientMaterial};
  if (fivefold_repetition(pos)) return {Winner::Draw, Reason::FivefoldRepetition};
  if (seventy_five_move_rule(pos)) return {Winner::Draw, Reason::SeventyFiveMove};
  return {};
}

Claims claimable_draws(Position& pos, Move intended) {
  Claims c;
  if (game_result(pos).over()) return c;
  c.threefold_repetition = threefold_claimable(pos);
  c.fifty_move = fifty_move_claimable(pos);
  if (intended != MOVE_NONE) {
    c.threefold_repetition = c.threefold_repetition || threefold_claimable_with(pos, intended);
    c.fifty_move = c.fifty_move || fifty_move_claimable_with(pos, intended);
  }
  return c;
}

const char* to_string(Reason r) {
  switch (r) {
    case Reason::Checkmate: return "checkmate";
    case Reason::Stalemate: return "stalemate";
    case Reason::InsufficientMaterial: return "insufficient_material";
    case Reason::FivefoldRepetition: return "fivefold_repetition";
    case Reason::SeventyFiveMove: return "seventy_five_move";
    case Reason::None: break;
  }
  return "none";
}

const char* to_string(Winner w) {
  switch (w) {
    case Winner::White: return "white";
    case Winner::Black: return "black";
    case Winner::Draw: return "draw";
    case Winner::None: break;
  }
  return "none";
}

}  // namespace xq::fide
