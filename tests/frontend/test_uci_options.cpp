// UCI options the front end honours: Clear Hash, Move Overhead (taken off every clock value),
// Ponder (go ponder / ponderhit, the ponder move in bestmove), Sixty Move Rule.
#include <catch2/catch.hpp>

#include <chrono>
#include <regex>
#include <sstream>
#include <thread>

#include "frontend/protocol.h"
#include "protocol_driver.h"

using xq::frontend::Protocol;
using namespace xq::test;

TEST_CASE("uci options: the handshake offers Clear Hash, Ponder, Move Overhead, Sixty Move Rule", "[frontend][uci]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string hello = send(p, out, "uci\n");
  for (const char* line : {"option name Clear Hash type button\n", "option name Ponder type check default false\n",
                           "option name Move Overhead type spin default 0 min 0 max 5000\n",
                           "option name Sixty Move Rule type check default true\n"})
    CHECK(has(hello, line));
}

TEST_CASE("uci options: Clear Hash empties the table", "[frontend][uci]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "uci\nposition startpos\ngo depth 4\n");
  CHECK(send(p, out, "setoption name Clear Hash\n").empty());
  // The table is shared by every dialect: UCCI's probe shows what it holds.
  send(p, out, "ucci\nsetoption usebook false\n");  // UCCI's book would answer without searching
  CHECK(send(p, out, "probe startpos\n") == "pophash\n");
  send(p, out, "go depth 4\n");
  CHECK(send(p, out, "probe startpos\n") != "pophash\n");
}

TEST_CASE("uci options: Move Overhead is taken off the clock the search sees", "[frontend][uci]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "uci\nposition startpos\n");
  auto t0 = Clock::now();
  send(p, out, "go movetime 1000\n");
  const long plain = ms_since(t0);
  send(p, out, "setoption name Move Overhead value 900\n");
  t0 = Clock::now();
  send(p, out, "go movetime 1000\n");
  const long less = ms_since(t0);
  INFO("movetime 1000: " << plain << " ms; with Move Overhead 900: " << less << " ms");
  CHECK(less < 600);  // 100 ms left to think (generous: the machine may be busy)
  CHECK(plain > less + 200);
  CHECK(has(send(p, out, "setoption name Move Overhead value -1\n"), "bad value '-1' for Move Overhead"));
  CHECK(has(send(p, out, "setoption name Move Overhead value 5001\n"), "bad value '5001' for Move Overhead"));
}

TEST_CASE("uci options: Ponder: go ponder waits for ponderhit or stop, bestmove names the ponder move", "[frontend][uci]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "uci\n");
  CHECK(std::regex_match(bestmove_line(send(p, out, "position startpos\ngo depth 4\n")), std::regex("bestmove \\w\\d\\w\\d")));
  send(p, out, "setoption name Ponder value true\n");
  CHECK(std::regex_match(bestmove_line(send(p, out, "go depth 4\n")), std::regex("bestmove \\w\\d\\w\\d ponder \\w\\d\\w\\d")));
  // Pondering on the clock: nothing before ponderhit, however long it takes.
  out.str("");
  p.handle("position startpos moves h2e2");
  p.handle("go ponder wtime 300 btime 300");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  p.handle("isready");
  p.handle("ponderhit");
  p.wait_search();
  const std::string reply = out.str();
  INFO(reply);
  CHECK(reply.find("readyok") < reply.find("bestmove"));
  // A ponder miss: the GUI stops the ponder search, which still answers once.
  out.str("");
  p.handle("go ponder wtime 300 btime 300");
  p.handle("stop");
  CHECK(std::regex_search(out.str(), std::regex("^(info [^\n]*\n)*bestmove \\w\\d\\w\\d")));
}

TEST_CASE("uci options: Sixty Move Rule is a check option", "[frontend][uci]") {
  std::ostringstream out;
  Protocol p(out);
  CHECK(send(p, out, "setoption name Sixty Move Rule value false\nsetoption name Sixty Move Rule value true\n").empty());
  CHECK(has(send(p, out, "setoption name Sixty Move Rule value sometimes\n"), "bad value 'sometimes' for Sixty Move Rule"));
}

TEST_CASE("uci options: Sixty Move Rule switches the natural move limit in the search", "[frontend][uci]") {
  // A rook up, 119 plies without a capture and no mate in one: with the rule every move draws.
  const std::string go = "position fen 3k5/9/9/9/9/9/9/9/9/R4K3 w - - 119 80\ngo depth 4\n";
  std::ostringstream out;
  Protocol p(out);
  std::string text = send(p, out, go);  // send() returns once the search has answered
  CHECK(has(text, "info depth 4 seldepth"));
  CHECK(has(text, "score cp 0 "));
  send(p, out, "setoption name Sixty Move Rule value false\n");
  text = send(p, out, go);
  CHECK_FALSE(has(text, "score cp 0 "));
  // A rook up: about 3,000 in the search's units, shown times 100/164 (shown_score.h).
  CHECK(std::regex_search(text, std::regex("info depth 4 seldepth \\d+ score (mate \\d+|cp [3-9]\\d\\d|cp \\d{4})")));
}
