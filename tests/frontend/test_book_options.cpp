// The opening book in the protocols: OwnBook/usebook, BookFile/bookfiles, BookDepth,
// BookVariety. A fresh engine plays from its embedded book when asked (and says so in an info
// string), varies its first move across new games, can be told not to, refuses a bad book
// file with the reason and keeps the books it had.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "book/book.h"
#include "book/xqb_format.h"
#include "engine/notation.h"
#include "frontend/protocol.h"
#include "protocol_driver.h"
#include "../temp_dir.h"

using xq::frontend::Protocol;
using namespace xq::test;

namespace {

const std::string ELEEYE = XQ_DATA_DIR "/../tests/data/eleeye/BOOK.DAT";

// The move of "info string book move X ...", or "" when the reply has none.
std::string book_move(const std::string& reply) {
  std::smatch m;
  return std::regex_search(reply, m, std::regex("info string book move (\\w\\d\\w\\d) ")) ? m[1].str() : "";
}

// The embedded book's moves from the start position.
std::set<std::string> embedded_start_moves() {
  std::set<std::string> moves;
  for (const auto& b : xq::book::embedded_book()->moves(xq::Position())) moves.insert(xq::move_to_string(b.move));
  return moves;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("book options: the handshakes offer them with each protocol's default", "[frontend][book]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string uci = send(p, out, "uci\n");
  CHECK(has(uci, "option name OwnBook type check default false\n"));
  CHECK(has(uci, "option name BookFile type string default <embedded>\n"));
  CHECK(has(uci, "option name BookDepth type spin default 20 min 1 max 200\n"));
  CHECK(has(uci, "option name BookVariety type spin default 100 min 0 max 100\n"));
  const std::string ucci = send(p, out, "ucci\n");
  CHECK(has(ucci, "option usebook type check default true\n"));
  CHECK(has(ucci, "option bookfiles type string default <embedded>\n"));
  CHECK_FALSE(has(send(p, out, "setoption usebook true\n"), "no effect"));  // no longer a fixed knob
  std::ostringstream cecp_out;
  Protocol cecp(cecp_out);
  const std::string features = send(cecp, cecp_out, "xboard\nprotover 2\n");
  CHECK(has(features, "feature option=\"OwnBook -check 0\""));
  CHECK(has(features, "feature option=\"BookFile -string <embedded>\""));
}

TEST_CASE("book options: UCI searches unless OwnBook is on; then the embedded book answers", "[frontend][book]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "uci\n");
  const std::string searched = send(p, out, "position startpos\ngo depth 2\n");
  CHECK(book_move(searched).empty());
  CHECK(has(searched, "info depth 2 "));
  const std::string booked = send(p, out, "setoption name OwnBook value true\nposition startpos\ngo depth 2\n");
  INFO(booked);
  const std::string move = book_move(booked);
  CHECK(embedded_start_moves().count(move) == 1);
  CHECK(bestmove(booked) == move);
  CHECK(has(booked, "book moves, <embedded>)"));
  CHECK_FALSE(has(booked, "info depth"));  // nothing was searched
  // Analysis always searches.
  out.str("");
  p.handle("go infinite");
  p.handle("stop");
  CHECK(book_move(out.str()).empty());
  // Off again: a search.
  const std::string off = send(p, out, "setoption name OwnBook value false\nposition startpos\ngo depth 2\n");
  CHECK(book_move(off).empty());
  CHECK(has(off, "info depth 2 "));
}

TEST_CASE("book options: the first move varies across new games and repeats within one", "[frontend][book]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "uci\nsetoption name OwnBook value true\n");
  std::set<std::string> firsts;
  for (int game = 0; game < 30; ++game) {
    const std::string first = book_move(send(p, out, "ucinewgame\nposition startpos\ngo depth 1\n"));
    REQUIRE_FALSE(first.empty());
    // The same position again in the same game (same seed): the same choice.
    CHECK(book_move(send(p, out, "position startpos\ngo depth 1\n")) == first);
    firsts.insert(first);
  }
  // h2e2 weighs 532 of 1,123: 30 games all alike would have a chance of about 1e-10.
  CHECK(firsts.size() >= 3);
  // BookVariety 0: always the heaviest, the central cannon.
  send(p, out, "setoption name BookVariety value 0\n");
  for (int game = 0; game < 5; ++game)
    CHECK(book_move(send(p, out, "ucinewgame\nposition startpos\ngo depth 1\n")) == "h2e2");
  // A GUI that ponders gets the book's heaviest reply (h9g7, 497 of 661) as the ponder move.
  CHECK(bestmove_line(send(p, out, "setoption name Ponder value true\nposition startpos\ngo depth 1\n")) ==
        "bestmove h2e2 ponder h9g7");
}

TEST_CASE("book options: UCCI plays from the book by default; usebook false, BookDepth and bans hold", "[frontend][book]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "ucci\n");
  CHECK_FALSE(book_move(send(p, out, "position startpos\ngo depth 2\n")).empty());
  // BookDepth: the book answers only up to that full-move number.
  send(p, out, "setoption bookdepth 1\n");
  CHECK(book_move(send(p, out, "position startpos moves h2e2 h9g7\ngo depth 1\n")).empty());
  // BookVariety 0 from here on: the choice is the heaviest move, not a draw (h0g2 weighs only 479 of 497
  // and a weighted draw picked g3g4 once in CI).
  send(p, out, "setoption bookdepth 2\nsetoption bookvariety 0\n");
  CHECK(book_move(send(p, out, "position startpos moves h2e2 h9g7\ngo depth 1\n")) == "h0g2");
  // A banned book move is not played; the book's other moves are.
  const std::string banned = send(p, out, "position startpos\nbanmoves h2e2\ngo depth 1\n");
  CHECK(book_move(banned) == "c3c4");  // the next heaviest
  // usebook false: a search.
  const std::string off = send(p, out, "setoption usebook false\nposition startpos\ngo depth 2\n");
  CHECK(book_move(off).empty());
  CHECK(has(off, "info depth 2 "));
}

TEST_CASE("book options: BookFile loads ElephantEye's BOOK.DAT and lists of books", "[frontend][book]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "uci\nsetoption name OwnBook value true\nsetoption name BookVariety value 0\n");
  CHECK(send(p, out, "setoption name BookFile value " + ELEEYE + "\n") ==
        "info string opening book: loaded " + ELEEYE + " (ElephantEye BOOK.DAT, 12081 entries)\n");
  // After b2e2 BOOK.DAT stores nothing itself: its answer comes from the mirror image.
  const std::string reply = send(p, out, "position startpos moves b2e2\ngo depth 1\n");
  CHECK(has(reply, "info string book move b9c7 (weight 761 of 1031, 4 book moves, " + ELEEYE + ")"));
  // UCCI's bookfiles: several books separated by ';', asked in order.
  CHECK(has(send(p, out, "setoption name BookFile value " + ELEEYE + ";<embedded>\n"),
            "loaded " + ELEEYE + " (ElephantEye BOOK.DAT, 12081 entries); <embedded> (xqb, 2230 entries)"));
  CHECK(has(send(p, out, "position startpos\ngo depth 1\n"), ", " + ELEEYE + ")"));
  CHECK(has(send(p, out, "setoption name BookFile value <embedded>\n"), "loaded <embedded> (xqb, 2230 entries)"));
}

TEST_CASE("book options: every bad book file is named and the previous books keep playing", "[frontend][book]") {
  const xq::test::TempDir dir("book_test");
  std::string xqb = xq::book::xqb::write({{1, 300, 1, 0, 0, 0}, {2, 300, 1, 0, 0, 0}});
  struct Case {
    std::string name, path, expected;
  };
  const std::vector<Case> cases = {
      {"missing", (dir.path / "missing.xqb").string(), "does not exist"},
      {"empty", dir.write("empty.dat", ""), "the file is empty"},
      {"text", dir.write("notes.txt", "this is not a book\n"), "not whole 8-byte BOOK.DAT records"},
      {"unsorted records", dir.write("unsorted.dat", std::string("\x09\0\0\0\x5b\x6b\1\0\x05\0\0\0\x5b\x6b\1\0", 16)),
       "record 2 is out of order"},
      {"truncated xqb", dir.write("short.xqb", xqb.substr(0, xqb.size() - 5)), "the header counts 2 rows"},
      {"a directory", dir.path.string(), "is a directory"},
      {"a device that never ends", "/dev/zero", "is not a regular file"},
      {"one bad file of a list", ELEEYE + ";" + (dir.path / "missing.xqb").string(), "does not exist"},
  };
  for (const char* dialect : {"uci", "ucci"}) {
    const bool uci = std::string(dialect) == "uci";
    // The previous book under a short name: errors quote at most 200 characters.
    const std::string previous = dir.write("prev.dat", read_file(ELEEYE));
    std::ostringstream out;
    Protocol p(out);
    send(p, out, std::string(dialect) + "\n");
    const std::string set = uci ? "setoption name BookFile value " : "setoption bookfiles ";
    send(p, out, uci ? "setoption name OwnBook value true\n" : "");
    REQUIRE(has(send(p, out, set + previous + "\n"), "loaded " + previous));
    for (const Case& c : cases) {
      INFO(dialect << ": " << c.name);
      const std::string answer = send(p, out, set + c.path + "\n");
      CHECK(has(answer, "info string error: opening book: "));
      CHECK(has(answer, c.expected));
      CHECK(has(answer, "; keeping " + previous + "\n"));
      // The previous book still answers.
      CHECK(has(send(p, out, "position startpos\ngo depth 1\n"), "book moves, " + previous + ")"));
    }
  }
}

TEST_CASE("book options: CECP plays a book move when OwnBook is set, and says so when posting", "[frontend][book][cecp]") {
  std::ostringstream out;
  Protocol p(out);
  for (const char* line : {"xboard", "protover 2", "new", "st 1", "option OwnBook=1", "post", "go"}) p.handle(line);
  p.wait_search();  // (not send(): the end of its input would stop the search)
  const std::string moved = out.str();
  INFO(moved);
  std::smatch m;
  REQUIRE(std::regex_search(moved, m, std::regex("# book move (\\w\\d\\w\\d) .*\nmove (\\w\\d\\w\\d)\n")));
  CHECK(m[1].str() == m[2].str());
  CHECK(embedded_start_moves().count(m[1].str()) == 1);
}
