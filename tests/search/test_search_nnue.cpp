// The search with a network (Searcher::set_network): its static evaluations are the
// network's, scaled by the attacking material and clamped below the ruling band; the SIMD and scalar paths search the same tree;
// bench runs with a network and gives another signature. (Debug builds also assert at every
// static evaluation that the lazy accumulators equal a rebuild from the board.)
#include <catch2/catch.hpp>

#include <atomic>
#include <memory>

#include "eval/playing_eval.h"
#include "nnue/kernels.h"
#include "nnue/random_network.h"
#include "search/bench.h"
#include "search/search.h"
#include "search_helpers.h"

using namespace xq;
using namespace xq::search;

namespace {

std::shared_ptr<const nnue::LoadedNetwork> loaded(nnue::Network net) {
  auto l = std::make_shared<nnue::LoadedNetwork>();
  l->net = std::move(net);
  l->source = "test";
  return l;
}

// A network whose every position is worth `value_cp` to the side to move (its output bias only).
std::shared_ptr<const nnue::LoadedNetwork> constant_network(long long value_cp) {
  nnue::Network net = nnue::zero_network();
  net.out_bias.fill(std::int32_t(value_cp * nnue::QA * nnue::QB / nnue::SCALE));
  return loaded(std::move(net));
}

// By default with the natural move limit off, so that nothing is damped toward it
// (eval/natural_damping.h): every leaf carries the network's exact value.
Result search_with(const std::shared_ptr<const nnue::LoadedNetwork>& net, const Position& pos, int depth,
                   int natural_moves = 0) {
  auto tt = std::make_unique<TranspositionTable>(4);
  SearchSettings settings = default_settings();
  settings.natural_moves = natural_moves;
  auto searcher = std::make_unique<Searcher>(*tt, settings);
  searcher->set_network(net);
  Limits limits;
  limits.depth = depth;
  const std::atomic<bool> stop{false};
  return searcher->run(pos, limits, stop);
}

}  // namespace

TEST_CASE("search nnue: the static evaluations are the network's, scaled by the attacking material", "[search][nnue]") {
  // No rook, cannon or horse on the board, and none can appear: every leaf's material is 0,
  // so every leaf is worth +100 scaled by eval/material_scale.h's ending factor to its side
  // to move: one ply deep the root sees minus that, two plies plus.
  const Position bare = test::setup("2bakab2/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/2BAKAB2 w - - 0 1");
  const int leaf = eval::scale_by_material(100, 0);
  REQUIRE(leaf < 100);
  CHECK(search_with(constant_network(100), bare, 1).score == -leaf);
  CHECK(search_with(constant_network(100), bare, 2).score == leaf);
  // The classical evaluation sees something else, and is not scaled.
  CHECK(test::search_depth(bare, 1).score != -leaf);
  // With the natural move limit on (the default), the leaves, one ply after a position with
  // no capture for 20 plies, carry the scaled value damped toward the limit as well.
  const Position late = test::setup("2bakab2/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/2BAKAB2 w - - 20 11");
  CHECK(search_with(constant_network(100), late, 1, judge::NATURAL_LIMIT_MOVES).score ==
        -eval::damp_toward_natural_limit(leaf, 21, judge::natural_limit_plies(judge::NATURAL_LIMIT_MOVES)));
}

TEST_CASE("search nnue: a huge network output is clamped below the ruling band", "[search][nnue]") {
  const Position pos = test::setup("", "h2e2 h9g7");
  const auto huge = constant_network(1000000);
  CHECK(eval::evaluate_network(pos, huge->net) == EVAL_MAX);
  const Result r = search_with(huge, pos, 1);
  CHECK(r.score == -EVAL_MAX);
  CHECK_FALSE(is_decisive(r.score));
  CHECK(search_with(constant_network(-1000000), pos, 1).score == EVAL_MAX);
}

TEST_CASE("search nnue: the AVX2 and scalar paths search the same tree", "[search][nnue][simd]") {
  const auto net = loaded(nnue::random_network(404, 60, 40, "test"));
  const Position pos = test::setup("", "h2e2 h9g7 h0g2 i9h9");
  nnue::force_scalar(true);
  const Result scalar = search_with(net, pos, 7);
  nnue::force_scalar(false);
  const Result simd = search_with(net, pos, 7);
  CHECK(simd.nodes == scalar.nodes);
  CHECK(simd.best == scalar.best);
  CHECK(simd.score == scalar.score);
  CHECK(simd.nodes > 1000);
}

TEST_CASE("search nnue: bench with a network is deterministic and differs from the classical one", "[search][nnue][bench]") {
  BenchOptions classical;
  classical.depth = 5;
  BenchOptions with_net = classical;
  with_net.network = loaded(nnue::random_network(405, 60, 40, "test"));
  const BenchResult a = run_bench(with_net), b = run_bench(with_net), c = run_bench(classical);
  REQUIRE(a.complete);
  CHECK(a.nodes == b.nodes);
  CHECK(a.nodes != c.nodes);
}
