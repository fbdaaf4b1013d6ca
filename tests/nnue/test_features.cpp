// The input features (nnue/README.md): indices in range, one per piece and square,
// Black's view is Red's with the ranks flipped, and the mirror keeps the own king on files a-e.
#include <catch2/catch.hpp>

#include <set>

#include "nnue/features.h"

using namespace xq;
using namespace xq::nnue;

TEST_CASE("nnue features: every (piece, square) has its own index below N_IN", "[nnue][features]") {
  for (Color p : {RED, BLACK})
    for (bool mirror : {false, true}) {
      std::set<int> seen;
      for (Color c : {RED, BLACK})
        for (int t = KING; t <= PAWN; ++t)
          for (Square s = 0; s < SQUARE_NB; ++s) {
            const int f = feature_index(p, mirror, make_piece(c, PieceType(t)), s);
            CHECK(f >= 0);
            CHECK(f < N_IN);
            seen.insert(f);
          }
      CHECK(seen.size() == std::size_t(N_IN));
    }
}

TEST_CASE("nnue features: the accumulator's table gives feature_index for every argument", "[nnue][features]") {
  int compared = 0;
  for (Color p : {RED, BLACK})
    for (bool mirror : {false, true})
      for (Color c : {RED, BLACK})
        for (int t = KING; t <= PAWN; ++t)
          for (Square s = 0; s < SQUARE_NB; ++s) {
            const Piece piece = make_piece(c, PieceType(t));
            compared += feature(p, mirror, piece, s) == feature_index(p, mirror, piece, s);
          }
  CHECK(compared == 2 * 2 * 2 * 7 * SQUARE_NB);
}

TEST_CASE("nnue features: the spec's worked values", "[nnue][features]") {
  const Square e0 = make_square(4, 0), e9 = make_square(4, 9), a3 = make_square(0, 3);
  CHECK(feature_index(RED, e0, make_piece(RED, KING), e0) == 4);
  CHECK(feature_index(BLACK, e9, make_piece(BLACK, KING), e9) == 4);  // own king, rank flipped
  // A black pawn on a3 from Red's side: rel 1, type 6 -> block 13.
  CHECK(feature_index(RED, e0, make_piece(BLACK, PAWN), a3) == 13 * 90 + a3);
  // The same pawn from Black's side: its own, at a6 after the flip.
  CHECK(feature_index(BLACK, e9, make_piece(BLACK, PAWN), a3) == 6 * 90 + make_square(0, 6));
}

TEST_CASE("nnue features: mirror flag from the own king's file", "[nnue][features]") {
  CHECK_FALSE(mirrored(RED, make_square(3, 0)));
  CHECK_FALSE(mirrored(RED, make_square(4, 1)));  // the centre file: no mirror
  CHECK(mirrored(RED, make_square(5, 2)));
  CHECK_FALSE(mirrored(BLACK, make_square(4, 9)));
  CHECK(mirrored(BLACK, make_square(5, 8)));  // files are not flipped for Black, only ranks
  // Mirrored: a piece on file i counts as one on file 8 - i.
  const Square red_king_f0 = make_square(5, 0);
  const Piece horse = make_piece(RED, HORSE);
  CHECK(feature_index(RED, red_king_f0, horse, make_square(1, 0)) ==
        feature_index(RED, make_square(3, 0), horse, make_square(7, 0)));
  CHECK(feature_index(RED, red_king_f0, make_piece(RED, KING), red_king_f0) == make_square(3, 0));
}

TEST_CASE("nnue features: Black's view is Red's view of the colour-flipped board", "[nnue][features]") {
  auto flip = [](Square s) { return make_square(file_of(s), RANK_NB - 1 - rank_of(s)); };
  for (bool mirror : {false, true})
    for (Color c : {RED, BLACK})
      for (int t = KING; t <= PAWN; ++t)
        for (Square s = 0; s < SQUARE_NB; ++s)
          CHECK(feature_index(BLACK, mirror, make_piece(c, PieceType(t)), s) ==
                feature_index(RED, mirror, make_piece(~c, PieceType(t)), flip(s)));
}
