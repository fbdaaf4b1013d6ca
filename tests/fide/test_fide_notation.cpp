// FEN and UCI input: round trips, and bad input rejected with a message naming the problem
// while the position stays exactly as it was.
#include "engine/fide/movegen.h"
#include "fide_helpers.h"

using namespace xq::fide;

namespace {

const char* BEFORE = "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 20";

void expect_fen_rejected(const std::string& fen, const std::string& fragment) {
  Position pos = fide_test::from_fen(BEFORE);
  const Key key = pos.key();
  const FenResult res = set_fen(pos, fen);
  INFO("FEN: " << fen << "  error: " << res.error);
  CHECK_FALSE(res.ok);
  CHECK(res.error.find(fragment) != std::string::npos);
  CHECK(to_fen(pos) == BEFORE);
  CHECK(pos.key() == key);
}

void expect_move_rejected(const std::string& text, const std::string& fragment) {
  Position pos = fide_test::from_fen(BEFORE);
  const MoveResult res = parse_uci_move(pos, text);
  INFO("move: " << text << "  error: " << res.error);
  CHECK_FALSE(res.ok());
  CHECK(res.error.find(fragment) != std::string::npos);
  CHECK(to_fen(pos) == BEFORE);
}

}  // namespace

TEST_CASE("chess: FEN round trips, counters included", "[fide][fen]") {
  for (const char* fen : {Position::START_FEN, BEFORE, "8/8/8/8/8/8/8/K6k b - - 99 140",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}) {
    CHECK(to_fen(fide_test::from_fen(fen)) == fen);
  }
  CHECK(to_fen(Position()) == Position::START_FEN);
}

TEST_CASE("chess: FEN without counters defaults to 0 and 1", "[fide][fen]") {
  CHECK(to_fen(fide_test::from_fen("4k3/8/8/8/8/8/8/4K3 w - -")) == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST_CASE("chess: an en-passant square nobody can use is dropped, key included", "[fide][fen][ep]") {
  const Position with = fide_test::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
  const Position without = fide_test::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
  CHECK(with.ep_square() == SQ_NONE);
  CHECK(with.key() == without.key());
  CHECK(to_fen(with) == to_fen(without));
}

TEST_CASE("chess: malformed FEN is rejected with a reason", "[fide][fen]") {
  expect_fen_rejected("", "empty");
  expect_fen_rejected("8/8/8/8/8/8/8/K6k w", "expected at least 4");
  expect_fen_rejected("8/8/8/8/8/8/8/K6k w - - 0", "expected 4 or 6");
  expect_fen_rejected("8/8/8/8/8/8/K6k w - - 0 1", "7 ranks");
  expect_fen_rejected("8/8/8/8/8/8/8/8/K6k w - - 0 1", "too many ranks");
  expect_fen_rejected("8/8/8/7/8/8/8/K6k w - - 0 1", "rank 5 has 7 squares");
  expect_fen_rejected("8/8/8/8/8/8/8/K6k1 w - - 0 1", "wider");
  expect_fen_rejected("8/8/8/4X3/8/8/8/K6k w - - 0 1", "unknown piece letter 'X'");
  expect_fen_rejected("8/8/8/8/8/8/8/K6k x - - 0 1", "unknown side");
  expect_fen_rejected("8/8/8/8/8/8/8/K6k w - - x 1", "bad halfmove clock");
  expect_fen_rejected("8/8/8/8/8/8/8/K6k w - - 0 0", "bad fullmove number");
}

TEST_CASE("chess: impossible positions are rejected", "[fide][fen]") {
  expect_fen_rejected("8/8/8/8/8/8/8/K7 w - - 0 1", "missing black king");
  expect_fen_rejected("k7/8/8/8/8/8/8/K1K5 w - - 0 1", "too many white kings");
  expect_fen_rejected("k6P/8/8/8/8/8/8/K7 w - - 0 1", "pawn on the first or last rank");
  expect_fen_rejected("k7/8/8/8/8/8/8/K6r b - - 0 1", "white king is in check");
}

TEST_CASE("chess: castling and en-passant fields are checked against the board", "[fide][fen]") {
  expect_fen_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", "unknown letter 'x'");
  expect_fen_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1", "repeated");
  expect_fen_rejected("r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1", "no rook on h1");
  expect_fen_rejected("r3k2r/8/8/8/8/8/8/R2K3R w Q - 0 1", "king is not on its home square");
  expect_fen_rejected("4k3/8/8/8/8/8/8/4K3 b - e9 0 1", "bad en-passant field");
  expect_fen_rejected("4k3/8/8/8/8/8/8/4K3 b - e3 0 1", "does not follow a double pawn push");
  expect_fen_rejected("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "does not follow a double pawn push");
}

TEST_CASE("chess: bad UCI moves are rejected as malformed or illegal", "[fide][moves]") {
  expect_move_rejected("", "malformed");
  expect_move_rejected("e7", "malformed");
  expect_move_rejected("e7e5x", "malformed");
  expect_move_rejected("i7i5", "malformed");
  expect_move_rejected("e7e5qq", "malformed");
  expect_move_rejected("e7e5", "illegal move 'e7e5': no piece on e7");
  expect_move_rejected("a1a2", "is not the side to move's");
  expect_move_rejected("e8e6", "not a legal move");
  expect_move_rejected("d4d3q", "not a legal move");  // not a promotion square
}

TEST_CASE("chess: a good UCI move parses to the move that moves that piece", "[fide][moves]") {
  Position pos = fide_test::from_fen(BEFORE);
  const Move ep = fide_test::move(pos, "d4e3");
  CHECK(kind_of(ep) == EN_PASSANT);
  const Move castle = fide_test::move(pos, "e8c8");
  CHECK(kind_of(castle) == CASTLING);
  CHECK(move_to_uci(castle) == "e8c8");
  CHECK(legal_moves(pos).contains(castle));
}
