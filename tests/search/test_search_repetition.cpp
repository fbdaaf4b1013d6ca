// The WXF judge steers the search: the same board with a different history gets a different
// move, a losing perpetual is avoided, and an opponent stuck in a losing cycle is a win.
#include <catch2/catch.hpp>

#include "search_helpers.h"
#include "tools/wxf_cases.h"

using namespace xq;
using namespace xq::search;

namespace {

const wxf::Case& wxf_case(int id) {
  static const wxf::Data data = wxf::load(std::string(XQ_DATA_DIR) + "/wxf_diagrams");
  for (const auto& c : data.cases)
    if (c.id == id) return c;
  throw std::runtime_error("WXF case " + std::to_string(id) + " not found");
}

// The case's position with its first `n` moves played through the judge.
Position case_prefix(int id, size_t n) {
  const wxf::Case& c = wxf_case(id);
  REQUIRE(n <= c.moves.size());
  std::string moves;
  for (size_t i = 0; i < n; ++i) moves += c.moves[i] + " ";
  return test::setup(c.fen, moves);
}

bool is_rep_win(int s) { return s > REP_BOUND && s <= REP_WIN; }

}  // namespace

// Case 2: Red's rook checks from h9 and h8 in turn; after h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 the
// perpetual check loses. Red is down two cannons' worth against a rook, so a "repetition is a
// draw" engine would gladly check forever.
TEST_CASE("search: avoids the move that completes a losing perpetual check (WXF case 2)", "[search][judge]") {
  const wxf::Case& c = wxf_case(2);
  REQUIRE(c.expected == "loss");
  REQUIRE(c.moves[0] == "h8h9");
  const Position with_history = case_prefix(2, 4);  // the start board again, cycle under way
  const Position without_history = test::setup(to_fen(with_history));
  REQUIRE(with_history.key() == without_history.key());

  const Result fresh = test::search_depth(without_history, 6);
  const Result repeating = test::search_depth(with_history, 6);
  // Without the history the check is the best try (the material deficit is far worse) ...
  CHECK(move_to_string(fresh.best) == "h8h9");
  // ... with it, checking again loses by the ruling, so the search plays on a piece down.
  CHECK(move_to_string(repeating.best) != "h8h9");
  CHECK(repeating.score > -REP_BOUND);
  CHECK(repeating.score < -300);
}

TEST_CASE("search: an opponent that must repeat a losing check is a win (WXF case 2)", "[search][judge]") {
  // Black to move after h8h9: the only reply f9f8 completes Red's losing cycle.
  const Position pos = case_prefix(2, 5);
  const Result r = test::search_depth(pos, 4);
  CHECK(move_to_string(r.best) == "f9f8");
  CHECK(r.score == rep_win_in(1));
  CHECK_FALSE(is_mate_score(r.score));  // a ruling, not a mate
}

TEST_CASE("search: repetition win scores deep in the tree (WXF case 6)", "[search][judge]") {
  // Case 6: Red checks with the rook e9/d9 and must keep checking or be mated; the perpetual
  // check loses. Black, to move after the first check, sees the ruling as a win.
  const wxf::Case& c = wxf_case(6);
  REQUIRE(c.expected == "loss");
  const Position pos = case_prefix(6, 1);
  // Depth 8: the pruned search needs a little more depth than a full-width one to see that
  // every quiet alternative of Red's is mated.
  const Result r = test::search_depth(pos, 8);
  INFO("best " << move_to_string(r.best) << " score " << r.score);
  CHECK(is_rep_win(r.score));
}

TEST_CASE("search: a draw by equal offences scores zero (WXF case 10)", "[search][judge]") {
  // Case 10 ends in a draw (both sides chase or check alike). One ply before its end, the side
  // to move can complete the cycle; whatever it chooses, the score is not a ruling for a side
  // unless it found something better than the draw on the board.
  const wxf::Case& c = wxf_case(10);
  REQUIRE(c.expected == "draw");
  Position pos = case_prefix(10, c.moves.size() - 1);
  const MoveResult last = parse_move(pos, c.moves.back());
  REQUIRE(last.ok());
  judge::play(pos, last.move);
  REQUIRE(judge::judge_ntimes(pos.history()) == judge::Verdict::Draw);
  pos.undo_move();
  const Result r = test::search_depth(pos, 4);
  CHECK_FALSE(is_decisive(r.score));
}
