// The lazy accumulators (nnue/accumulator.h) against a rebuild from the board: random games
// with every piece type moving and capturing, take-backs, null moves and kings crossing the
// centre file, evaluated at irregular intervals so that updates walk back over several plies.
#include <catch2/catch.hpp>

#include <cstring>
#include <random>
#include <string>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "nnue/accumulator.h"
#include "nnue/evaluate.h"
#include "nnue/kernels.h"
#include "nnue/random_network.h"
#include "../test_positions.h"

using namespace xq;
using namespace xq::nnue;

namespace {

// What the random games went through; each must happen for the test to mean something.
struct Coverage {
  bool moved[PIECE_TYPE_NB] = {};
  bool captured[PIECE_TYPE_NB] = {};
  int slot_changes = 0, null_moves = 0, undos = 0, checks = 0;
};

Accumulator rebuilt(const Network& net, const Position& pos) {
  Accumulator acc;
  for (Color p : {RED, BLACK}) {
    int features[SQUARE_NB];
    const int n = active_features(pos, p, net.king_buckets, features);
    refresh(net, features, n, acc.values[p]);
  }
  return acc;
}

void check_equal(AccumulatorStack& stack, const Network& net, const Position& pos, Coverage& cov) {
  const Accumulator& lazy = stack.update(pos);
  const Accumulator fresh = rebuilt(net, pos);
  INFO("FEN " << to_fen(pos));
  REQUIRE(std::memcmp(lazy.values, fresh.values, sizeof lazy.values) == 0);
  REQUIRE(stack.evaluate(pos) == evaluate(net, pos));
  ++cov.checks;
}

void random_game(const Network& net, const std::string& fen, std::mt19937& rng, Coverage& cov) {
  Position pos = test::from_fen(fen);
  AccumulatorStack stack;
  stack.reset(pos, net);
  std::vector<bool> was_null;
  for (int ply = 0; ply < 160; ++ply) {
    const int roll = int(rng() % 100);
    if (roll < 12 && !was_null.empty()) {  // take back one to three moves
      for (int k = 1 + int(rng() % 3); k > 0 && !was_null.empty(); --k) {
        was_null.back() ? pos.undo_null_move() : pos.undo_move();
        was_null.pop_back();
        stack.pop();
        ++cov.undos;
      }
    } else if (roll < 20 && !pos.in_check() && (was_null.empty() || !was_null.back())) {
      pos.do_null_move();
      stack.push(pos);
      was_null.push_back(true);
      ++cov.null_moves;
    } else {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      // Captures first half the time, so that material comes off the board.
      MoveList captures;
      for (Move m : moves)
        if (pos.is_capture(m)) captures.push(m);
      const MoveList& pool = !captures.empty() && rng() % 2 ? captures : moves;
      const Move m = pool[int(rng() % unsigned(pool.size()))];
      const Piece mover = pos.piece_on(from_sq(m));
      cov.moved[type_of(mover)] = true;
      if (pos.is_capture(m)) cov.captured[type_of(pos.piece_on(to_sq(m)))] = true;
      const Color c = color_of(mover);
      const int slot_before = king_slot(c, pos.king_square(c), net.king_buckets);
      pos.do_move(m);
      if (king_slot(c, pos.king_square(c), net.king_buckets) != slot_before) ++cov.slot_changes;
      stack.push(pos);
      was_null.push_back(false);
    }
    // Evaluate now and then, so that updates walk back over several entries.
    if (rng() % 3 == 0) check_equal(stack, net, pos, cov);
  }
  check_equal(stack, net, pos, cov);
}

}  // namespace

TEST_CASE("nnue accumulator: lazy updates equal a rebuild after random games", "[nnue][accumulator]") {
  // With king buckets (a king's move to another palace square rebuilds) and without (only a
  // crossing of the centre file does).
  const bool king_buckets = GENERATE(true, false);
  INFO("king buckets " << king_buckets);
  const Network net = random_network(31337, FT_WEIGHT_LIMIT, OUT_WEIGHT_LIMIT, "test", king_buckets);
  const std::string fens[] = {
      Position::START_FEN,
      // Open palaces and few pieces: kings walk across the centre file often.
      "5k3/4a4/4b4/9/2p1R1p2/9/2P3P2/4C4/3KA4/2B6 w - - 0 1",
      "4ka3/4a4/9/2h6/9/9/9/3r5/4A4/3AK1C2 b - - 0 1",
      "3ak4/9/4b4/9/9/2c3n2/9/4B4/4K4/3R5 w - - 0 1",
  };
  std::mt19937 rng(2026);
  Coverage cov;
  for (int game = 0; game < 24; ++game) random_game(net, fens[game % 4], rng, cov);
  for (int t = KING; t <= PAWN; ++t) {
    INFO("piece type " << type_name(PieceType(t)));
    CHECK(cov.moved[t]);
    if (t != KING) CHECK(cov.captured[t]);
  }
  CHECK(cov.slot_changes >= 10);
  CHECK(cov.null_moves >= 10);
  CHECK(cov.undos >= 10);
  CHECK(cov.checks >= 500);
}

TEST_CASE("nnue accumulator: a null move keeps the accumulators, and the root is rebuilt", "[nnue][accumulator]") {
  const Network net = random_network(5, 200, 100, "test");
  Position pos = test::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
  AccumulatorStack stack;
  stack.reset(pos, net);
  const int before = stack.evaluate(pos);
  const Accumulator root = stack.update(pos);
  pos.do_null_move();
  stack.push(pos);
  const Accumulator& after = stack.update(pos);
  CHECK(std::memcmp(root.values, after.values, sizeof root.values) == 0);
  // The same board, the other side to move: the halves swap places in the output (the board
  // is not symmetric, so the value changes).
  CHECK(stack.evaluate(pos) == evaluate(net, pos));
  CHECK(stack.evaluate(pos) != before);
}
