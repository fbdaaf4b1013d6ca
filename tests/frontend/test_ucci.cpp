// UCCI 3.0 transcripts, as XQWizard and the UCCI league drive an engine: the handshake,
// usemillisec, newgame, position + banmoves, go with UCCI clocks, stop answered at once,
// ponder/ponderhit [draw], go draw, resign, probe -> pophash, quit -> bye.
#include <catch2/catch.hpp>

#include <chrono>
#include <regex>
#include <sstream>
#include <thread>

#include "engine/notation.h"
#include "frontend/protocol.h"
#include "protocol_driver.h"

using xq::frontend::Protocol;
using namespace xq::test;

namespace {

const std::string START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const std::string MATE_IN_ONE = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";  // b0b9 mates
const std::string MATED_IN_TWO = "3k5/R8/9/9/9/9/9/9/9/1R3K3 b - - 0 1";  // Ke9 Rb9 mate

}  // namespace

TEST_CASE("ucci: the handshake lists id and options in UCCI form", "[frontend][ucci]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string hello = send(p, out, "ucci\n");
  INFO(hello);
  for (const char* line : {"id name xqengine\n", "id version ", "id copyright ", "id author ", "id user ",
                           "option usemillisec type check default false\n", "option ponder type check",
                           "option hashsize type spin min 1 max 4096 default 16\n", "option threads type spin",
                           "option batch type check", "option debug type check", "option newgame type button\n"})
    CHECK(has(hello, line));
  CHECK_FALSE(has(hello, "option name"));  // UCI's words, not UCCI's
  CHECK(hello.substr(hello.size() - 7) == "ucciok\n");
}

TEST_CASE("ucci: XQWizard's sequence; banmoves hold for one position; stop answers within 0.2 s", "[frontend][ucci]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "ucci\n");
  CHECK(send(p, out, "setoption usemillisec true\nsetoption usebook false\nsetoption newgame\nisready\n") == "readyok\n");
  // The engine would mate with b0b9; banned, it plays another move; after the next position
  // command the ban is gone.
  CHECK(bestmove(send(p, out, "position fen " + MATE_IN_ONE + "\ngo depth 3\n")) == "b0b9");
  const std::string banned = send(p, out, "position fen " + MATE_IN_ONE + "\nbanmoves b0b9\ngo depth 3\n");
  INFO(banned);
  CHECK(bestmove(banned) != "b0b9");
  CHECK_FALSE(bestmove(banned).empty());
  CHECK(bestmove(send(p, out, "position fen " + MATE_IN_ONE + "\ngo depth 3\n")) == "b0b9");
  CHECK(has(send(p, out, "banmoves a0a9\n"), "info string error: banmoves: 'a0a9' is not a legal move"));

  // Five minutes a side in milliseconds, 2 s increments: the engine thinks until told to stop.
  p.handle("position fen " + START + " moves h2e2");
  p.handle("banmoves h9g7 b9c7");
  p.handle("go time 300000 increment 2000 opptime 300000 oppincrement 2000");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  p.handle("isready");
  const auto t0 = Clock::now();
  p.handle("stop");  // returns once the answer is written
  CHECK(ms_since(t0) < 200);
  const std::string reply = out.str();
  INFO(reply);
  CHECK(reply.find("readyok") < reply.find("bestmove"));
  const std::string best = bestmove(reply);
  CHECK(best != "h9g7");
  CHECK(best != "b9c7");
  CHECK(legal_in(START, "h2e2", best));
  CHECK(send(p, out, "quit\n") == "bye\n");
}

