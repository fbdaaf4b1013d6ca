// The user commands of UCI and UCCI beyond the protocol: d (board, FEN with its move counters,
// Zobrist key, checkers), eval (the evaluation term by term) and flip (the colour-mirrored
// position), for Xiangqi and for chess (UCI_Variant chess).
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <regex>
#include <sstream>

#include "engine/fide/notation.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "frontend/flip.h"
#include "frontend/protocol.h"
#include "protocol_driver.h"
#include "eval/classical.h"
#include "eval/playing_eval.h"
#include "../test_positions.h"

using xq::frontend::Protocol;
using namespace xq::test;

namespace {

std::string hex_key(std::uint64_t key) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llX", static_cast<unsigned long long>(key));
  return buf;
}

// The text after "<label>: " on its line in `text`, or "<none>".
std::string field(const std::string& text, const std::string& label) {
  std::smatch m;
  return std::regex_search(text, m, std::regex("(^|\n)" + label + ":([^\n]*)\n")) ? m[2].str() : "<none>";
}

// Red king e0 in check from a black horse on d2 (leg d1 empty) and a black rook on e5.
const std::string DOUBLE_CHECK = "4k4/9/9/9/4r4/9/9/3n5/9/4K4 w - - 3 20";

}  // namespace

TEST_CASE("d: the FEN with its counters, the Zobrist key and the checkers (Xiangqi)", "[frontend][d]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string d = send(p, out, "position fen 3akab2/9/4b4/9/9/9/9/9/9/4K4 w - - 7 42 moves e0d0 e9e8\nd\n");
  INFO(d);
  xq::Position pos = from_fen("3akab2/9/4b4/9/9/9/9/9/9/4K4 w - - 7 42");
  play(pos, "e0d0");
  play(pos, "e9e8");
  CHECK(field(d, "FEN") == " 3a1ab2/4k4/4b4/9/9/9/9/9/9/3K5 w - - 9 43");
  CHECK(field(d, "FEN") == " " + xq::to_fen(pos));
  CHECK(field(d, "Key") == " " + hex_key(pos.key()));
  CHECK(std::regex_search(d, std::regex("\nKey: [0-9A-F]{16}\n")));
  CHECK(field(d, "Checkers").empty());  // not in check: nothing after the colon

  const std::string check = send(p, out, "position fen " + DOUBLE_CHECK + "\nd\n");
  INFO(check);
  CHECK(field(check, "Checkers") == " d2 e5");
  CHECK(field(check, "Key") == " " + hex_key(from_fen(DOUBLE_CHECK).key()));
  CHECK(field(send(p, out, "position fen " + DOUBLE_CHECK + " moves e0f0\nd\n"), "Checkers").empty());
}

TEST_CASE("d: the FEN with its counters, the Zobrist key and the checkers (chess)", "[frontend][d]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "setoption name UCI_Variant value chess\n");
  const std::string d = send(p, out, "position startpos moves f2f3 e7e5 g2g4 d8h4\nd\n");
  INFO(d);
  const std::string fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
  CHECK(field(d, "FEN") == " " + fen);
  xq::fide::Position pos;
  REQUIRE(xq::fide::set_fen(pos, fen).ok);
  CHECK(field(d, "Key") == " " + hex_key(pos.key()));
  CHECK(field(d, "Checkers") == " h4");
  CHECK(field(send(p, out, "position startpos\nd\n"), "Checkers").empty());
}

