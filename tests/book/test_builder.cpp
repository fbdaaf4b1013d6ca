// Building our book from games: the PGN reader, the counts, and the embedded default book,
// which must be exactly what its documented command makes from the master games.
#include <catch2/catch.hpp>

#include <string>

#include "book/book.h"
#include "book/builder.h"
#include "book/pgn_games.h"
#include "book/xqb_format.h"
#include "book_files.h"
#include "engine/notation.h"

using namespace xq;
using book::GameResult;

TEST_CASE("pgn games: tags, move numbers, comments, variations and results", "[book]") {
  const std::string text =
      "[Event \"one\"]\n[Result \"1-0\"]\n\n1. h2e2 {a comment\n over two lines} h9g7 2. h0-g2 (2. b0c2 b9c7) i9h9 1-0\n"
      "\n[Event \"two\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1\"]\n1. e1d2 ; to the end of the line\n e9e8 *\n"
      "[Event \"three\"]\n1. c3c4 g6g5 1/2-1/2\n";
  const auto games = book::read_pgn_games(text);
  REQUIRE(games.size() == 3);
  CHECK(games[0].moves == std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9"});
  CHECK(games[0].result == GameResult::RedWins);
  CHECK(games[0].line == 1);
  CHECK_FALSE(games[0].fen);
  CHECK(games[1].fen == std::optional<std::string>("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"));
  CHECK(games[1].moves == std::vector<std::string>{"e1d2", "e9e8"});
  CHECK(games[1].result == GameResult::Unknown);
  CHECK(games[2].result == GameResult::Draw);
  CHECK(games[1].line == 7);
  CHECK(games[2].line == 11);
}

TEST_CASE("pgn games: xqmatch's own PGN (self-play results) builds a book with results", "[book]") {
  // As xqmatch -pgnout writes it: "1..." for Black's moves, a comment after every move.
  const std::string text =
      "[Event \"xqmatch\"]\n[Round \"1\"]\n[Result \"0-1\"]\n[Format \"ICCS\"]\n\n"
      "1. h2g2 {book} 1... h7g7 {book} 2. h0i2 {+1.18/13 0.16s} 2... h9i7\n{-0.33/12 1.04s} 0-1\n\n"
      "[Event \"xqmatch\"]\n[Round \"2\"]\n[Result \"1/2-1/2\"]\n\n1. h2g2 {book} 1... b7b5 {book} 1/2-1/2\n";
  const auto games = book::read_pgn_games(text);
  REQUIRE(games.size() == 2);
  CHECK(games[0].moves == std::vector<std::string>{"h2g2", "h7g7", "h0i2", "h9i7"});
  book::Builder b({10, 1});
  CHECK(b.add(games).empty());
  std::string error;
  const auto bk = book::parse_book(book::xqb::write(b.entries()), "self-play", error);
  REQUIRE(bk);
  const auto first = bk->moves(Position());
  REQUIRE(first.size() == 1);
  CHECK(move_to_string(first[0].move) == "h2g2");
  CHECK((first[0].weight == 2 && first[0].wins == 0 && first[0].draws == 1 && first[0].losses == 1));
}

TEST_CASE("book builder: counts games per move from the mover's side, mirror twins as one", "[book]") {
  book::Builder b({4, 1});
  CHECK(b.add(Position(), {"h2e2", "h9g7", "h0g2"}, GameResult::RedWins).empty());
  CHECK(b.add(Position(), {"b2e2", "b9c7"}, GameResult::BlackWins).empty());  // the mirror of the first
  CHECK(b.add(Position(), {"h2e2", "h9g7", "z9z9"}, GameResult::Draw).rfind("move 3 'z9z9': ", 0) == 0);
  std::string error;
  const auto bk = book::parse_book(book::xqb::write(b.entries()), "t", error);
  REQUIRE(bk);
  Position pos;
  pos.do_move(parse_move(pos, "h2e2").move);
  const auto replies = bk->moves(pos);
  REQUIRE(replies.size() == 1);
  CHECK(move_to_string(replies[0].move) == "h9g7");
  CHECK(replies[0].weight == 3);  // h9g7 twice and its mirror b9c7 once
  CHECK((replies[0].wins == 1 && replies[0].draws == 1 && replies[0].losses == 1));
  const auto first = bk->moves(Position());
  REQUIRE(first.size() == 2);  // h2e2 and b2e2 are different moves of the (symmetric) start
  CHECK(move_to_string(first[0].move) == "h2e2");
  CHECK((first[0].weight == 2 && first[0].wins == 1 && first[0].draws == 1 && first[0].losses == 0));
  CHECK((first[1].weight == 1 && first[1].losses == 1));
  // min_games 2 leaves out the moves only one game played.
  book::Builder strict({4, 2});
  strict.add(Position(), {"h2e2", "h9g7", "h0g2"}, GameResult::RedWins);
  strict.add(Position(), {"h2e2", "h9g7", "b0c2"}, GameResult::RedWins);
  CHECK(strict.entries().size() == 2);
}

TEST_CASE("book builder: the embedded book is the documented build of the master games", "[book]") {
  const auto games = book::read_pgn_games(test::read_bytes(test::MASTER_GAMES));
  CHECK(games.size() == 1125);
  book::Builder b({20, 2});  // data/book/README.md: --max-plies 20 --min-games 2
  CHECK(b.add(games).empty());
  const std::string built = book::xqb::write(b.entries());
  CHECK(built == test::read_bytes(test::DEFAULT_BOOK));
  CHECK(built == std::string(book::embedded_bytes()));
  const auto embedded = book::embedded_book();
  REQUIRE(embedded);
  CHECK(embedded->size() == 2230);
  const auto start = embedded->moves(Position());
  REQUIRE(start.size() >= 5);
  CHECK(move_to_string(start[0].move) == "h2e2");  // the masters' favourite: the central cannon
}
