// The search on positions with known answers: mates checked by an exhaustive solver, a
// hanging piece, legality on random positions, and a bench signature that repeats.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "search/bench.h"
#include "search_helpers.h"
#include "../judge/board_transform.h"

using namespace xq;
using namespace xq::search;

TEST_CASE("search: mate in 1 with two rooks", "[search]") {
  // Rook a8 holds rank 8, rook b0 goes to b9; the red king on d0 keeps d9 off limits.
  Position pos = test::setup("4k4/R8/9/9/9/9/9/9/9/1R1K5 w");
  REQUIRE(test::forced_mate(pos, 1));
  const Result r = test::search_depth(pos, 3);
  CHECK(r.score == mate_in(1));
  CHECK(mate_moves(r.score) == 1);
  pos.do_move(r.best);
  CHECK_FALSE(has_legal_move(pos));
}

TEST_CASE("search: mate in 2 is found and its first move keeps the mate", "[search]") {
  Position pos = test::setup("4k4/9/9/9/9/9/9/9/R8/1R1K5 w");
  REQUIRE(test::forced_mate(pos, 2));
  REQUIRE_FALSE(test::forced_mate(pos, 1));
  const Result r = test::search_depth(pos, 5);
  CHECK(r.score == mate_in(3));
  CHECK(mate_moves(r.score) == 2);
  pos.do_move(r.best);
  // Whatever Black answers, Red mates at once.
  for (Move reply : legal_moves(pos)) {
    pos.do_move(reply);
    CHECK(test::forced_mate(pos, 1));
    pos.undo_move();
  }
}

TEST_CASE("search: the side to move with no legal move has lost (stalemate too)", "[search]") {
  // Black's king on d9 is not in check, but d8 is on the rook's rank and e9 faces the red king.
  const Position stalemated = test::setup("3k5/R8/9/9/9/9/9/9/9/4K4 b");
  Position copy = stalemated;
  REQUIRE_FALSE(stalemated.in_check());
  REQUIRE_FALSE(has_legal_move(copy));
  CHECK(test::search_depth(stalemated, 2).best == MOVE_NONE);
  // With Red to move, keeping that box shut wins at once: a stalemate is scored as a mate.
  Position pos = test::setup("3k5/R8/9/9/9/9/9/9/9/4K4 w");
  const Result r = test::search_depth(pos, 3);
  CHECK(r.score == mate_in(1));
  pos.do_move(r.best);
  CHECK_FALSE(has_legal_move(pos));
}

TEST_CASE("search: a hanging piece is taken at depths 3 to 5", "[search]") {
  // The black horse on e4 is attacked by the rook on e1 and defended by nothing. (At depth 2
  // the fitted evaluation prefers the check e1f1, after which its horizon has the horse block
  // on f2 and fall: the piece is won either way, and from depth 3 the capture is chosen.)
  const Position pos = test::setup("5k3/9/9/9/9/4n4/9/9/4R4/3K5 w");
  for (int depth : {3, 4, 5}) {
    const Result r = test::search_depth(pos, depth);
    CHECK(move_to_string(r.best) == "e1e4");
    CHECK(r.score > 300);
  }
}

TEST_CASE("search: a defended piece is not grabbed with a more valuable one", "[search]") {
  // The black cannon on e5 is defended by the horse on d7 (d7-e5); taking it with the rook
  // loses the rook for a cannon. (The red king stays off the d-file, or the horse would be pinned.)
  const Position pos = test::setup("3k5/9/3n5/9/4c4/9/9/9/4R4/5K3 w");
  const Result r = test::search_depth(pos, 4);
  CHECK(move_to_string(r.best) != "e1e5");
}

TEST_CASE("search: never returns an illegal move on random positions", "[search]") {
  std::mt19937 rng(20261123);
  int searched = 0;
  for (int game = 0; game < 12; ++game) {
    Position pos = test::setup("");
    const int plies = 10 + int(rng() % 50);
    for (int i = 0; i < plies; ++i) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      judge::play(pos, moves[int(rng() % unsigned(moves.size()))]);
    }
    const MoveList legal = legal_moves(pos);
    const Result r = test::search_depth(pos, 3);
    INFO("position " << to_fen(pos));
    if (legal.empty()) {
      CHECK(r.best == MOVE_NONE);
    } else {
      CHECK(legal.contains(r.best));
      ++searched;
    }
  }
  CHECK(searched >= 8);  // the random games did not all end early
}

