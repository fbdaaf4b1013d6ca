// The natural move limit (judge/natural.h): drawn after 120 plies without a capture, at the
// boundary and past it; a capture restarts the count; a mate on the move that reaches the
// limit still wins; the count survives null moves and undo; -natural N arbiters.
#include <catch2/catch.hpp>

#include "../test_positions.h"
#include "engine/notation.h"
#include "judge/natural.h"

using namespace xq;
using judge::Verdict;
using test::from_fen;
using test::play;

namespace {

// Red's rook and Black's king step back and forth: no capture, every move legal, forever.
const std::string SHUFFLE = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - ";
const char* const CYCLE[] = {"a0a1", "d9d8", "a1a0", "d8d9"};

// Red to move mates with b0b9: the rook on a8 covers rank 8 and the red king the open e-file.
const std::string MATE_IN_ONE = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - ";

// The shuffle from a FEN halfmove clock of `clock`, `plies` moves on.
Position shuffled(int clock, int plies) {
  Position pos = from_fen(SHUFFLE + std::to_string(clock) + " 1");
  for (int i = 0; i < plies; ++i) play(pos, CYCLE[i % 4]);
  return pos;
}

// natural_limit() of a position made for one check (it needs a Position it may try moves on).
Verdict ruling(Position pos, int moves = judge::NATURAL_LIMIT_MOVES) { return judge::natural_limit(pos, moves); }

}  // namespace

TEST_CASE("natural limit: 119 plies go on, 120 and 121 are drawn", "[judge][natural]") {
  Position p119 = shuffled(0, 119), p120 = shuffled(0, 120), p121 = shuffled(0, 121);
  CHECK(p119.rule60_count() == 119);
  CHECK_FALSE(judge::natural_limit_reached(p119));
  CHECK(judge::natural_limit(p119) == Verdict::Undecided);
  CHECK(judge::natural_limit_reached(p120));
  CHECK(judge::natural_limit(p120) == Verdict::Draw);
  CHECK(judge::natural_limit(p121) == Verdict::Draw);
  // The count may come from the FEN, from moves, or both.
  CHECK(ruling(shuffled(119, 0)) == Verdict::Undecided);
  CHECK(ruling(shuffled(120, 0)) == Verdict::Draw);
  CHECK(ruling(shuffled(121, 0)) == Verdict::Draw);
  CHECK(ruling(shuffled(118, 1)) == Verdict::Undecided);
  CHECK(ruling(shuffled(119, 1)) == Verdict::Draw);
  CHECK(ruling(shuffled(60, 60)) == Verdict::Draw);
}

TEST_CASE("natural limit: a capture restarts the count", "[judge][natural]") {
  // Black's pawn on a1 stands where Red's rook can take it.
  Position pos = from_fen("3k5/9/9/9/9/9/9/9/p8/R3K4 w - - 119 60");
  play(pos, "a0a1");
  CHECK(pos.rule60_count() == 0);
  CHECK(judge::natural_limit(pos) == Verdict::Undecided);
  pos.undo_move();
  play(pos, "e0f0");  // a quiet move instead reaches the limit
  CHECK(judge::natural_limit(pos) == Verdict::Draw);
}

TEST_CASE("natural limit: a mate on the move that reaches the limit wins", "[judge][natural]") {
  Position mated = from_fen(MATE_IN_ONE + "119 80");
  play(mated, "b0b9");
  REQUIRE(mated.rule60_count() == 120);
  CHECK(judge::natural_limit_reached(mated));
  CHECK(judge::natural_limit(mated) == Verdict::Loss);  // Black, to move, has lost
  CHECK(mated.game_ply() == 1);                        // the mate test left the position as it was
  // The same mate a ply before the limit is no business of this rule.
  Position early = from_fen(MATE_IN_ONE + "118 80");
  play(early, "b0b9");
  CHECK(judge::natural_limit(early) == Verdict::Undecided);
  // A quiet move there instead reaches the limit with Black able to move: a draw.
  Position quiet = from_fen(MATE_IN_ONE + "119 80");
  play(quiet, "e0f0");
  CHECK(judge::natural_limit(quiet) == Verdict::Draw);
}

