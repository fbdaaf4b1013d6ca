// Fifty- and seventy-five-move rules, stalemate, checkmate precedence, dead positions by
// material (FIDE) and the separate search heuristic "neither side can force mate".
#include "engine/fide/draws.h"
#include "engine/fide/result.h"
#include "fide_helpers.h"

using namespace xq::fide;
using fide_test::from_fen;
using fide_test::play;

TEST_CASE("chess: fifty-move rule: claimable at 100 plies, or with the move that makes 100", "[fide][draws][fifty]") {
  Position pos = from_fen("6k1/8/8/8/8/8/4P3/R5K1 w - - 98 80");
  CHECK_FALSE(fifty_move_claimable(pos));
  play(pos, {"a1b1"});
  CHECK(pos.halfmove_clock() == 99);
  CHECK_FALSE(fifty_move_claimable(pos));
  const Move quiet = fide_test::move(pos, "g8f8");
  CHECK(fifty_move_claimable_with(pos, quiet));  // 9.3.1
  CHECK(claimable_draws(pos, quiet).fifty_move);
  CHECK_FALSE(claimable_draws(pos).fifty_move);
  play(pos, {"g8f8"});
  CHECK(fifty_move_claimable(pos));  // 9.3.2
  CHECK_FALSE(game_result(pos).over());  // only claimable, not automatic
  // A pawn move does not complete the fifty moves.
  Position other = from_fen("6k1/8/8/8/8/8/4P3/R5K1 w - - 99 80");
  CHECK_FALSE(fifty_move_claimable_with(other, fide_test::move(other, "e2e4")));
  CHECK(fifty_move_claimable_with(other, fide_test::move(other, "a1a2")));
}

TEST_CASE("chess: trap: a mate delivered with the 100th halfmove wins", "[fide][draws][fifty]") {
  Position pos = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
  play(pos, {"a1a8"});
  CHECK(pos.halfmove_clock() == 100);
  const GameResult r = game_result(pos);
  CHECK(r.reason == Reason::Checkmate);
  CHECK(r.winner == Winner::White);
  const Claims c = claimable_draws(pos);
  CHECK_FALSE(c.fifty_move);  // the game is over: no claim
}

TEST_CASE("chess: seventy-five-move rule is automatic, but a mate on the 150th halfmove still wins",
          "[fide][draws][seventy_five]") {
  Position quiet = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100");
  play(quiet, {"a1a2"});
  CHECK(game_result(quiet).reason == Reason::SeventyFiveMove);
  CHECK(game_result(quiet).winner == Winner::Draw);

  Position mate = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100");
  play(mate, {"a1a8"});
  CHECK(mate.halfmove_clock() == 150);
  CHECK(game_result(mate).reason == Reason::Checkmate);
  CHECK(game_result(mate).winner == Winner::White);
}

