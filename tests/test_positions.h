// Small helpers shared by the Xiangqi tests: set a FEN and play moves, failing the test loudly
// (with the FEN or move and the parser's error) instead of going on from a wrong position.
// The chess tests have the same in fide/fide_helpers.h; the search tests' setup() in
// search/search_helpers.h also records judge data.
#pragma once

#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "engine/movegen.h"
#include "engine/notation.h"

namespace xq::test {

inline Position from_fen(const std::string& fen) {
  Position pos;
  const FenResult r = set_fen(pos, fen);
  INFO("FEN: " << fen << "  error: " << r.error);
  REQUIRE(r.ok);
  return pos;
}

// The legal move `text` (ICCS coordinates) in `pos`.
inline Move move_of(Position& pos, const std::string& text) {
  const MoveResult mr = parse_move(pos, text);
  INFO(text << ": " << mr.error);
  REQUIRE(mr.ok());
  return mr.move;
}

inline void play(Position& pos, const std::string& move) { pos.do_move(move_of(pos, move)); }

// Calls f(pos) for each position of `games` random games from the start position, up to
// `plies` positions each; a game goes on by a random legal move (f must leave pos as it found
// it) and ends early at a mate or stalemate. The games soon thin out the board, so captures,
// pins, screens and facing kings all come up.
template <typename F>
void for_positions_of_random_games(unsigned seed, int games, int plies, F&& f) {
  std::mt19937 rng(seed);
  for (int game = 0; game < games; ++game) {
    Position pos;
    for (int ply = 0; ply < plies; ++ply) {
      f(pos);
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      pos.do_move(moves[int(rng() % unsigned(moves.size()))]);
    }
  }
}

// The same, calling f(pos, m) for every pseudo-legal move m of each position.
template <typename F>
void for_pseudo_moves_of_random_games(unsigned seed, int games, int plies, F&& f) {
  for_positions_of_random_games(seed, games, plies, [&](Position& pos) {
    MoveList pseudo;
    generate_pseudo<ALL>(pos, pseudo);
    for (const Move m : pseudo) f(pos, m);
  });
}

}  // namespace xq::test
