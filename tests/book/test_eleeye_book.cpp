// ElephantEye's BOOK.DAT through book/: its start-position entries, the mirror lookup, a walk
// through every position its entries lead to, and files that are not books.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "book/book.h"
#include "book/eleeye.h"
#include "book_files.h"
#include "engine/movegen.h"
#include "engine/notation.h"

using namespace xq;
using xq::book::Book;
using xq::book::BookMove;

namespace {

std::shared_ptr<const Book> eleeye_book() {
  std::string error;
  auto b = book::parse_book(test::read_bytes(test::ELEEYE_BOOK), "BOOK.DAT", error);
  INFO(error);
  REQUIRE(b);
  return b;
}

std::map<std::string, std::uint32_t> as_map(const std::vector<BookMove>& moves) {
  std::map<std::string, std::uint32_t> m;
  for (const BookMove& b : moves) m[move_to_string(b.move)] = b.weight;
  return m;
}

Position after(const std::vector<std::string>& moves) {
  Position pos;
  for (const std::string& m : moves) {
    const MoveResult mr = parse_move(pos, m);
    REQUIRE(mr.ok());
    pos.do_move(mr.move);
  }
  return pos;
}

std::string record(std::uint32_t lock, std::uint16_t move, std::uint16_t weight) {
  std::string r;
  for (int i = 0; i < 4; ++i) r.push_back(char((lock >> (8 * i)) & 0xFF));
  r.push_back(char(move & 0xFF)), r.push_back(char(move >> 8));
  r.push_back(char(weight & 0xFF)), r.push_back(char(weight >> 8));
  return r;
}

}  // namespace

TEST_CASE("eleeye book: squares and moves convert both ways", "[book]") {
  CHECK(book::eleeye::to_square(make_square(0, 9)) == 0x33);  // a9: ElephantEye's first square
  CHECK(book::eleeye::to_square(make_square(8, 0)) == 0xcb);  // i0: its last
  for (Square s = 0; s < SQUARE_NB; ++s) CHECK(book::eleeye::from_square(book::eleeye::to_square(s)) == s);
  CHECK_FALSE(book::eleeye::from_square(0x00));
  CHECK_FALSE(book::eleeye::from_square(0x3c));  // one file right of the board
  const Move h2e2 = make_move(make_square(7, 2), make_square(4, 2));
  CHECK(book::eleeye::from_move(book::eleeye::to_move(h2e2)) == h2e2);
}

TEST_CASE("eleeye book: BOOK.DAT has 12,081 records and its known start-position entries", "[book]") {
  const auto b = eleeye_book();
  CHECK(b->format() == book::Format::ElephantEye);
  CHECK(b->size() == 12081);
  // The openings a Xiangqi player expects, weighted as ElephantEye's author did: the central
  // cannon first, then the elephant and pawn openings, the horse openings, the cannon
  // variations. The start is symmetric, so each move and its mirror twin weigh the same.
  const std::map<std::string, std::uint32_t> expected = {
      {"h2e2", 1473}, {"b2e2", 1473},  // central cannon
      {"c3c4", 546},  {"g3g4", 546},   // pawn openings
      {"c0e2", 311},  {"g0e2", 311},   // elephant openings
      {"b0c2", 89},   {"h0g2", 89},    // horse openings
      {"h2d2", 42},   {"b2f2", 42},    // "cross-palace" cannon
      {"b2d2", 37},   {"h2f2", 37},    // "palace corner" cannon
      {"b0a2", 18},   {"h0i2", 18},    // edge horse
      {"h2c2", 2},    {"b2g2", 2},     // "cannon to the third file"
  };
  const std::vector<BookMove> moves = b->moves(Position());
  CHECK(as_map(moves) == expected);
  REQUIRE(moves.size() == 16);
  CHECK(moves.front().weight == 1473);  // heaviest first
  CHECK(moves.back().weight == 2);
}

