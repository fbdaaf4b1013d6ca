// Move variety: UCCI's "randomness" option (none/tiny/small/medium/large/huge) and UCI's
// "Randomness" spin (centipawns), hooked to the search's evaluation noise with a new seed at
// every new game. Off, the search stays deterministic; on, new games play differently.
#include <catch2/catch.hpp>

#include <regex>
#include <sstream>
#include <utility>

#include "frontend/protocol.h"
#include "protocol_driver.h"

using xq::frontend::Protocol;
using namespace xq::test;

namespace {

// Positions from the opening, the middle game and an ending.
const char* const POSITIONS[] = {
    "position startpos",
    "position startpos moves h2e2 h9g7 h0g2 i9h9",
    "position fen r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 5",
    "position fen 3ak4/4a4/4b4/4p4/2p6/9/4P4/4B4/4A4/2RAK4 w - - 0 40",
};

// The best move and the node count of the last depth-6 info line of one search.
std::pair<std::string, std::string> search6(Protocol& p, std::ostringstream& out, const std::string& position) {
  const std::string reply = send(p, out, position + "\ngo depth 6\n");
  std::string nodes;
  const std::regex line("info depth 6 [^\n]* nodes (\\d+) ");
  for (std::sregex_iterator it(reply.begin(), reply.end(), line), end; it != end; ++it) nodes = (*it)[1].str();
  INFO(reply);
  REQUIRE(!nodes.empty());
  REQUIRE(!bestmove(reply).empty());
  return {bestmove(reply), nodes};
}

}  // namespace

TEST_CASE("randomness: both handshakes offer it", "[frontend][randomness]") {
  std::ostringstream out;
  Protocol p(out);
  CHECK(has(send(p, out, "uci\n"), "option name Randomness type spin default 0 min 0 max 100\n"));
  CHECK(has(send(p, out, "ucci\n"),
            "option randomness type combo var none var tiny var small var medium var large var huge default none\n"));
}

TEST_CASE("randomness: the UCCI levels map to 0/2/5/10/20/40 cp; bad values keep the old one", "[frontend][randomness]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "ucci\n");
  CHECK(p.randomness() == 0);
  for (const auto& [level, cp] : {std::pair{"tiny", 2}, {"small", 5}, {"medium", 10}, {"large", 20}, {"HUGE", 40}, {"none", 0}}) {
    INFO(level);
    CHECK(send(p, out, std::string("setoption randomness ") + level + "\n").empty());
    CHECK(p.randomness() == cp);
  }
  send(p, out, "setoption randomness small\n");
  for (const char* bad : {"bogus", "5", ""}) {
    INFO(bad);
    CHECK(has(send(p, out, std::string("setoption randomness ") + bad + "\n"),
              "info string error: bad value '" + std::string(bad) + "' for randomness: expected one of none, tiny, small"));
    CHECK(p.randomness() == 5);
  }
  // UCI: centipawns 0-100.
  send(p, out, "uci\n");
  CHECK(send(p, out, "setoption name Randomness value 17\n").empty());
  CHECK(p.randomness() == 17);
  for (const char* bad : {"101", "-1", "small"}) {
    INFO(bad);
    CHECK(has(send(p, out, std::string("setoption name Randomness value ") + bad + "\n"),
              "info string error: bad value '" + std::string(bad) + "' for Randomness"));
    CHECK(p.randomness() == 17);
  }
}

TEST_CASE("randomness: off, a new game searches exactly as the last one", "[frontend][randomness]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "ucci\nsetoption usebook false\nsetoption randomness none\n");
  for (const char* position : {POSITIONS[0], POSITIONS[2]}) {
    INFO(position);
    send(p, out, "setoption newgame\n");
    const auto first = search6(p, out, position);
    send(p, out, "setoption newgame\n");  // a new seed, unused: the noise is off
    CHECK(search6(p, out, position) == first);
  }
}

TEST_CASE("randomness: huge, two new games play differently somewhere", "[frontend][randomness]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "ucci\nsetoption usebook false\nsetoption randomness huge\n");
  int differ = 0;
  for (const char* position : POSITIONS) {
    send(p, out, "setoption newgame\n");
    const auto first = search6(p, out, position);
    send(p, out, "setoption newgame\n");  // a new seed
    const auto second = search6(p, out, position);
    INFO(position << ": " << first.first << " " << first.second << " / " << second.first << " " << second.second);
    differ += first != second;
  }
  CHECK(differ >= 1);
  // UCI's ucinewgame picks a new seed as well.
  send(p, out, "uci\nsetoption name Randomness value 40\n");
  int uci_differ = 0;
  for (const char* position : POSITIONS) {
    send(p, out, "ucinewgame\n");
    const auto first = search6(p, out, position);
    send(p, out, "ucinewgame\n");
    uci_differ += search6(p, out, position) != first;
  }
  CHECK(uci_differ >= 1);
}
