#include "judge/natural.h"

#include "engine/movegen.h"

namespace xq::judge {
namespace {


// The last capture in the history: its move number (history index), or 0 if none was played.
int last_capture(const Position& pos) {
  const auto& h = pos.history();
  for (int i = pos.game_ply(); i >= 1; --i)
    if (h[i].captured != NO_PIECE) return i;
  return 0;
}

// Move `index` (the one that led to history[index]) as a PGN's movetext numbers it. Plies are
// counted back from the current position's fullmove number and side to move, which the FEN
// set at the root and every move kept up.
std::string pgn_move_name(const Position& pos, int index) {
  const int now = 2 * (pos.fullmove_number() - 1) + (pos.side_to_move() == BLACK ? 1 : 0);
  const int at = now - (pos.game_ply() - (index - 1));  // the ply the move was played from
  return std::to_string(at / 2 + 1) + (at % 2 ? "... " : ". ") + move_to_string(pos.history()[index].move);
}

// How long no piece has been captured, and where the count started, in words for a reader
// who has the moves in front of them.
std::string count_text(const Position& pos, MoveNumbering numbering) {
  const std::string plies = std::to_string(pos.rule60_count()) + " plies";
  const int capture = last_capture(pos);
  if (capture > 0)
    return "The last capture was " +
           (numbering == MoveNumbering::Pgn ? pgn_move_name(pos, capture)
                                            : "move " + std::to_string(capture) + " (" +
                                                  move_to_string(pos.history()[capture].move) + ")") +
           ", " + plies + " ago";
  const int clock = pos.history()[0].rule60;
  const int played = pos.game_ply();
  if (clock == 0) return "No piece has been captured in the " + plies + " since the position given";
  std::string text = "No piece has been captured for " + plies + ": the FEN's halfmove clock of " + std::to_string(clock);
  // A PGN reader counts "moves" in pairs: there the plies are called plies.
  const bool pgn = numbering == MoveNumbering::Pgn;
  if (played > 0) text += ", then " + std::to_string(played) + (played == 1 ? (pgn ? " ply" : " move") : (pgn ? " plies" : " moves"));
  return text;
}

std::string limit_text(int moves) {
  return "the natural move limit of " + std::to_string(moves) + " moves by each side (" +
         std::to_string(natural_limit_plies(moves)) + " plies)";
}

}  // namespace

Verdict natural_limit(Position& pos, int moves) {
  if (!natural_limit_reached(pos, moves)) return Verdict::Undecided;
  // The move that reached the limit may have ended the game first: with no reply left, the
  // side to move has lost (mate and stalemate alike), and that result stands.
  return has_legal_move(pos) ? Verdict::Draw : Verdict::Loss;
}

std::string explain_natural_limit(const Position& pos, Verdict verdict, int moves, MoveNumbering numbering) {
  if (verdict == Verdict::Undecided) return "";
  const std::string reached = count_text(pos, numbering) + "; that reaches " + limit_text(moves);
  if (verdict == Verdict::Draw)
    return reached + ", so the game is drawn. Every move counts toward the limit, checks included.";
  const std::string us = side_name(pos.side_to_move());
  const std::string how = pos.in_check() ? " is checkmated" : " is stalemated, which loses in Xiangqi";
  return reached + ", but " + us + " has no legal move: " + us + how +
         "; a win on the move that reaches the limit stands. " + us + " loses.";
}

}  // namespace xq::judge
