// Repetition traps (FIDE 9.2): what makes two positions "the same", threefold claims now and
// with an intended move, and fivefold as an automatic draw.
#include "engine/fide/draws.h"
#include "engine/fide/result.h"
#include "fide_helpers.h"

using namespace xq::fide;
using fide_test::from_fen;
using fide_test::play;

namespace {
// Two king steps out and back by each side: the board returns with the same side to move.
const std::vector<std::string> BLACK_FIRST_SHUFFLE = {"e8d8", "e1d1", "d8e8", "d1e1"};
}  // namespace

TEST_CASE("chess: trap: a double push with no legal en-passant reply does not make the position different",
          "[fide][repetition][ep]") {
  Position pos = from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  play(pos, {"e2e4"});  // no black pawn could take on e3
  const Key after_push = pos.key();
  play(pos, BLACK_FIRST_SHUFFLE);
  CHECK(pos.key() == after_push);
  CHECK(repetition_count(pos) == 2);
}

TEST_CASE("chess: trap: a pinned would-be en-passant capturer does not make the position different",
          "[fide][repetition][ep]") {
  // d4xe3 e.p. would empty rank 4 between the rook on h4 and the king on a4: illegal.
  Position pos = from_fen("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1");
  play(pos, {"e2e4", "a4a5", "e1d1", "a5a4", "d1e1"});
  CHECK(repetition_count(pos) == 2);
}

TEST_CASE("chess: trap: a double push that allows en passant makes the position different", "[fide][repetition][ep]") {
  Position pos = from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  play(pos, {"e2e4"});  // d4xe3 e.p. is legal here, and only here
  const Key after_push = pos.key();
  play(pos, BLACK_FIRST_SHUFFLE);
  CHECK(pos.key() != after_push);
  CHECK(repetition_count(pos) == 1);
  play(pos, BLACK_FIRST_SHUFFLE);  // from now on the same position does recur
  CHECK(repetition_count(pos) == 2);
}

TEST_CASE("chess: trap: a king that moved and came back lost castling rights, so the position differs",
          "[fide][repetition][castling]") {
  Position pos = from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  const Key start = pos.key();
  play(pos, {"e1f1", "e8d8", "f1e1", "d8e8"});
  CHECK(pos.castling_rights() == NO_CASTLING);
  CHECK(pos.key() != start);
  CHECK(repetition_count(pos) == 1);
  play(pos, {"e1f1", "e8d8", "f1e1", "d8e8"});
  CHECK(repetition_count(pos) == 2);
}

TEST_CASE("chess: trap: a rook that moved and came back lost its castling right", "[fide][repetition][castling]") {
  Position pos = from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  play(pos, {"h1h2", "e8d8", "h2h1", "d8e8"});
  CHECK(pos.castling_rights() == WHITE_OOO);
  CHECK(repetition_count(pos) == 1);
}

TEST_CASE("chess: trap: threefold repetition by transposition, not by repeating the same moves",
          "[fide][repetition][threefold]") {
  Position pos;  // the start position is occurrence 1 of itself
  // Position X (both sides' knights on c3/f3 and c6/f6) is reached by three different orders.
  play(pos, {"g1f3", "g8f6", "b1c3", "b8c6"});
  CHECK(repetition_count(pos) == 1);
  play(pos, {"c3b1", "c6b8", "f3g1", "f6g8"});  // start again (2)
  play(pos, {"b1c3", "b8c6", "g1f3", "g8f6"});
  CHECK(repetition_count(pos) == 2);
  CHECK_FALSE(threefold_claimable(pos));
  play(pos, {"f3g1", "f6g8", "c3b1", "c6b8"});  // start (3)
  CHECK(repetition_count(pos) == 3);
  play(pos, {"b1c3", "g8f6", "g1f3"});
  // 9.2.1 a: Black may claim by announcing the move that makes X appear a third time.
  const Move intended = fide_test::move(pos, "b8c6");
  CHECK_FALSE(threefold_claimable(pos));
  CHECK(threefold_claimable_with(pos, intended));
  CHECK(claimable_draws(pos, intended).threefold_repetition);
  CHECK_FALSE(claimable_draws(pos).threefold_repetition);
  CHECK(pos.game_ply() == 19);  // trying the move left the game as it was
  play(pos, {"b8c6"});
  CHECK(repetition_count(pos) == 3);
  CHECK(threefold_claimable(pos));  // 9.2.1 b
  CHECK_FALSE(game_result(pos).over());
}

TEST_CASE("chess: fivefold repetition ends the game automatically", "[fide][repetition][fivefold]") {
  Position pos;
  for (int cycle = 1; cycle <= 4; ++cycle) {
    CHECK_FALSE(game_result(pos).over());
    play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"});
    CHECK(repetition_count(pos) == cycle + 1);
  }
  const GameResult r = game_result(pos);
  CHECK(r.winner == Winner::Draw);
  CHECK(r.reason == Reason::FivefoldRepetition);
  CHECK_FALSE(claimable_draws(pos).threefold_repetition);  // nothing left to claim in a finished game
}

TEST_CASE("chess: a capture or pawn move cuts the repetition history", "[fide][repetition]") {
  // After the pawn move the earlier occurrences cannot count, even though knights shuffle.
  Position pos;
  play(pos, {"g1f3", "g8f6", "f3g1", "f6g8", "e2e3", "e7e6"});
  const Key k = pos.key();
  play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"});
  CHECK(pos.key() == k);
  CHECK(repetition_count(pos) == 2);
  CHECK(pos.st().reversible_plies == 4);
}
