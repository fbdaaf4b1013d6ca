// The dirty-piece record of a move, and the material and piece-square sums the search keeps
// from it: carried move by move through random games (captures, null moves, take-backs) they
// stay equal to the sums from scratch, and the evaluation with them equals the one without.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "eval/psq_sums.h"
#include "../search/search_helpers.h"

using namespace xq;
using namespace xq::eval;

namespace {

// Every value non-zero, so a piece left out of an update cannot hide behind a zero.
EvalModel shifted_model(std::uint32_t seed) {
  std::mt19937 rng(seed);
  EvalParams p = DEFAULT_EVAL_PARAMS;
  for (int i = 0; i < PARAM_NB; ++i) param_at(p, i) += S((int(rng() % 61) - 30) | 1, (int(rng() % 61) - 30) | 1);
  return EvalModel(p, DEFAULT_ENDGAME_SCALES);
}

}  // namespace

TEST_CASE("dirty piece: a move names the piece, its squares and what it took", "[eval][psq]") {
  Position pos;
  pos.do_move(parse_move(pos, "h2e2").move);  // red cannon to the centre
  DirtyPiece d = pos.st().dirty();
  CHECK(d.piece == make_piece(RED, CANNON));
  CHECK(d.from == make_square(7, 2));
  CHECK(d.to == make_square(4, 2));
  CHECK(d.captured == NO_PIECE);
  pos.do_move(parse_move(pos, "h9g7").move);
  pos.do_move(parse_move(pos, "e2e6").move);  // takes the centre pawn
  d = pos.st().dirty();
  CHECK(d.piece == make_piece(RED, CANNON));
  CHECK(d.captured == make_piece(BLACK, PAWN));
  pos.do_null_move();
  CHECK(pos.st().dirty().piece == NO_PIECE);
  CHECK(pos.history()[0].dirty().piece == NO_PIECE);  // the root: nothing moved to reach it
}

TEST_CASE("psq sums: kept move by move they equal the sums from scratch", "[eval][psq]") {
  const EvalModel model = shifted_model(5);
  std::mt19937 rng(20261123);
  int captures = 0, nulls = 0, compared = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos;
    std::vector<PsqSums> stack{PsqSums::compute(pos, model)};
    const int plies = 20 + int(rng() % 140);
    for (int i = 0; i < plies; ++i) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      if (!pos.in_check() && rng() % 10 == 0) {
        pos.do_null_move();
        ++nulls;
      } else {
        const Move m = moves[int(rng() % unsigned(moves.size()))];
        captures += pos.is_capture(m);
        pos.do_move(m);
      }
      stack.push_back(stack.back().after(pos.st().dirty(), model));
      INFO(to_fen(pos));
      REQUIRE(stack.back() == PsqSums::compute(pos, model));
      REQUIRE(evaluate(pos, model, stack.back()) == evaluate(pos, model));
      ++compared;
      // Now and then take a few moves back: the kept sums below must still match.
      if (rng() % 8 == 0)
        for (int k = int(rng() % 3); k > 0 && pos.game_ply() > 0; --k) {
          if (pos.st().moved == NO_PIECE) pos.undo_null_move();
          else pos.undo_move();
          stack.pop_back();
          REQUIRE(stack.back() == PsqSums::compute(pos, model));
        }
    }
  }
  CHECK(captures > 200);
  CHECK(nulls > 100);
  CHECK(compared > 3000);
}

TEST_CASE("psq sums: the evaluation takes them instead of summing the board", "[eval][psq]") {
  // Sums that do not match the board move the evaluation: it reads them, it does not recompute.
  const Position pos = test::setup("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  PsqSums sums = PsqSums::compute(pos, default_model());
  const int before = evaluate(pos, default_model(), sums);
  CHECK(before == evaluate(pos));
  sums.side[RED] += S(100, 100);
  CHECK(evaluate(pos, default_model(), sums) == before + 100);
}