// clear() must zero every history and killer (the constructor relies on it: the histories
// are allocated uninitialised): afterwards a searcher searches exactly as a new one.
TEST_CASE("search: after clear() a searcher searches as a new one", "[search]") {
  const Position first = test::setup("", "h2e2 h9g7 h0g2");
  const Position second = test::setup("", "b2e2 b9c7 b0c2 a9b9");
  Limits limits;
  limits.depth = 7;
  const std::atomic<bool> stop{false};
  TranspositionTable tt_used(4), tt_fresh(4);
  Searcher used(tt_used);
  used.run(first, limits, stop);
  // Not vacuous: what the first search learned changes the second search's tree.
  tt_used.clear();
  Searcher fresh(tt_fresh);
  const Result expected = fresh.run(second, limits, stop);
  CHECK(used.run(second, limits, stop).nodes != expected.nodes);

  used.run(first, limits, stop);
  used.clear();
  tt_used.clear();
  const Result r = used.run(second, limits, stop);
  CHECK(r.nodes == expected.nodes);
  CHECK(r.best == expected.best);
  CHECK(r.score == expected.score);
}

TEST_CASE("bench: the node count repeats exactly (the build's signature)", "[search][bench]") {
  BenchOptions options;
  options.depth = 4;
  const BenchResult first = run_bench(options);
  const BenchResult second = run_bench(options);
  REQUIRE(first.error.empty());
  CHECK(first.complete);
  // At least 30 positions, every one searched: a position that failed to load would stop the
  // bench short, and a truncated list would pass a signature check.
  CHECK(bench_positions().size() >= 30);
  CHECK(first.per_position.size() == bench_positions().size());
  for (const Result& r : first.per_position) CHECK(r.nodes >= 4);
  CHECK(first.nodes == second.nodes);
  CHECK(first.judge.asked == second.judge.asked);
  for (size_t i = 0; i < first.per_position.size(); ++i) {
    CHECK(first.per_position[i].best == second.per_position[i].best);
    CHECK(first.per_position[i].nodes == second.per_position[i].nodes);
  }
}

TEST_CASE("bench: the judge statistics of the shortcut-on and shortcut-off runs", "[search][bench]") {
  BenchOptions options;
  options.depth = 5;
  const BenchResult on = run_bench(options);
  options.judge_shortcut = false;
  const BenchResult off = run_bench(options);
  REQUIRE(on.error.empty());
  REQUIRE(off.error.empty());
  REQUIRE(off.per_position.size() == on.per_position.size());
  // The table is not vacuous: the bench reaches repetitions, the pre-filter and the shortcut
  // answer some, and with the shortcut off the full judge takes all the shortcut's calls.
  CHECK(on.judge.asked > 0);
  CHECK(on.judge.filtered > 0);
  CHECK(on.judge.shortcut > 0);
  CHECK(on.judge.chase_nodes > 0);
  CHECK(off.judge.shortcut == 0);
  CHECK(off.judge.judged > on.judge.judged);
  for (const BenchResult* r : {&on, &off})
    CHECK(r->judge.filtered + r->judge.shortcut + r->judge.judged == r->judge.asked);
}

TEST_CASE("bench: arguments in Stockfish's order, bad ones change nothing", "[search][bench]") {
  BenchOptions o;
  CHECK(parse_bench_args({}, o).empty());
  CHECK(o.hash_mb == BENCH_HASH_MB);
  CHECK(o.threads == 1);
  CHECK(o.depth == BENCH_DEPTH);
  CHECK(parse_bench_args({"32"}, o).empty());
  CHECK(o.hash_mb == 32);
  CHECK(parse_bench_args({"16", "2", "4"}, o).empty());
  CHECK((o.hash_mb == 16 && o.threads == 2 && o.depth == 4));
  for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{
           {"x"}, {"0"}, {"16", "0", "4"}, {"16", "1", "99"}, {"16", "1", "0"}, {"16MB"}, {"-1"}, {"16", "1", "4", "5"}}) {
    BenchOptions before = o;
    CHECK_FALSE(parse_bench_args(bad, o).empty());
    CHECK((o.hash_mb == before.hash_mb && o.threads == before.threads && o.depth == before.depth));
  }
  CHECK(parse_bench_args({"16", "1", "99"}, o).find("depth") != std::string::npos);
  CHECK(parse_bench_args({"16", "0", "4"}, o).find("thread") != std::string::npos);
}

TEST_CASE("bench: more threads search every position through the pool", "[search][bench]") {
  BenchOptions options;
  options.depth = 3;
  options.threads = 2;
  const BenchResult r = run_bench(options);
  REQUIRE(r.error.empty());
  CHECK(r.per_position.size() == bench_positions().size());
  options.judge_shortcut = false;  // the pool has no shortcut switch: refused, not ignored
  CHECK_FALSE(run_bench(options).error.empty());
}
