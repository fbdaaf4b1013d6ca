// The search's one evaluation (eval/evaluator.h) carried along random lines of play, pushes and
// pops as the search makes them (moves, null moves, take-backs): at every position it equals
// the evaluation from scratch, classical or the network's, and a line longer than its first
// room (256 plies) still works.
#include <catch2/catch.hpp>

#include <random>

#include "engine/movegen.h"
#include "eval/evaluator.h"
#include "nnue/loaded_network.h"
#include "../search/search_helpers.h"

using namespace xq;
using namespace xq::eval;

namespace {

// What the evaluator says must be what a fresh look at the board says.
int from_scratch(const Position& pos, const nnue::LoadedNetwork* net) {
  return net ? evaluate_network(pos, net->net) : evaluate(pos);
}

// Random lines from the start: a move, now and then a null move, now and then a take-back.
// Returns how many positions were compared.
int follow_random_lines(Evaluator& ev, std::uint32_t seed) {
  std::mt19937 rng(seed);
  int compared = 0;
  for (int game = 0; game < 20; ++game) {
    Position pos;
    ev.reset(pos);
    std::vector<bool> was_null;
    for (int i = 0; i < 120; ++i) {
      if (!was_null.empty() && rng() % 6 == 0) {  // back one ply, as the search returns
        if (was_null.back())
          pos.undo_null_move();
        else
          pos.undo_move();
        ev.pop();
        was_null.pop_back();
      } else if (!pos.in_check() && rng() % 10 == 0) {
        pos.do_null_move();
        ev.push(pos);
        was_null.push_back(true);
      } else {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        pos.do_move(moves[rng() % moves.size()]);
        ev.push(pos);
        was_null.push_back(false);
      }
      REQUIRE(ev.evaluate(pos) == from_scratch(pos, ev.network()));
      ++compared;
    }
  }
  return compared;
}

}  // namespace

TEST_CASE("evaluator: classical, pushed and popped along random lines, equals evaluate()", "[eval]") {
  Evaluator ev;
  REQUIRE(ev.network() == nullptr);
  CHECK(follow_random_lines(ev, 11) > 1000);
}

TEST_CASE("evaluator: with a network, pushed and popped along random lines, equals the network from scratch", "[eval][nnue]") {
  const auto net = nnue::embedded_network();
  REQUIRE(net);
  Evaluator ev;
  ev.set_network(net);
  REQUIRE(ev.network() == net.get());
  CHECK(follow_random_lines(ev, 12) > 1000);
  // Back to the classical evaluation: the next reset follows the board without the network.
  ev.set_network(nullptr);
  CHECK(follow_random_lines(ev, 13) > 1000);
}

TEST_CASE("evaluator: a line longer than its first room", "[eval]") {
  for (const bool with_network : {false, true}) {
    Evaluator ev;
    if (with_network) ev.set_network(nnue::embedded_network());
    Position pos = test::setup("", "h2e2 h9g7");
    ev.reset(pos);
    const int root = ev.evaluate(pos);
    // 600 null moves: each flips the side to move and nothing else.
    for (int i = 0; i < 600; ++i) {
      pos.do_null_move();
      ev.push(pos);
    }
    CHECK(ev.evaluate(pos) == root);  // an even number of passes: the same side to move
    pos.do_move(legal_moves(pos)[0]);
    ev.push(pos);
    CHECK(ev.evaluate(pos) == from_scratch(pos, ev.network()));
    pos.undo_move();
    ev.pop();
    for (int i = 0; i < 600; ++i) {
      pos.undo_null_move();
      ev.pop();
    }
    CHECK(ev.evaluate(pos) == root);
  }
}

TEST_CASE("evaluator: a network set during a line takes effect at the next reset", "[eval][nnue]") {
  const auto net = nnue::embedded_network();
  REQUIRE(net);
  Position pos = test::setup("", "h2e2 h9g7 h0g2");
  REQUIRE(evaluate(pos) != evaluate_network(pos, net->net));  // the two can be told apart here
  Evaluator ev;
  ev.set_network(net);
  ev.reset(pos);
  pos.do_move(legal_moves(pos)[0]);
  ev.push(pos);
  ev.set_network(nullptr);  // the line goes on with the network it began with
  CHECK(ev.network() == nullptr);
  CHECK(ev.evaluate(pos) == evaluate_network(pos, net->net));
  pos.undo_move();
  ev.pop();
  ev.reset(pos);
  CHECK(ev.evaluate(pos) == evaluate(pos));
}
