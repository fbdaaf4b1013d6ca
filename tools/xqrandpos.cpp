// xqrandpos: prints FENs of positions from seeded random games, for cross-checking the move
// generator against other programs (bench/crosscheck_fsf.sh); or, with --walk, the moves of
// one seeded random game of reversible moves only (no capture, no pawn move) from the start
// position, the long shuffle a GUI may send (bench/long_history.sh).
//   xqrandpos [--count N] [--seed S] [--min-plies A] [--max-plies B]
//   xqrandpos --walk PLIES [--seed S]
#include <cstdio>
#include <random>

#include <CLI/CLI.hpp>

#include "cli_parse.h"
#include "engine/movegen.h"
#include "engine/notation.h"

namespace {

// Random reversible moves that give no check (a check could leave only a capture as the
// answer); the walk ends early only if the side to move has no such move.
int print_walk(int plies, std::mt19937& rng) {
  xq::Position pos;
  for (int p = 0; p < plies; ++p) {
    xq::MoveList quiet;
    for (xq::Move m : xq::legal_moves(pos)) {
      if (pos.is_capture(m) || pos.is_pawn_advance(m)) continue;
      pos.do_move(m);
      const bool check = pos.in_check(pos.side_to_move());
      pos.undo_move();
      if (!check) quiet.push(m);
    }
    if (quiet.empty()) break;
    const xq::Move m = quiet[int(rng() % unsigned(quiet.size()))];
    std::printf("%s%s", p ? " " : "", xq::move_to_string(m).c_str());
    pos.do_move(m);
  }
  std::printf("\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Positions from seeded random Xiangqi games, one FEN per line"};
  int count = 100, min_plies = 10, max_plies = 120;
  unsigned seed = 1;
  app.add_option("--count", count, "number of positions")->check(CLI::Range(1, 1000000));
  app.add_option("--seed", seed, "random seed");
  app.add_option("--min-plies", min_plies, "shortest game")->check(CLI::Range(0, 1000));
  app.add_option("--max-plies", max_plies, "longest game")->check(CLI::Range(0, 1000));
  int walk = 0;
  app.add_option("--walk", walk, "print the ICCS moves of one random game of this many reversible plies")
      ->check(CLI::Range(1, 10000000));
  if (const auto status = xq::tools::parse_command_line(app, argc, argv)) return *status;
  if (max_plies < min_plies) max_plies = min_plies;

  std::mt19937 rng(seed);
  if (walk > 0) return print_walk(walk, rng);
  for (int i = 0; i < count; ++i) {
    xq::Position pos;
    const int plies = min_plies + int(rng() % unsigned(max_plies - min_plies + 1));
    for (int p = 0; p < plies; ++p) {
      const xq::MoveList moves = xq::legal_moves(pos);
      if (moves.empty()) break;  // the side to move has lost: keep this final position
      pos.do_move(moves[int(rng() % unsigned(moves.size()))]);
    }
    std::printf("%s\n", xq::to_fen(pos).c_str());  // to_fen writes all six fields
  }
  return 0;
}
