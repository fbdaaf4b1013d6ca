// The search features the protocols expose (issue 10, "Engine features this unlocks"):
// Threads (Lazy SMP), MultiPV, go searchmoves, go mate, go ponder + ponderhit, and the
// UCCI banmoves that now restrict the root moves of the search.
#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "engine/notation.h"
#include "frontend/protocol.h"
#include "protocol_driver.h"

using xq::frontend::Protocol;
using namespace xq::test;

TEST_CASE("protocol features: Threads is offered, searches, and bad values keep the old one", "[frontend][threads]") {
  std::ostringstream out;
  Protocol p(out);
  CHECK(has(send(p, out, "uci\n"), "option name Threads type spin default 1 min 1 max 256\n"));
  CHECK(p.threads() == 1);
  CHECK(send(p, out, "setoption name Threads value 2\n").empty());
  CHECK(p.threads() == 2);
  const std::string reply = send(p, out, "position startpos moves h2e2\ngo depth 6\n");
  INFO(reply);
  CHECK(count_of(reply, "bestmove ") == 1);
  CHECK(legal_in("", "h2e2", bestmove(reply)));
  for (const char* bad : {"0", "300", "abc"}) {
    INFO(bad);
    CHECK(has(send(p, out, std::string("setoption name Threads value ") + bad + "\n"),
              std::string("info string error: bad value '") + bad + "' for Threads"));
    CHECK(p.threads() == 2);
  }
  // UCCI spells it "setoption threads N".
  send(p, out, "ucci\n");
  CHECK(send(p, out, "setoption threads 3\n").empty());
  CHECK(p.threads() == 3);
  CHECK(has(send(p, out, "setoption threads 257\n"), "bad value '257' for Threads"));
  CHECK(p.threads() == 3);
  CHECK(legal_in("", "h2e2", bestmove(send(p, out, "go depth 4\n"))));
}

TEST_CASE("protocol features: MultiPV 3 reports three lines per depth with distinct first moves", "[frontend][multipv]") {
  std::ostringstream out;
  Protocol p(out);
  CHECK(has(send(p, out, "uci\n"), "option name MultiPV type spin default 1 min 1 max 128\n"));
  // One line: no "multipv" word, as before.
  CHECK_FALSE(has(send(p, out, "position startpos\ngo depth 3\n"), "multipv"));
  CHECK(send(p, out, "setoption name MultiPV value 3\n").empty());
  const std::string reply = send(p, out, "go depth 5\n");
  INFO(reply);
  std::map<int, std::map<int, std::string>> first_move;  // depth -> k -> the line's first move
  std::string line1_at_last_depth;
  std::istringstream lines(reply);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, std::regex("^info depth (\\d+) seldepth \\d+ multipv (\\d+) score .* pv (\\S+)"))) {
      CHECK_FALSE(has(line, "info depth"));  // every info line of the search names its line
      continue;
    }
    const int depth = std::stoi(m[1].str()), k = std::stoi(m[2].str());
    CHECK(first_move[depth].count(k) == 0);
    first_move[depth][k] = m[3].str();
    if (k == 1) line1_at_last_depth = m[3].str();
  }
  REQUIRE(first_move.size() == 5);
  for (const auto& [depth, lines_at] : first_move) {
    INFO("depth " << depth);
    REQUIRE(lines_at.size() == 3);
    std::set<std::string> distinct;
    for (const auto& [k, move] : lines_at) distinct.insert(move);
    CHECK(distinct.size() == 3);
  }
  CHECK(bestmove(reply) == line1_at_last_depth);  // the best move is line 1's
  for (const char* bad : {"0", "129", "many"}) {
    INFO(bad);
    CHECK(has(send(p, out, std::string("setoption name MultiPV value ") + bad + "\n"),
              std::string("info string error: bad value '") + bad + "' for MultiPV"));
  }
  // Two legal moves (the king to d0 or f0): two lines.
  const std::string two = send(p, out, "position fen 4k4/9/9/9/9/9/9/9/4A4/4K4 w\ngo depth 2\n");
  INFO(two);
  CHECK(has(two, " multipv 2 "));
  CHECK_FALSE(has(two, " multipv 3 "));
}

TEST_CASE("protocol features: go searchmoves searches only the given moves, illegal ones reported", "[frontend][searchmoves]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "uci\n");
  // a0a1 is a poor move from the start, but the only one allowed.
  const std::string one = send(p, out, "position startpos\ngo searchmoves a0a1 depth 3\n");
  INFO(one);
  CHECK(bestmove(one) == "a0a1");
  CHECK_FALSE(has(one, "error"));
  // Illegal ones are reported and dropped; the legal rest is searched.
  const std::string some = send(p, out, "go depth 3 searchmoves a0a5 i0i1 zz\n");
  INFO(some);
  CHECK(has(some, "info string error: go searchmoves: 'a0a5' is not a legal move here; ignored"));
  CHECK(has(some, "info string error: go searchmoves: 'zz' is not a legal move here; ignored"));
  CHECK(bestmove(some) == "i0i1");
  // None left: reported, and every move is searched.
  const std::string none = send(p, out, "go searchmoves a0a5 depth 3\n");
  INFO(none);
  CHECK(has(none, "no legal move left; searching every move"));
  CHECK(legal_in("", "", bestmove(none)));
  // MultiPV within searchmoves: at most as many lines as moves.
  const std::string two = send(p, out, "setoption name MultiPV value 5\ngo depth 2 searchmoves a0a1 i0i1\n");
  INFO(two);
  CHECK(has(two, " multipv 2 "));
  CHECK_FALSE(has(two, " multipv 3 "));
  CHECK((bestmove(two) == "a0a1" || bestmove(two) == "i0i1"));
}

