// The natural move limit (自然限着): a game in which neither side has captured for 60 moves each,
// 120 plies, is drawn; a mate (or stalemate) given by the move that reaches the limit still wins.
// Which rule text this follows and why every move counts, checks included: judge/README.md.
//
// The count is the position's own (Position::rule60_count(), carried per ply in the state
// stack), so these functions cost nothing until the limit is near: a search may ask at every
// node. xqmatch, xqjudge and the search all rule through here, so they cannot disagree.
#pragma once

#include <string>

#include "engine/position.h"
#include "judge/judge.h"

namespace xq::judge {

constexpr int NATURAL_LIMIT_MOVES = 60;  // moves by each side; an arbiter may lower it (xqmatch -natural N)

// Plies without a capture that end the game: `moves` by each side.
constexpr int natural_limit_plies(int moves) { return 2 * moves; }

// Has the count reached the limit? moves <= 0 turns the rule off. Whether the game is really
// drawn there also needs the mate test: natural_limit() below.
inline bool natural_limit_reached(const Position& pos, int moves = NATURAL_LIMIT_MOVES) {
  return moves > 0 && pos.rule60_count() >= natural_limit_plies(moves);
}

// The ruling for the side to move: Undecided below the limit (or with the rule off); at or past
// it, Draw, unless the side to move has no legal move: then Loss, since the move that reached
// the limit mated (or stalemated, which in Xiangqi loses too). Generates moves only at the
// limit; pos is left as it was.
Verdict natural_limit(Position& pos, int moves = NATURAL_LIMIT_MOVES);

// How a text names a move of the game. Index: "move 126 (i5i4)", numbered from 1 as in
// judge/explain.h (xqjudge's moves[] entries). Pgn: "63... i5i4", the number a PGN's movetext
// shows for it (from the FEN's fullmove number, "N." for Red, "N..." for Black).
enum class MoveNumbering { Index, Pgn };

// The ruling in plain words for xqjudge and the match runner: how many plies passed without a
// capture, where the count started (the last capture, or the FEN's halfmove clock), and the
// outcome. Empty when `verdict` is Undecided.
std::string explain_natural_limit(const Position& pos, Verdict verdict, int moves = NATURAL_LIMIT_MOVES,
                                  MoveNumbering numbering = MoveNumbering::Index);

}  // namespace xq::judge