TEST_CASE("chess: stalemate and checkmate are told apart", "[fide][draws][result]") {
  const GameResult stale = game_result(from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
  CHECK(stale.reason == Reason::Stalemate);
  CHECK(stale.winner == Winner::Draw);
  const GameResult mate = game_result(from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"));
  CHECK(mate.reason == Reason::Checkmate);
  CHECK(mate.winner == Winner::White);
  const GameResult black_mates = game_result(from_fen("8/8/8/8/8/5k2/6q1/6K1 w - - 0 1"));
  CHECK(black_mates.winner == Winner::Black);
  CHECK_FALSE(game_result(Position()).over());
}

TEST_CASE("chess: dead positions by material (FIDE): the listed cases", "[fide][draws][material]") {
  CHECK(insufficient_material(from_fen("8/8/4k3/8/8/4K3/8/8 w - - 0 1")));      // K v K
  CHECK(insufficient_material(from_fen("8/8/4k3/8/8/4K3/8/2B5 w - - 0 1")));    // K+B v K
  CHECK(insufficient_material(from_fen("8/8/4k3/8/8/4K3/8/6n1 w - - 0 1")));    // K v K+N
  // Many bishops of both sides, all on dark squares (c1, f8, a3, h6 are dark).
  CHECK(insufficient_material(from_fen("5b2/8/4k2B/8/8/B3K3/8/2B5 w - - 0 1")));
  // Not dead: a pawn, a rook, two knights, bishop and knight, bishops on both colours.
  CHECK_FALSE(insufficient_material(from_fen("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1")));
  CHECK_FALSE(insufficient_material(from_fen("8/8/4k3/8/8/4K3/8/7R w - - 0 1")));
  CHECK_FALSE(insufficient_material(from_fen("8/8/4k3/8/8/4K3/8/1N4N1 w - - 0 1")));
  CHECK_FALSE(insufficient_material(from_fen("8/8/4k3/8/8/4K3/8/1NB5 w - - 0 1")));
  CHECK_FALSE(insufficient_material(from_fen("8/8/4k3/8/8/4K3/8/2B2B2 w - - 0 1")));
}

TEST_CASE("chess: trap: K+B v K+B on same-coloured squares is dead, on opposite colours it is not",
          "[fide][draws][material]") {
  const Position same = from_fen("5b2/8/4k3/8/8/4K3/8/2B5 w - - 0 1");      // c1 and f8: both dark
  const Position opposite = from_fen("2b5/8/4k3/8/8/4K3/8/2B5 w - - 0 1");  // c8 is light
  CHECK(insufficient_material(same));
  CHECK(game_result(same).reason == Reason::InsufficientMaterial);
  CHECK_FALSE(insufficient_material(opposite));
  CHECK_FALSE(game_result(opposite).over());
  // Opposite bishops cannot force mate, though: the search heuristic calls both drawn.
  CHECK(cannot_force_mate(same));
  CHECK(cannot_force_mate(opposite));
}

TEST_CASE("chess: trap: K+N v K+N is not a dead position (a helpmate exists)", "[fide][draws][material]") {
  const Position knights = from_fen("8/8/3nk3/8/8/4K3/8/6N1 w - - 0 1");
  CHECK_FALSE(insufficient_material(knights));
  CHECK_FALSE(game_result(knights).over());
  CHECK(cannot_force_mate(knights));
  // The helpmate, on the board: Kb6 and Nc7 against Ka8 with its own knight on b8.
  const GameResult mate = game_result(from_fen("kn6/2N5/1K6/8/8/8/8/8 b - - 0 1"));
  CHECK(mate.reason == Reason::Checkmate);
  CHECK(mate.winner == Winner::White);
}

TEST_CASE("chess: a capture into a dead position ends the game at once", "[fide][draws][material]") {
  Position pos = from_fen("8/8/4k3/8/8/4K3/3r4/2B5 w - - 0 1");
  play(pos, {"e3d2"});
  CHECK(game_result(pos).reason == Reason::InsufficientMaterial);
}

TEST_CASE("chess: search heuristic: neither side can force mate, case by case", "[fide][draws][heuristic]") {
  // Drawn for the search: K v K, K+minor v K, K+minor v K+minor, K+N+N v K, K+N+N v K+minor,
  // same-coloured bishops against minors.
  for (const char* fen : {"8/8/4k3/8/8/4K3/8/8 w - - 0 1", "8/8/4k3/8/8/4K3/8/2B5 w - - 0 1",
                          "8/8/4k3/8/8/4K3/8/6N1 w - - 0 1", "8/8/4k3/3b4/8/4K3/8/6N1 w - - 0 1",
                          "8/8/4k3/8/8/4K3/8/1N4N1 w - - 0 1", "8/8/4k3/3n4/8/4K3/8/1N4N1 w - - 0 1",
                          "8/8/4k3/3n4/8/B3K3/8/2B5 w - - 0 1"}) {
    INFO(fen);
    CHECK(cannot_force_mate(from_fen(fen)));
  }
  // Mate can be forced: pawn, rook, queen, two bishops on both colours, B+N, three knights.
  for (const char* fen : {"8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", "8/8/4k3/8/8/4K3/8/7r w - - 0 1",
                          "8/8/4k3/8/8/4K3/8/3Q4 w - - 0 1", "8/8/4k3/8/8/4K3/8/2B2B2 w - - 0 1",
                          "8/8/4k3/8/8/4K3/8/1NB5 w - - 0 1", "8/8/4k3/8/8/4K3/8/1NN3N1 w - - 0 1"}) {
    INFO(fen);
    CHECK_FALSE(cannot_force_mate(from_fen(fen)));
  }
}