TEST_CASE("eleeye book: a position and its mirror image get mirrored moves", "[book]") {
  const auto b = eleeye_book();
  const auto right = as_map(b->moves(after({"h2e2"})));
  const auto left = as_map(b->moves(after({"b2e2"})));
  CHECK(right.at("h9g7") == 761);  // the screen horse against the central cannon
  REQUIRE(right.size() == left.size());
  Position pos = after({"h2e2"});
  for (const auto& [move, weight] : right) {
    const Move m = parse_move(pos, move).move;
    INFO(move);
    CHECK(left.at(move_to_string(book::mirror_move(m))) == weight);
  }
  // Only one of the two is stored (ElephantEye looks up the mirror when the position is
  // missing): the lock of one of them has no record of its own.
  const auto has_lock = [&](std::uint32_t lock) {
    return std::any_of(b->entries().begin(), b->entries().end(), [&](const book::Entry& e) { return e.key == lock; });
  };
  CHECK(has_lock(book::eleeye::lock(after({"h2e2"}))) != has_lock(book::eleeye::lock(after({"b2e2"}))));
}

TEST_CASE("eleeye book: a walk from the start through every entry meets only legal moves", "[book]") {
  const auto b = eleeye_book();
  std::set<Key> seen;
  std::set<std::size_t> rows_used;  // the records the walk's positions matched
  std::vector<Position> todo{Position()};
  int illegal = 0, positions = 0;
  while (!todo.empty()) {
    Position pos = std::move(todo.back());
    todo.pop_back();
    if (!seen.insert(pos.key()).second) continue;
    ++positions;
    const MoveList legal = legal_moves(pos);
    for (const bool mirrored : {false, true}) {
      const std::uint32_t lock = book::eleeye::lock(pos, mirrored);
      const auto& e = b->entries();
      auto it = std::lower_bound(e.begin(), e.end(), lock, [](const book::Entry& x, std::uint64_t k) { return x.key < k; });
      for (; it != e.end() && it->key == lock; ++it) {
        rows_used.insert(std::size_t(it - e.begin()));
        std::optional<Move> m = book::eleeye::from_move(it->move);
        REQUIRE(m);
        if (mirrored) m = book::mirror_move(*m);
        if (std::find(legal.begin(), legal.end(), *m) == legal.end()) ++illegal;
      }
    }
    for (const BookMove& bm : b->moves(pos)) {
      Position next = pos;
      next.do_move(bm.move);
      todo.push_back(std::move(next));
    }
  }
  INFO(positions << " positions, " << rows_used.size() << " records used");
  CHECK(illegal == 0);
  // The walk went deep into the book, not just through its first rows (7,577 positions and
  // 3,932 records when written). It cannot use every record: ElephantEye's book maker drops
  // moves whose value falls below its ratio but keeps the positions after them, and games
  // from other start positions add positions no walk from the standard start reaches.
  CHECK(positions > 7000);
  CHECK(rows_used.size() > 3900);
}

TEST_CASE("eleeye book: moves of a colliding lock that are illegal here are dropped", "[book]") {
  const Position start;
  const std::uint32_t lock = book::eleeye::lock(start);
  const auto sq = [](const char* s) { return make_square(s[0] - 'a', s[1] - '0'); };
  const std::uint16_t legal = book::eleeye::to_move(make_move(sq("h2"), sq("e2")));
  const std::uint16_t blocked = book::eleeye::to_move(make_move(sq("a0"), sq("a9")));  // through its own pawn
  const std::uint16_t empty_from = book::eleeye::to_move(make_move(sq("e5"), sq("e6")));
  std::string error;
  const auto b = book::parse_book(record(lock, blocked, 50) + record(lock, legal, 7) + record(lock, empty_from, 9), "t", error);
  REQUIRE(b);
  CHECK(as_map(b->moves(start)) == std::map<std::string, std::uint32_t>{{"h2e2", 7}});
}

TEST_CASE("eleeye book: bytes that are no book are refused with the reason", "[book]") {
  const std::uint16_t h2e2 = book::eleeye::to_move(make_move(make_square(7, 2), make_square(4, 2)));
  std::string error;
  CHECK_FALSE(book::parse_book("", "t", error));
  CHECK(error == "the file is empty");
  CHECK_FALSE(book::parse_book(record(5, h2e2, 1) + "abc", "t", error));
  CHECK(error.find("are not whole 8-byte BOOK.DAT records") != std::string::npos);
  CHECK_FALSE(book::parse_book(record(9, h2e2, 1) + record(5, h2e2, 1), "t", error));
  CHECK(error.find("record 2 is out of order") != std::string::npos);
  CHECK_FALSE(book::parse_book(record(5, 0x0000, 1), "t", error));
  CHECK(error.find("record 1 has no move") != std::string::npos);
}
