// Move rules that perft numbers alone would not pinpoint: castling through, out of and into
// check; en passant that would expose the king; promotion choices.
#include <algorithm>

#include "engine/fide/movegen.h"
#include "fide_helpers.h"

using namespace xq::fide;
using fide_test::from_fen;

namespace {
bool legal(const std::string& fen, const std::string& text) {
  const Position pos = from_fen(fen);
  return parse_uci_move(pos, text).ok();
}
}  // namespace

TEST_CASE("chess: castling is allowed with a clear, safe path", "[fide][moves][castling]") {
  const char* fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  CHECK(legal(fen, "e1g1"));
  CHECK(legal(fen, "e1c1"));
  // b1 may be attacked: the king does not pass it, only the rook does.
  CHECK(legal("r3k2r/8/8/8/8/n7/8/R3K2R w KQkq - 0 1", "e1c1"));
}

TEST_CASE("chess: castling out of, through or into check is illegal", "[fide][moves][castling]") {
  // Out of check: rook on e4 gives check.
  CHECK_FALSE(legal("r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1", "e1g1"));
  CHECK_FALSE(legal("r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1", "e1c1"));
  // Through check: bishop on g2 covers f1; queen side is unaffected.
  CHECK_FALSE(legal("r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1", "e1g1"));
  CHECK(legal("r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1", "e1c1"));
  // Into check: the rook on g8 covers g1, where the king would land.
  CHECK_FALSE(legal("r3k1rr/8/8/8/8/8/8/R3K2R w KQk - 0 1", "e1g1"));
  // Through d1 for the long castle.
  CHECK_FALSE(legal("r2rk3/8/8/8/8/8/8/R3K2R w KQq - 0 1", "e1c1"));
  // Blocked path, and no right.
  CHECK_FALSE(legal("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1c1"));
  CHECK_FALSE(legal("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1"));
}

TEST_CASE("chess: castling rights are lost when king or rook moves or the rook is taken", "[fide][moves][castling]") {
  Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  fide_test::play(pos, {"h1h8"});  // takes the rook: white loses K (rook left), black loses k
  CHECK(pos.castling_rights() == (WHITE_OOO | BLACK_OOO));
  fide_test::play(pos, {"e8d7"});
  CHECK(pos.castling_rights() == WHITE_OOO);
  CHECK(to_fen(pos) == "r6R/3k4/8/8/8/8/8/R3K3 w Q - 1 2");
}

TEST_CASE("chess: en passant: legal capture, and the rank pin that forbids it", "[fide][moves][ep]") {
  Position pos = from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  fide_test::play(pos, {"e2e4"});
  CHECK(pos.ep_square() == make_square(4, 2));
  const Move ep = fide_test::move(pos, "d4e3");
  CHECK(kind_of(ep) == EN_PASSANT);
  pos.do_move(ep);
  CHECK(pos.empty(make_square(4, 3)));  // the e4 pawn is gone
  CHECK(to_fen(pos) == "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
  pos.undo_move();
  CHECK(to_fen(pos) == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");

  // Both pawns leave rank 4, which would open the rook's line to the king on a4.
  Position pinned = from_fen("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1");
  fide_test::play(pinned, {"e2e4"});
  CHECK(pinned.ep_square() == SQ_NONE);
  CHECK_FALSE(parse_uci_move(pinned, "d4e3").ok());
}

TEST_CASE("chess: en passant may capture the checking pawn", "[fide][moves][ep]") {
  // The pushed pawn on d4 checks the king on e5; taking it en passant (c4xd3) evades.
  Position pos = from_fen("8/8/8/4k3/2p5/8/3P4/4K3 w - - 0 1");
  fide_test::play(pos, {"d2d4"});
  REQUIRE(pos.in_check());
  CHECK(parse_uci_move(pos, "c4d3").ok());
}

TEST_CASE("chess: promotion offers all four pieces and needs a letter", "[fide][moves][promotion]") {
  Position pos = from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  const MoveList list = legal_moves(pos);
  const int promos = int(std::count_if(list.begin(), list.end(), [](Move m) { return kind_of(m) == PROMOTION; }));
  CHECK(promos == 4);
  for (const char* text : {"e7e8q", "e7e8r", "e7e8b", "e7e8n"}) CHECK(parse_uci_move(pos, text).ok());
  const auto bare = parse_uci_move(pos, "e7e8");
  CHECK_FALSE(bare.ok());
  CHECK(bare.error.find("promotion") != std::string::npos);
  fide_test::play(pos, {"e7e8n"});
  CHECK(pos.piece_on(make_square(4, 7)) == make_piece(WHITE, KNIGHT));
  pos.undo_move();
  CHECK(pos.piece_on(make_square(4, 6)) == make_piece(WHITE, PAWN));
}