TEST_CASE("protocol features: go mate 2 finds the mate and answers without stop", "[frontend][mate]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "uci\nposition fen 4k4/9/9/9/9/9/9/9/R8/1R1K5 w\n");
  const auto t0 = std::chrono::steady_clock::now();
  p.handle("go mate 2");  // no other limit: only the mate ends it (end of input would stop it)
  p.wait_search();
  const std::string reply = out.str();
  INFO(reply);
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(10));
  CHECK(std::regex_search(reply, std::regex("info depth \\d+ [^\n]*score mate 2 [^\n]*\nbestmove ")));
  CHECK(count_of(reply, "bestmove ") == 1);
  CHECK_FALSE(has(reply, "error"));
  xq::Position pos;
  xq::set_fen(pos, "4k4/9/9/9/9/9/9/9/R8/1R1K5 w");
  CHECK(xq::parse_move(pos, bestmove(reply)).ok());
}

TEST_CASE("protocol features: UCCI banmoves restrict the root moves; all banned answers nobestmove", "[frontend][ucci]") {
  SyncedOutput out;  // read while a ponder search runs
  Protocol p(out);
  send(p, out, "ucci\n");
  // Two legal moves, the king to d0 or f0.
  const std::string fen = "position fen 4k4/9/9/9/9/9/9/9/4A4/4K4 w\n";
  CHECK(bestmove(send(p, out, fen + "banmoves e0d0\ngo depth 3\n")) == "e0f0");
  CHECK(bestmove(send(p, out, fen + "banmoves e0f0\ngo depth 3\n")) == "e0d0");
  // searchmoves and banmoves together: the allowed searchmoves; all of them banned: the rest.
  CHECK(bestmove(send(p, out, fen + "banmoves e0f0\ngo depth 3 searchmoves e0f0 e0d0\n")) == "e0d0");
  CHECK(bestmove(send(p, out, fen + "banmoves e0f0\ngo depth 3 searchmoves e0f0\n")) == "e0d0");
  // Every legal move banned: no move to answer, as before.
  CHECK(send(p, out, fen + "banmoves e0d0 e0f0\ngo depth 3\n") == "nobestmove\n");
  // ... also from a ponder search, once ponderhit (or stop) arrives.
  p.handle("position fen 4k4/9/9/9/9/9/9/9/4A4/4K4 w");
  p.handle("banmoves e0d0 e0f0");
  out.str("");
  p.handle("go ponder depth 3");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK(out.str().empty());
  p.handle("ponderhit");
  p.wait_search();
  CHECK(out.str() == "nobestmove\n");
}

TEST_CASE("protocol features: go ponder answers only after ponderhit, on the real clock from then", "[frontend][ponder]") {
  SyncedOutput out;  // read while the ponder search runs
  Protocol p(out);
  send(p, out, "uci\nsetoption name Ponder value true\nposition startpos moves h2e2\n");
  // One second each: the search plans a few tens of ms, but not before ponderhit.
  p.handle("go ponder wtime 1000 btime 1000");
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // longer than the whole clock
  CHECK_FALSE(has(out.str(), "bestmove"));
  p.handle("isready");
  const auto hit = Clock::now();
  p.handle("ponderhit");
  p.wait_search();
  const long after_hit = ms_since(hit);
  const std::string reply = out.str();
  INFO(reply);
  CHECK(reply.find("readyok") < reply.find("bestmove"));
  CHECK(after_hit < 1000);  // at most the hard limit, a third of the clock (generous: busy machine)
  CHECK(count_of(reply, "bestmove ") == 1);
  CHECK(legal_in("", "h2e2", bestmove(reply)));
  // Depth reached long before ponderhit: the answer waits, then comes at once.
  out.str("");
  p.handle("go ponder depth 2");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  CHECK_FALSE(has(out.str(), "bestmove"));
  p.handle("ponderhit");
  p.wait_search();
  CHECK(count_of(out.str(), "bestmove ") == 1);
  // A ponderhit right after go (maybe before the search has started) is not lost, whatever
  // the limit: the search answers without a stop.
  for (const char* go : {"go ponder movetime 100", "go ponder nodes 20", "go ponder wtime 500 btime 500"}) {
    INFO(go);
    out.str("");
    p.handle(go);
    p.handle("ponderhit");
    const auto t0 = Clock::now();
    p.wait_search();
    CHECK(ms_since(t0) < 2000);
    CHECK(count_of(out.str(), "bestmove ") == 1);
  }
}
