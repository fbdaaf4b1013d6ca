// Static exchange evaluation (search/see.h): a few exchanges worked out by hand, see() against
// the exchange played out move by move on the board, and see_ge (decided by two piece values
// when it can, otherwise an exchange cut short as soon as the threshold is settled) against
// the full exchange for every legal move of random games and a spread of thresholds between
// and on the piece values.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "search/see.h"

using namespace xq;
using namespace xq::search;

namespace {

int see_of(const char* fen, const char* move) {
  Position pos;
  REQUIRE(set_fen(pos, fen).ok);
  const MoveResult mr = parse_move(pos, move);
  REQUIRE(mr.ok());
  const std::string before = to_fen(pos);
  const int v = see(pos, mr.move);
  CHECK(to_fen(pos) == before);  // the board is restored
  return v;
}

// The exchange played out on the board itself, move by move with make_board and attackers():
// the reference for see(), which plays it on a copy of the occupancy instead.
int exchange_on_board(Position& pos, Square to, Color side) {
  Square from = SQ_NONE;
  int best = 1 << 30;
  for (SquareSet a = pos.attackers(to, side); a;) {
    const Square s = pop_lsb(a);
    if (see_value(type_of(pos.piece_on(s))) < best) best = see_value(type_of(pos.piece_on(s))), from = s;
  }
  if (from == SQ_NONE) return 0;
  const Move m = make_move(from, to);
  const int victim = see_value(type_of(pos.piece_on(to)));
  const Piece captured = pos.make_board(m);
  const int gain = victim - exchange_on_board(pos, to, ~side);
  pos.unmake_board(m, captured);
  return gain > 0 ? gain : 0;
}

int see_on_board(Position& pos, Move m) {
  const Color us = color_of(pos.piece_on(from_sq(m)));
  const Piece victim = pos.piece_on(to_sq(m));
  const int gain = victim == NO_PIECE ? 0 : see_value(type_of(victim));
  const Piece captured = pos.make_board(m);
  const int result = gain - exchange_on_board(pos, to_sq(m), ~us);
  pos.unmake_board(m, captured);
  return result;
}

// Calls f(pos, m) for every legal move of every position of `games` random games from the
// start (up to 160 plies each): the games soon thin out the board, so exchanges of every kind
// occur.
template <typename F>
void for_moves_of_random_games(unsigned seed, int games, F&& f) {
  std::mt19937 rng(seed);
  for (int game = 0; game < games; ++game) {
    Position pos;
    for (int ply = 0; ply < 160; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      for (const Move m : moves) f(pos, m);
      pos.do_move(moves[int(rng() % moves.size())]);
    }
  }
}

}  // namespace

TEST_CASE("see equals the exchange played out on the board, for every legal move of random games", "[search][see]") {
  long nonzero = 0, wrong = 0;
  for_moves_of_random_games(7, 60, [&](Position& pos, Move m) {
    const int expected = see_on_board(pos, m);
    wrong += see(pos, m) != expected;
    nonzero += expected != 0;
  });
  CHECK(wrong == 0);
  CHECK(nonzero > 1000);
}

TEST_CASE("see works out exchanges by hand", "[search][see]") {
  const int pawn = see_value(PAWN), rook = see_value(ROOK);
  // An undefended pawn is won.
  CHECK(see_of("4k4/9/9/9/8p/9/9/9/9/3K4R w", "i0i5") == pawn);
  // Defended by a rook down the file: the rook is lost for the pawn.
  CHECK(see_of("4k3r/9/9/9/8p/9/9/9/9/3K4R w", "i0i5") == pawn - rook);
  // A cannon over a screen wins an undefended rook.
  CHECK(see_of("4k4/9/8r/9/9/9/9/8p/9/3K4C w", "i0i7") == rook);
  // A quiet move onto a square the opponent attacks loses the piece.
  CHECK(see_of("4k3r/9/9/9/9/9/9/9/9/3K4R w", "i0i5") == -rook);
  // A capturer that leaves a leg or an eye frees a piece behind it. Rxe2 (a horse), pxe2,
  // Axe2 (the advisor stood on d1: the elephant's eye, the horse's leg), rxe2, and now the
  // elephant (or the horse) on c0 (c1) takes the rook: 400 - (900 - (100 - (200 - 900 ...))).
  const int horse = see_value(HORSE), advisor = see_value(ADVISOR);
  const int freed = horse - (rook - std::max(0, pawn - std::max(0, advisor - rook)));
  CHECK(freed == -400);
  CHECK(see_of("3k5/9/9/9/9/9/4p4/r3n3R/3A5/2B2K3 w", "i2e2") == freed);
  CHECK(see_of("3k5/9/9/9/9/9/4p4/r3n3R/2NA5/5K3 w", "i2e2") == freed);
  // Without the piece behind the advisor, Black's rook has the last word: 400 - 900.
  CHECK(see_of("3k5/9/9/9/9/9/4p4/r3n3R/3A5/5K3 w", "i2e2") == horse - rook);
}

TEST_CASE("see_ge equals see >= threshold on every legal move of random games", "[search][see]") {
  const int thresholds[] = {-20000, -2000, -900, -700, -450, -250, -200, -100, -1, 0,
                            1,      100,   200,  250,  350,  450,  650,  900,  2000, 20000};
  long decided = 0, total = 0, wrong = 0;
  for_moves_of_random_games(99, 60, [&](Position& pos, Move m) {
    const int exact = see(pos, m);
    for (const int t : thresholds) {
      wrong += see_ge(pos, m, t) != (exact >= t);
      ++total;
    }
    if (exact != 0) ++decided;
  });
  CHECK(wrong == 0);
  CHECK(decided > 1000);  // the games held real exchanges, not only quiet moves to safe squares
  CHECK(total > 100000);
}
