// xqrandpos: prints FENs of positions from seeded random games, for cross-checking the move
// generator against other programs (bench/crosscheck_fsf.sh).
//   xqrandpos [--count N] [--seed S] [--min-plies A] [--max-plies B]
#include <cstdio>
#include <random>

#include <CLI/CLI.hpp>

#include "engine/movegen.h"
#include "engine/notation.h"

int main(int argc, char** argv) {
  CLI::App app{"Positions from seeded random Xiangqi games, one FEN per line"};
  int count = 100, min_plies = 10, max_plies = 120;
  unsigned seed = 1;
  app.add_option("--count", count, "number of positions")->check(CLI::Range(1, 1000000));
  app.add_option("--seed", seed, "random seed");
  app.add_option("--min-plies", min_plies, "shortest game")->check(CLI::Range(0, 1000));
  app.add_option("--max-plies", max_plies, "longest game")->check(CLI::Range(0, 1000));
  CLI11_PARSE(app, argc, argv);
  if (max_plies < min_plies) max_plies = min_plies;

  std::mt19937 rng(seed);
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