TEST_CASE("eval: the evaluation term by term, its total the engine's evaluate()", "[frontend][eval]") {
  std::ostringstream out;
  Protocol p(out);
  for (const std::string& fen : {std::string(xq::Position::START_FEN), std::string("3akab2/9/4b4/9/9/9/2C6/9/4R4/4K4 b - - 0 30"),
                                DOUBLE_CHECK}) {
    const std::string text = send(p, out, "position fen " + fen + "\neval\n");
    INFO(fen << "\n" << text);
    CHECK(has(text, "term "));
    CHECK(has(text, "\ntotal "));
    CHECK_FALSE(has(text, "info "));  // plain text for people, no protocol lines
    std::smatch m;
    REQUIRE(std::regex_search(text, m, std::regex("\neval ([+-]\\d+) cp for Red, ([+-]\\d+) for the side to move")));
    const xq::Position pos = from_fen(fen);
    const int stm = xq::eval::evaluate(pos);
    CHECK(std::stoi(m[2]) == stm);
    CHECK(std::stoi(m[1]) == (pos.side_to_move() == xq::RED ? stm : -stm));
  }
  CHECK(has(send(p, out, "eval now\n"), "info string error: eval takes no arguments"));
  // The value the search plays by (eval/playing_eval.h): the network's scaled by the attacking
  // material, and after plies without a capture damped toward a draw.
  const std::string late = "3akab2/9/4b4/9/9/9/2C6/9/4R4/4K4 b - - 60 30";
  const std::string text = send(p, out, "position fen " + late + "\neval\n");
  INFO(text);
  std::smatch m;
  REQUIRE(std::regex_search(text, m, std::regex("search eval ([+-]?\\d+) cp for the side to move: ([+-]?\\d+)")));
  CHECK(has(text, "damped toward a draw after 60 plies without a capture"));
  // The value before is the one printed above it: the network's when it plays, else the table's.
  const bool network = has(text, " used by the search");
  std::smatch shown;
  REQUIRE(std::regex_search(text, shown, std::regex(network ? "nnue eval [+-]\\d+ cp for Red, ([+-]\\d+) for the side to move"
                                                            : "\neval [+-]\\d+ cp for Red, ([+-]\\d+) for the side to move")));
  const int raw = std::stoi(shown[1]);
  CHECK(std::stoi(m[2]) == raw);
  CHECK(std::stoi(m[1]) == xq::eval::playing_eval(raw, from_fen(late), network, 120));
  CHECK(std::abs(std::stoi(m[1])) < std::abs(raw));  // a rook and a cannon left, 60 plies idle: less
  CHECK(has(text, "scaled to ") == network);
  // At the start nothing is damped; the network's value is still scaled.
  const std::string start = send(p, out, "position startpos\neval\n");
  CHECK_FALSE(has(start, "damped toward a draw"));
  CHECK(has(start, "search eval ") == network);
  send(p, out, "ucci\n");
  CHECK(has(send(p, out, "eval\n"), "\ntotal "));  // UCCI has it too
}

TEST_CASE("eval: chess has no evaluation, said in one info string line", "[frontend][eval]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "setoption name UCI_Variant value chess\n");
  CHECK(send(p, out, "position startpos\neval\n") == "info string there is no evaluation for chess\n");
}

TEST_CASE("flip: the colour-mirrored position replaces the game; twice gives it back", "[frontend][flip]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string fen = "3akab2/9/4b4/9/9/9/2C6/9/4R4/4K4 b - - 5 30";
  send(p, out, "position fen " + fen + " moves e9e8 e1e2\n");
  const std::string before = field(send(p, out, "d\n"), "FEN");
  CHECK(send(p, out, "flip\n").empty());
  const std::string flipped = field(send(p, out, "d\n"), "FEN");
  CHECK(flipped == " " + xq::frontend::flip_xiangqi_fen(before.substr(1)));
  CHECK(flipped == " 4k4/9/4r4/2c6/9/9/9/4B4/4K4/3A1AB2 w - - 7 31");
  // A fresh game from the twin: perft counts as for the original.
  xq::Position twin = from_fen(flipped.substr(1));
  const std::string perft = send(p, out, "go perft 2\n");
  CHECK(has(perft, "Nodes searched: " + std::to_string(xq::perft(twin, 2)) + "\n"));
  CHECK(send(p, out, "flip\n").empty());
  CHECK(field(send(p, out, "d\n"), "FEN") == before);

  const std::string d = send(p, out, "d\n");
  CHECK(has(send(p, out, "flip over\n"), "info string error: flip takes no arguments"));
  CHECK(send(p, out, "d\n") == d);  // the bad command changed nothing
}

TEST_CASE("flip: chess too; UCCI's banned moves go with the old position", "[frontend][flip]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "setoption name UCI_Variant value chess\nposition startpos moves e2e4 c7c5 e4e5 d7d5\nflip\n");
  CHECK(field(send(p, out, "d\n"), "FEN") == " rnbqkbnr/pppp1ppp/8/8/2PPp3/8/PP2PPPP/RNBQKBNR b KQkq d3 0 3");
  CHECK(has(send(p, out, "go perft 1\n"), "e4d3: 1\n"));  // the en-passant capture, mirrored
  send(p, out, "flip\n");
  CHECK(field(send(p, out, "d\n"), "FEN") == " rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");

  // UCCI: banmoves hold for one position, and a flip is a new one.
  send(p, out, "ucci\nsetoption UCI_Variant xiangqi\nposition fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\nbanmoves b0b9\n");
  send(p, out, "flip\nflip\n");
  CHECK(bestmove(send(p, out, "go depth 3\n")) == "b0b9");
}
