// The transposition table's entries and its clearing (search/tt.h): every field reads back
// as stored at the ends of its range, and a cleared table behaves as zeroed memory would, through
// more clears than there are epochs (most clears write nothing; a fresh table's first clear and
// every fifteenth after it zero the memory).
#include <catch2/catch.hpp>
#include <cstdint>

#include "search/tt.h"
#include "search_helpers.h"

using namespace xq;
using namespace xq::search;

namespace {

// Keys that share cluster `c` of a table of any size: only their high bits differ.
Key in_cluster(std::uint64_t c, std::uint64_t n) { return Key(c | (n + 1) << 40); }

}  // namespace

TEST_CASE("transposition table: an entry reads back field for field at the ends of each range", "[search][tt]") {
  TranspositionTable tt(1);
  const Move far_move = make_move(SQUARE_NB - 1, SQUARE_NB - 2);
  for (int i = 0; i < 15; ++i) tt.new_search();  // the last generation
  struct Case {
    Move move;
    int score, eval, depth;
    Bound bound;
    bool pv;
  };
  const Case cases[] = {
      {far_move, 32767, -EVAL_FIELD_MAX - 1, 127, Bound::Exact, true},
      {make_move(0, 1), -32768, EVAL_FIELD_MAX, -128, Bound::Upper, false},
      {make_move(89, 0), 1, -EVAL_MAX, 1, Bound::Lower, true},
      {make_move(0, 89), -1, EVAL_MAX, 2, Bound::Exact, false},
      {MOVE_NONE, -1, 1, 0, Bound::Lower, true},
      {make_move(45, 44), 0, -1, -1, Bound::None, false},
  };
  std::uint64_t n = 0;
  for (const Case& c : cases) {
    const Key key = in_cluster(77, n++);
    tt.store(key, c.move, c.score, c.eval, c.depth, c.bound, c.pv);
    const auto e = tt.probe(key);
    REQUIRE(e);
    CHECK(e->move == c.move);
    CHECK(e->score == c.score);
    CHECK(e->eval == c.eval);
    CHECK(e->depth == c.depth);
    CHECK(e->bound == c.bound);
    CHECK(e->generation == 15);
    CHECK(e->pv == c.pv);
  }
}

TEST_CASE("transposition table: every clear empties it, through more clears than there are epochs", "[search][tt]") {
  TranspositionTable tt(1);
  // Written once and never overwritten: it must not come back when the epochs start over.
  const Key lonely = in_cluster(3, 0);
  tt.store(lonely, make_move(7, 8), 55, 0, 9, Bound::Exact);
  REQUIRE(tt.probe(lonely));
  for (int round = 0; round < 20; ++round) {
    INFO("round " << round);
    // A full cluster of deep entries, and entries elsewhere.
    for (std::uint64_t i = 0; i < 4; ++i) tt.store(in_cluster(5, i), make_move(1, 2), 100 + int(i), 0, 100, Bound::Exact);
    for (std::uint64_t c = 0; c < 1000; ++c) tt.store(in_cluster(c * 64 + 9, 0), make_move(3, 4), 1, 0, 3, Bound::Lower);
    REQUIRE(tt.probe(in_cluster(5, 0)));
    REQUIRE(tt.hashfull() > 0);
    tt.clear();
    CHECK(tt.hashfull() == 0);
    for (std::uint64_t i = 0; i < 4; ++i) CHECK(!tt.probe(in_cluster(5, i)));
    CHECK(!tt.probe(in_cluster(9, 0)));
    CHECK(!tt.probe(lonely));
    // The old deep entries count as empty slots: four shallow new ones all find room. Had the
    // old ones stayed (depth 100 against 1), the later stores would replace the earlier new ones.
    for (std::uint64_t i = 4; i < 8; ++i) tt.store(in_cluster(5, i), make_move(5, 6), int(i), 0, 1, Bound::Upper);
    for (std::uint64_t i = 4; i < 8; ++i) {
      const auto e = tt.probe(in_cluster(5, i));
      REQUIRE(e);
      CHECK(e->score == int(i));
    }
    tt.clear();
  }
}

TEST_CASE("transposition table: a search after any number of clears is the search of a new table", "[search][tt]") {
  const Position pos = test::setup("", "h2e2 h9g7 h0g2");
  Limits limits;
  limits.depth = 6;
  const std::atomic<bool> stop{false};
  TranspositionTable fresh_tt(2);
  const Result expected = Searcher(fresh_tt).run(pos, limits, stop);
  TranspositionTable tt(2);
  for (int round = 0; round < 17; ++round) {  // across the zeroing after the fifteenth epoch
    INFO("round " << round);
    Searcher s(tt);
    tt.clear();
    const Result r = s.run(pos, limits, stop);
    CHECK(r.nodes == expected.nodes);
    CHECK(r.best == expected.best);
  }
}
