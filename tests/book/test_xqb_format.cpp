// Our book format (.xqb): rows survive a write and a read unchanged; bad files are refused
// with the reason; lookups find a position's moves and its mirror image's.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "book/book.h"
#include "book/xqb_format.h"
#include "engine/notation.h"

using namespace xq;
using book::Entry;

namespace {

bool same(const std::vector<Entry>& a, const std::vector<Entry>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].key != b[i].key || a[i].move != b[i].move || a[i].weight != b[i].weight || a[i].wins != b[i].wins ||
        a[i].draws != b[i].draws || a[i].losses != b[i].losses)
      return false;
  return true;
}

Move mv(Position& pos, const char* text) {
  const MoveResult mr = parse_move(pos, text);
  REQUIRE(mr.ok());
  return mr.move;
}

}  // namespace

TEST_CASE("xqb: rows round-trip through the file bytes, sorted by key and move", "[book]") {
  Position pos;
  const std::vector<Entry> rows = {
      {0xFFFFFFFFFFFFFFFFULL, std::uint16_t(mv(pos, "b0c2")), 65535, 4000000000u, 2, 3},
      {pos.key(), std::uint16_t(mv(pos, "h2e2")), 10, 5, 3, 2},
      {pos.key(), std::uint16_t(mv(pos, "c3c4")), 4, 1, 0, 3},
  };
  const std::string bytes = book::xqb::write(rows);
  CHECK(bytes.size() == book::xqb::HEADER_BYTES + 3 * book::xqb::ROW_BYTES);
  CHECK(bytes.substr(0, 8) == "XQBOOK01");
  std::vector<Entry> back;
  std::string error;
  REQUIRE(book::xqb::read(bytes, back, error));
  std::vector<Entry> sorted = {rows[1], rows[2], rows[0]};
  if (sorted[0].move > sorted[1].move) std::swap(sorted[0], sorted[1]);
  CHECK(same(back, sorted));
  CHECK(book::xqb::write(back) == bytes);  // and write again to the same bytes
}

TEST_CASE("xqb: a book answers a position and its mirror image, with counts", "[book]") {
  Position pos;
  const Move h2e2 = mv(pos, "h2e2");
  pos.do_move(h2e2);
  const Move h9g7 = mv(pos, "h9g7");
  std::string error;
  const auto b = book::parse_book(book::xqb::write({{pos.key(), std::uint16_t(h9g7), 9, 5, 3, 1}}), "t.xqb", error);
  REQUIRE(b);
  CHECK(b->format() == book::Format::Xqb);
  const auto moves = b->moves(pos);
  REQUIRE(moves.size() == 1);
  CHECK(moves[0].move == h9g7);
  CHECK((moves[0].weight == 9 && moves[0].wins == 5 && moves[0].draws == 3 && moves[0].losses == 1));
  // The mirror twin (b2e2) is not stored; its answer is the mirrored move, b9c7.
  Position twin;
  twin.do_move(mv(twin, "b2e2"));
  CHECK(book::mirrored_key(twin) == pos.key());
  const auto mirrored = b->moves(twin);
  REQUIRE(mirrored.size() == 1);
  CHECK(move_to_string(mirrored[0].move) == "b9c7");
  CHECK(b->moves(Position()).empty());
}

TEST_CASE("xqb: files that are not good books are refused with the reason", "[book]") {
  Position pos;
  const std::uint16_t h2e2 = std::uint16_t(mv(pos, "h2e2"));
  const std::string good = book::xqb::write({{1, h2e2, 1, 0, 0, 0}, {2, h2e2, 1, 0, 0, 0}});
  std::vector<Entry> out;
  std::string error;
  CHECK_FALSE(book::xqb::read(good.substr(0, good.size() - 1), out, error));
  CHECK(error.find("the header counts 2 rows but the file has") != std::string::npos);
  CHECK_FALSE(book::xqb::read(good + "x", out, error));
  CHECK(error.find("the header counts 2 rows") != std::string::npos);
  std::string swapped = good;
  swapped[book::xqb::HEADER_BYTES] = 3;  // the first row's key becomes 3 > 2
  CHECK_FALSE(book::xqb::read(swapped, out, error));
  CHECK(error == "row 2 is out of order or repeats the one before");
  std::string bad_move = good;
  bad_move[book::xqb::HEADER_BYTES + 8] = 0, bad_move[book::xqb::HEADER_BYTES + 9] = 0;  // from == to
  CHECK_FALSE(book::xqb::read(bad_move, out, error));
  CHECK(error.find("row 1: not a move") != std::string::npos);
  CHECK_FALSE(book::xqb::read("XQBOOK0", out, error));
  CHECK(error == "no XQBOOK01 header");
  CHECK(out.empty());  // nothing was handed out by any failed read
}