TEST_CASE("ucci: ponder answers after ponderhit; ponderhit draw and go draw are accepted when fair", "[frontend][ucci]") {
  SyncedOutput out;  // read while the ponder search runs
  Protocol p(out);
  send(p, out, "ucci\nsetoption usemillisec true\nsetoption ponder true\n");
  p.handle("position fen " + START);
  p.handle("go ponder time 500 increment 0");
  std::this_thread::sleep_for(std::chrono::milliseconds(700));  // past the whole clock
  CHECK_FALSE(has(out.str(), "bestmove"));
  const auto hit = Clock::now();
  p.handle("ponderhit");
  p.wait_search();
  CHECK(ms_since(hit) < 1500);
  const std::string line = bestmove_line(out.str());
  INFO(line);
  CHECK(std::regex_search(line, std::regex("^bestmove \\w\\d\\w\\d ponder \\w\\d\\w\\d$")));  // "ponder" option on

  // Black, mated in two, is offered a draw: accepts. Red, mating, is offered one: declines.
  const std::string lost = send(p, out, "setoption resign false\nposition fen " + MATED_IN_TWO + "\ngo draw depth 4\n");
  CHECK(std::regex_search(bestmove_line(lost), std::regex(" draw$")));
  const std::string won = send(p, out, "position fen " + MATE_IN_ONE + "\ngo draw depth 3\n");
  CHECK_FALSE(has(bestmove_line(won), "draw"));
  p.handle("position fen " + MATED_IN_TWO);
  p.handle("go ponder depth 4");
  p.handle("ponderhit draw");
  p.wait_search();
  CHECK(std::regex_search(bestmove_line(out.str().substr(out.str().rfind("bestmove"))), std::regex(" draw$")));
}

TEST_CASE("ucci: a proven loss resigns unless resign is off; no legal move is nobestmove", "[frontend][ucci]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "ucci\n");
  CHECK(std::regex_search(bestmove_line(send(p, out, "position fen " + MATED_IN_TWO + "\ngo depth 4\n")),
                          std::regex(" resign$")));
  CHECK_FALSE(has(send(p, out, "setoption resign false\nposition fen " + MATED_IN_TWO + "\ngo depth 4\n"), "resign"));
  CHECK(has(send(p, out, "position fen 3k5/R8/9/9/9/9/9/9/9/3RK4 b\ngo depth 2\n"), "nobestmove\n"));
  // From the start nothing but the move.
  CHECK(std::regex_match(bestmove_line(send(p, out, "position startpos\ngo depth 3\n")), std::regex("bestmove \\w\\d\\w\\d")));
}

TEST_CASE("ucci: probe answers one pophash line from the hash table", "[frontend][ucci]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "ucci\nsetoption usebook false\n");  // searched, not answered from the book
  CHECK(send(p, out, "probe startpos\n") == "pophash\n");  // nothing stored yet
  const std::string searched = send(p, out, "position startpos moves h2e2\ngo depth 5\n");
  const std::string hash = send(p, out, "probe startpos moves h2e2\n");
  INFO(searched << hash);
  CHECK(std::regex_match(hash, std::regex("pophash bestmove " + bestmove(searched) +
                                          "( lowerbound -?\\d+ depth \\d+)?( upperbound -?\\d+ depth \\d+)?\n")));
  CHECK(has(hash, "bound"));
  const std::string bad = send(p, out, "probe fen nonsense\n");
  CHECK(has(bad, "info string error: probe: bad FEN"));
  CHECK(bad.substr(bad.size() - 8) == "pophash\n");
  CHECK(has(send(p, out, "probe\n"), "info string error: probe needs 'startpos' or 'fen <FEN>'\npophash\n"));
}

TEST_CASE("ucci: option knobs are accepted, fixed ones say so, bad values are errors", "[frontend][ucci]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "ucci\n");
  CHECK(send(p, out, "setoption batch on\nsetoption debug off\nsetoption threads 1\nsetoption hashsize 8\n").empty());
  CHECK(has(send(p, out, "setoption threads 300\n"), "info string error: bad value '300' for Threads"));
  CHECK(send(p, out, "setoption pruning large\n") == "info string pruning is fixed in xqengine; the setting has no effect\n");
  CHECK(has(send(p, out, "setoption ponder maybe\n"), "info string error: bad value 'maybe' for Ponder"));
  // Without "value" the name and the value cannot be told apart: the whole text is quoted.
  CHECK(has(send(p, out, "setoption frobnicate 1\n"), "info string error: unknown option 'frobnicate 1'"));
  CHECK(send(p, out, "setoption repetitionrule check-only\nsetoption repetitionrule wxf\n").empty());
}
