// Named tests for the chase rules no WXF case isolates: each would survive the removal of its
// rule in the 173-case replay, so it needs its own position.
#include <catch2/catch.hpp>

#include "../test_positions.h"
#include "engine/notation.h"
#include "judge/chase.h"
#include "judge/judge.h"

using namespace xq;
using test::from_fen;

TEST_CASE("a pinned attacker does not chase", "[judge][chase]") {
  // The red rook on e5 is pinned to its king by the black rook on e9; the black horse on c5
  // stands unprotected on its rank. The rook may not legally take it, so there is no chase.
  Position pinned = from_fen("3kr4/9/9/9/2n1R4/9/9/9/9/4K4 w");
  MoveList chases;
  judge::get_chases(pinned, chases);
  CHECK(chases.empty());
  // Unpinned (the black rook moved off the file), the same attack is a chase.
  Position free_ = from_fen("3k1r3/9/9/9/2n1R4/9/9/9/9/4K4 w");
  judge::get_chases(free_, chases);
  REQUIRE(chases.size() == 1);
  CHECK(move_to_string(chases[0]) == "e5c5");
}

TEST_CASE("a move that gives check records no chase", "[judge][chase]") {
  // The horse jumps f6-g8: it checks the king on e9 and newly attacks the unprotected cannon on
  // i7. The ply is a check, not a chase.
  Position pos = from_fen("4k4/9/8c/5N3/9/9/9/9/9/3K5 w");
  judge::record_root(pos);
  judge::play(pos, parse_move(pos, "f6g8").move);
  CHECK(pos.st().judge.status == PlyStatus::Check);
  CHECK(pos.st().judge.chased == 0);
}

TEST_CASE("a new attack by the moved piece is a chase, the same attack carried along is not", "[judge][chase]") {
  // The red rook on a4 moves to c4 and attacks the unprotected black cannon on c8: a chase.
  Position pos = from_fen("4k4/9/2c6/9/9/R8/9/9/9/3K5 w");
  judge::record_root(pos);
  judge::play(pos, parse_move(pos, "a4c4").move);
  CHECK(pos.st().judge.status == PlyStatus::Chase);
  CHECK(pos.st().judge.chased == square_bit(make_square(2, 7)));
  // Black passes with the king; the rook slides c4-c5, still attacking the same cannon.
  judge::play(pos, parse_move(pos, "e9f9").move);
  judge::play(pos, parse_move(pos, "c4c5").move);
  CHECK(pos.st().judge.threats == square_bit(make_square(2, 7)));
  CHECK(pos.st().judge.status == PlyStatus::Idle);
}

TEST_CASE("detect_block reports the victims the reply saved, following a victim that moved", "[judge][chase]") {
  Position pos = from_fen("4k4/9/2c6/9/9/R8/9/9/9/3K5 w");
  judge::record_root(pos);
  judge::play(pos, parse_move(pos, "a4c4").move);
  const SquareSet threats = pos.st().judge.threats;
  REQUIRE(threats == square_bit(make_square(2, 7)));
  // The cannon steps aside: saved.
  Position fled = pos;
  const Move away = parse_move(fled, "c7d7").move;
  fled.do_move(away);
  CHECK(judge::detect_block(fled, away, threats) == threats);
  // The king moves instead: the cannon is still a free capture, so nothing was saved.
  Position ignored = pos;
  const Move king = parse_move(ignored, "e9f9").move;
  ignored.do_move(king);
  CHECK(judge::detect_block(ignored, king, threats) == 0);
}

namespace {
judge::Ruling ruling_after(const std::string& fen, const std::vector<std::string>& moves, judge::RuleSet rules) {
  Position pos = from_fen(fen);
  judge::record_root(pos);
  for (const auto& m : moves) {
    const MoveResult r = parse_move(pos, m);
    INFO(m << ": " << r.error);
    REQUIRE(r.ok());
    judge::play(pos, r.move);
  }
  return judge::judge_full(pos.history(), 1, rules);
}
}  // namespace

TEST_CASE("check-only rules ignore chases", "[judge][rules]") {
  // The red rook chases the black cannon h7-c7-h7 (xqjudge's README example): under the WXF
  // rules Red's perpetual chase loses; under check-only rules the same cycle is a draw.
  const std::string fen = "3aka3/7R1/7c1/9/9/9/9/9/4A4/3AK1p2 b";
  const std::vector<std::string> moves = {"h7c7", "h8c8", "c7h7", "c8h8", "h7c7", "h8c8"};
  const judge::Ruling wxf = ruling_after(fen, moves, judge::RuleSet::Wxf);
  CHECK(wxf.verdict == judge::Verdict::Win);  // Black to move wins: Red chased
  CHECK(wxf.last_mover.level == judge::Level::Chase);
  const judge::Ruling check_only = ruling_after(fen, moves, judge::RuleSet::CheckOnly);
  CHECK(check_only.verdict == judge::Verdict::Draw);
  CHECK(check_only.last_mover.level == judge::Level::Idle);
}

TEST_CASE("check-only rules still rule perpetual check a loss", "[judge][rules]") {
  // The red rook checks along ranks 9 and 8 while the black king steps e9-e8-e9.
  const std::string fen = "4k4/R8/9/9/9/9/9/9/9/3K5 w";
  const std::vector<std::string> moves = {"a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8"};
  for (judge::RuleSet rules : {judge::RuleSet::Wxf, judge::RuleSet::CheckOnly}) {
    const judge::Ruling r = ruling_after(fen, moves, rules);
    CHECK(r.verdict == judge::Verdict::Loss);  // Red, to move, checked perpetually and loses
    CHECK(r.side_to_move.level == judge::Level::Check);
    CHECK(r.last_mover.level == judge::Level::Idle);
  }
}
