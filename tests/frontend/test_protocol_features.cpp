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
using xq::test::has;
using xq::test::send;

namespace {

std::string bestmove(const std::string& text) {
  std::smatch m;
  return std::regex_search(text, m, std::regex("(^|\n)bestmove (\\S+)")) ? m[2].str() : "";
}

bool legal_after(const std::string& moves, const std::string& move) {
  xq::Position pos;
  std::istringstream in(moves);
  for (std::string m; in >> m;) pos.do_move(xq::parse_move(pos, m).move);
  return xq::parse_move(pos, move).ok();
}

int count_of(const std::string& text, const std::string& fragment) {
  int n = 0;
  for (std::size_t at = text.find(fragment); at != std::string::npos; at = text.find(fragment, at + 1)) ++n;
  return n;
}

}  // namespace

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
  CHECK(legal_after("h2e2", bestmove(reply)));
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
  CHECK(legal_after("h2e2", bestmove(send(p, out, "go depth 4\n"))));
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
