// The input features (nnue/README.md): indices in range, one per king block, piece and square,
// Black's view is Red's with the ranks flipped, the mirror keeps the own king on files a-e, and
// the king's block is its palace square after the mirror.
#include <catch2/catch.hpp>

#include <set>

#include "nnue/features.h"

using namespace xq;
using namespace xq::nnue;

namespace {

// The nine palace squares of `c` (files d-f, its three home ranks).
std::vector<Square> palace(Color c) {
  std::vector<Square> out;
  for (int f = 3; f <= 5; ++f)
    for (int r = 0; r < 3; ++r) out.push_back(make_square(f, c == RED ? r : RANK_NB - 1 - r));
  return out;
}

}  // namespace

TEST_CASE("nnue features: every (piece, square) has its own piece-square index below PS_IN", "[nnue][features]") {
  for (Color p : {RED, BLACK})
    for (bool mirror : {false, true}) {
      std::set<int> seen;
      for (Color c : {RED, BLACK})
        for (int t = KING; t <= PAWN; ++t)
          for (Square s = 0; s < SQUARE_NB; ++s) {
            const int f = ps_index(p, mirror, make_piece(c, PieceType(t)), s);
            CHECK(f >= 0);
            CHECK(f < PS_IN);
            seen.insert(f);
          }
      CHECK(seen.size() == std::size_t(PS_IN));
    }
}

TEST_CASE("nnue features: the king's block is its palace square after the mirror", "[nnue][features]") {
  const Square d0 = make_square(3, 0), e0 = make_square(4, 0), f0 = make_square(5, 0), e1 = make_square(4, 1),
               d2 = make_square(3, 2), f2 = make_square(5, 2);
  CHECK(king_bucket(RED, e0) == 0);
  CHECK(king_bucket(RED, d0) == 1);
  CHECK(king_bucket(RED, f0) == 1);  // mirrored onto d0
  CHECK(king_bucket(RED, e1) == 2);
  CHECK(king_bucket(RED, d2) == 5);
  CHECK(king_bucket(RED, f2) == 5);
  CHECK(king_bucket(BLACK, make_square(4, 9)) == 0);  // Black's ranks are flipped
  CHECK(king_bucket(BLACK, make_square(5, 7)) == 5);
  // Every block is some palace square's; mirrored squares share one, so 6 of 9.
  for (Color c : {RED, BLACK}) {
    std::set<int> blocks, slots;
    for (Square k : palace(c)) {
      blocks.insert(king_bucket(c, k));
      slots.insert(king_slot(c, k, true));
      CHECK(king_slot(c, k, false) == (mirrored(c, k) ? 1 : 0));
    }
    CHECK(blocks == std::set<int>{0, 1, 2, 3, 4, 5});
    CHECK(slots.size() == 9);  // with the mirror flag every palace square has its own slot
    for (int slot : slots) CHECK(slot < SLOTS);
  }
}

TEST_CASE("nnue features: with king buckets each palace square of the king has its own rows", "[nnue][features]") {
  for (Color p : {RED, BLACK}) {
    std::set<int> seen;
    for (Square k : palace(p)) {
      if (mirrored(p, k)) continue;  // the mirrored squares' rows are their twins' (checked below)
      for (Color c : {RED, BLACK})
        for (int t = KING; t <= PAWN; ++t)
          for (Square s = 0; s < SQUARE_NB; ++s) {
            const int f = feature_index(p, k, true, make_piece(c, PieceType(t)), s);
            CHECK(f >= 0);
            CHECK(f < N_IN);
            seen.insert(f);
            // Without king buckets: the first block, whatever the king's square.
            CHECK(feature_index(p, k, false, make_piece(c, PieceType(t)), s) == f % PS_IN);
          }
    }
    CHECK(seen.size() == std::size_t(N_IN));
  }
}

TEST_CASE("nnue features: the accumulator's table gives feature_index for every argument", "[nnue][features]") {
  int compared = 0, total = 0;
  for (Color p : {RED, BLACK})
    for (Square k : palace(p))
      for (bool buckets : {false, true})
        for (Color c : {RED, BLACK})
          for (int t = KING; t <= PAWN; ++t)
            for (Square s = 0; s < SQUARE_NB; ++s) {
              const Piece piece = make_piece(c, PieceType(t));
              compared += feature(p, king_slot(p, k, buckets), piece, s) == feature_index(p, k, buckets, piece, s);
              ++total;
            }
  CHECK(compared == total);
  CHECK(total == 2 * 9 * 2 * 2 * 7 * SQUARE_NB);
}

TEST_CASE("nnue features: the spec's worked values", "[nnue][features]") {
  const Square e0 = make_square(4, 0), e9 = make_square(4, 9), a3 = make_square(0, 3), e1 = make_square(4, 1);
  CHECK(feature_index(RED, e0, true, make_piece(RED, KING), e0) == 4);
  CHECK(feature_index(BLACK, e9, true, make_piece(BLACK, KING), e9) == 4);  // own king, rank flipped
  // A black pawn on a3 from Red's side: rel 1, type 6 -> piece block 13.
  CHECK(feature_index(RED, e0, true, make_piece(BLACK, PAWN), a3) == 13 * 90 + a3);
  // The same pawn from Black's side: its own, at a6 after the flip.
  CHECK(feature_index(BLACK, e9, true, make_piece(BLACK, PAWN), a3) == 6 * 90 + make_square(0, 6));
  // Red's king raised to e1: king block 2.
  CHECK(feature_index(RED, e1, true, make_piece(BLACK, PAWN), a3) == 2 * 1260 + 13 * 90 + a3);
  CHECK(feature_index(RED, e1, false, make_piece(BLACK, PAWN), a3) == 13 * 90 + a3);
}

TEST_CASE("nnue features: mirror flag from the own king's file", "[nnue][features]") {
  CHECK_FALSE(mirrored(RED, make_square(3, 0)));
  CHECK_FALSE(mirrored(RED, make_square(4, 1)));  // the centre file: no mirror
  CHECK(mirrored(RED, make_square(5, 2)));
  CHECK_FALSE(mirrored(BLACK, make_square(4, 9)));
  CHECK(mirrored(BLACK, make_square(5, 8)));  // files are not flipped for Black, only ranks
  // Mirrored: a piece on file i counts as one on file 8 - i, in the mirrored square's block.
  const Square red_king_f0 = make_square(5, 0);
  const Piece horse = make_piece(RED, HORSE);
  for (bool buckets : {false, true}) {
    CHECK(feature_index(RED, red_king_f0, buckets, horse, make_square(1, 0)) ==
          feature_index(RED, make_square(3, 0), buckets, horse, make_square(7, 0)));
    CHECK(feature_index(RED, red_king_f0, buckets, make_piece(RED, KING), red_king_f0) ==
          (buckets ? PS_IN : 0) + make_square(3, 0));
  }
}

TEST_CASE("nnue features: Black's view is Red's view of the colour-flipped board", "[nnue][features]") {
  auto flip = [](Square s) { return make_square(file_of(s), RANK_NB - 1 - rank_of(s)); };
  for (bool mirror : {false, true})
    for (Color c : {RED, BLACK})
      for (int t = KING; t <= PAWN; ++t)
        for (Square s = 0; s < SQUARE_NB; ++s)
          CHECK(ps_index(BLACK, mirror, make_piece(c, PieceType(t)), s) == ps_index(RED, mirror, make_piece(~c, PieceType(t)), flip(s)));
  for (Square k : palace(BLACK))
    CHECK(king_bucket(BLACK, k) == king_bucket(RED, flip(k)));
}