TEST_CASE("natural limit: other limits for an arbiter, 0 turns it off", "[judge][natural]") {
  CHECK(ruling(shuffled(0, 5), 3) == Verdict::Undecided);
  CHECK(ruling(shuffled(0, 6), 3) == Verdict::Draw);
  Position long_game = shuffled(5000, 3);
  CHECK_FALSE(judge::natural_limit_reached(long_game, 0));
  CHECK(judge::natural_limit(long_game, 0) == Verdict::Undecided);
  CHECK(judge::natural_limit(long_game, 2501) == Verdict::Draw);       // 5002 plies: reached
  CHECK(judge::natural_limit(long_game, 2502) == Verdict::Undecided);  // 5004 plies: not yet
}

TEST_CASE("natural limit: a null move neither counts nor resets", "[judge][natural]") {
  Position pos = shuffled(0, 119);
  pos.do_null_move();
  CHECK(pos.rule60_count() == 119);
  CHECK(judge::natural_limit(pos) == Verdict::Undecided);
  pos.undo_null_move();
  play(pos, CYCLE[119 % 4]);
  CHECK(judge::natural_limit(pos) == Verdict::Draw);
  pos.undo_move();
  CHECK(judge::natural_limit(pos) == Verdict::Undecided);
}

TEST_CASE("natural limit: the ruling in words", "[judge][natural]") {
  CHECK(judge::explain_natural_limit(shuffled(0, 100), Verdict::Undecided).empty());

  const std::string from_start = judge::explain_natural_limit(shuffled(0, 120), Verdict::Draw);
  CHECK_THAT(from_start, Catch::StartsWith("No piece has been captured in the 120 plies since the position given; "
                                           "that reaches the natural move limit of 60 moves by each side (120 plies), "
                                           "so the game is drawn."));
  CHECK_THAT(from_start, Catch::EndsWith("checks included."));

  CHECK_THAT(judge::explain_natural_limit(shuffled(117, 3), Verdict::Draw),
             Catch::StartsWith("No piece has been captured for 120 plies: the FEN's halfmove clock of 117, then 3 moves;"));
  CHECK_THAT(judge::explain_natural_limit(shuffled(130, 0), Verdict::Draw),
             Catch::StartsWith("No piece has been captured for 130 plies: the FEN's halfmove clock of 130;"));

  Position after_capture = from_fen("3k5/9/9/9/9/9/9/9/p8/R3K4 w - - 7 60");
  play(after_capture, "a0a1");
  for (int i = 1; i < 7; ++i) play(after_capture, CYCLE[i % 4]);
  CHECK_THAT(judge::explain_natural_limit(after_capture, Verdict::Draw, 3),
             Catch::StartsWith("The last capture was move 1 (a0a1), 6 plies ago; that reaches the natural move limit "
                               "of 3 moves by each side (6 plies)"));

  // Issue 24: in a PGN the comment must use the movetext's numbers ("60. a0a1"), not the index
  // of the move in the game ("move 1"): the FEN starts at move 60 with Red to move.
  CHECK_THAT(judge::explain_natural_limit(after_capture, Verdict::Draw, 3, judge::MoveNumbering::Pgn),
             Catch::StartsWith("The last capture was 60. a0a1, 6 plies ago;"));
  // Black's capture on move 63: "63... a1a0", whatever its index in the game.
  Position black_capture = from_fen("3k5/9/9/9/9/9/9/9/r8/R3K4 b - - 0 63");
  play(black_capture, "a1a0");
  CHECK_THAT(judge::explain_natural_limit(black_capture, Verdict::Draw, 60, judge::MoveNumbering::Pgn),
             Catch::StartsWith("The last capture was 63... a1a0, 0 plies ago;"));
  CHECK_THAT(judge::explain_natural_limit(shuffled(117, 3), Verdict::Draw, 60, judge::MoveNumbering::Pgn),
             Catch::StartsWith("No piece has been captured for 120 plies: the FEN's halfmove clock of 117, then 3 plies;"));

  Position mated = from_fen(MATE_IN_ONE + "119 80");
  play(mated, "b0b9");
  CHECK_THAT(judge::explain_natural_limit(mated, judge::natural_limit(mated)),
             Catch::Contains("but Black has no legal move: Black is checkmated") && Catch::EndsWith("Black loses."));
}
