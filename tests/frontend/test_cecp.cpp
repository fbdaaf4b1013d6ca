// CECP (XBoard) transcripts: the handshake XBoard 4.9 sends, force mode and moves, the engine
// playing either side on a clock, illegal input, setboard with XBoard's letters, undo/remove,
// analyze mode, ping ordering, and result claims (mate, WXF repetition) that are never false.
#include <catch2/catch.hpp>

#include <chrono>
#include <regex>
#include <sstream>
#include <thread>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "frontend/protocol.h"
#include "protocol_driver.h"

using xq::frontend::Protocol;
using namespace xq::test;

namespace {

// Sends the lines one by one, waits for a search they started to answer, and returns what
// was printed since the last call (with wait=false: returns at once, and ""). (Not Protocol::run: the end of input would stop the search.)
struct Session {
  std::ostringstream out;
  Protocol p{out};
  std::size_t seen = 0;

  std::string send(const std::string& lines, bool wait = true) {
    std::istringstream in(lines);
    for (std::string line; std::getline(in, line);) p.handle(line);
    if (!wait) return "";  // the search still writes to `out`: read it only once it is done
    p.wait_search();
    const std::string all = out.str();
    const std::string fresh = all.substr(seen);
    seen = all.size();
    return fresh;
  }
};

// The move of the "move X" line, or "".
std::string engine_move(const std::string& text) {
  std::smatch m;
  return std::regex_search(text, m, std::regex("(^|\n)move (\\S+)\n")) ? m[2].str() : "";
}

const std::regex RESULT_LINE("(^|\n)(1-0|0-1|1/2-1/2) \\{");

}  // namespace

TEST_CASE("cecp: the handshake XBoard sends gets the v2 features, done=1 last", "[frontend][cecp]") {
  Session s;
  CHECK(s.send("xboard\n").empty());
  const std::string features = s.send("protover 2\n");
  INFO(features);
  for (const char* f : {"setboard=1", "usermove=1", "ping=1", "colors=0", "sigint=0", "sigterm=0", "analyze=1",
                        "variants=\"xiangqi\"", "myname=\"xqengine "})
    CHECK(has(features, f));
  // The protocol's features on one line, then the option table's (options.h), done=1 last.
  CHECK(std::regex_match(features, std::regex("feature [^\n]*\n(feature option=\"[^\n]*\"\n)*feature done=1\n")));
  CHECK(s.send("accepted setboard\naccepted done\nmemory 32\nnew\nvariant xiangqi\nping 1\n") == "pong 1\n");
}

TEST_CASE("cecp: force mode takes moves without thinking; go plays the side to move", "[frontend][cecp]") {
  Session s;
  s.send("xboard\nprotover 2\nnew\nvariant xiangqi\nforce\nsd 2\n");
  CHECK(s.send("usermove h2e2\nh9g7\nping 2\n") == "pong 2\n");  // a bare move counts too
  const std::string reply = s.send("post\ngo\n");
  INFO(reply);
  const std::string red = engine_move(reply);
  CHECK(legal_in("", "h2e2 h9g7", red));
  CHECK(std::regex_search(reply, std::regex("(^|\n)1 -?\\d+ \\d+ \\d+ [a-i]\\d[a-i]\\d")));  // thinking output
  CHECK_FALSE(std::regex_search(reply, RESULT_LINE));
  // The engine now plays Red: Black's reply makes it move again, from the right position.
  const std::string reply2 = s.send("nopost\nusermove i9i8\n");
  const std::string red2 = engine_move(reply2);
  INFO(reply2);
  CHECK(legal_in("", "h2e2 h9g7 " + red + " i9i8", red2));
  CHECK(count_of(reply2, "\n") == 1);  // nopost: the move only
}

TEST_CASE("cecp: after new the engine plays Black and answers Red's move", "[frontend][cecp]") {
  Session s;
  s.send("xboard\nprotover 2\nnew\nvariant xiangqi\nlevel 40 0:30 0\n");
  const auto t0 = Clock::now();
  const std::string reply = s.send("time 100\notim 100\nusermove b2e2\n");  // one second left each
  CHECK(ms_since(t0) < 1500);
  CHECK(legal_in("", "b2e2", engine_move(reply)));
}

TEST_CASE("cecp: playother and st: the engine takes the side not on move, a fixed time a move", "[frontend][cecp]") {
  Session s;
  s.send("xboard\nprotover 2\nnew\nvariant xiangqi\nforce\nusermove h2e2\nst 0.3\n");
  CHECK(s.send("playother\nping 3\n") == "pong 3\n");  // Black is on move: the engine (Red) waits
  const auto t0 = Clock::now();
  const std::string reply = s.send("usermove h9g7\n");
  CHECK(ms_since(t0) < 1500);
  CHECK(legal_in("", "h2e2 h9g7", engine_move(reply)));
}

TEST_CASE("cecp: bad input gets CECP errors and keeps the game", "[frontend][cecp]") {
  Session s;
  s.send("xboard\nprotover 2\nnew\nvariant xiangqi\nforce\nusermove h2e2\n");
  CHECK(has(s.send("usermove h2e9\n"), "Illegal move ("));
  CHECK(has(s.send("usermove zz\n"), "Illegal move ("));
  CHECK(s.send("frobnicate 3\n") == "Error (unknown command): frobnicate 3\n");
  CHECK(has(s.send("level 40 x 0\n"), "Error (bad parameters): level 40 x 0"));
  CHECK(has(s.send("level 40 5\n"), "Error (bad parameters): level 40 5"));
  CHECK(has(s.send("level 40 5 0 1\n"), "Error (bad parameters): level 40 5 0 1"));
  CHECK(has(s.send("variant shogi\n"), "Error (unsupported variant)"));
  CHECK(has(s.send("sd -1\ntime soon\n"), "Error (bad parameters): time soon"));
  // The game is still h2e2 with Black to move: h9g7 is legal, e.g. h2e2 again is not.
  CHECK(s.send("usermove h9g7\nping 4\n") == "pong 4\n");
  // undo and remove take moves back; past the first position is an error.
  CHECK(s.send("remove\nping 5\n") == "pong 5\n");
  CHECK(has(s.send("undo\n"), "Error (command not legal now): undo"));
  CHECK(s.send("usermove h2e2\nping 6\n") == "pong 6\n");  // back at the start: Red's move again
  // A 1 MB token comes back short and printable.
  const std::string huge = s.send(std::string("frob") + '\x01' + std::string(1 << 20, 'x') + "\n");
  CHECK(huge.size() < 400);
  CHECK(has(huge, "frob?xxx"));
}

TEST_CASE("cecp: setboard reads XBoard's FEN letters; a bad position makes every move illegal", "[frontend][cecp]") {
  Session s;
  s.send("xboard\nprotover 2\nnew\nvariant xiangqi\nforce\nsd 1\n");
  const std::string fen = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - - 0 1";
  CHECK(s.send("setboard " + fen + "\nping 1\n") == "pong 1\n");
  CHECK(legal_in(fen, "", engine_move(s.send("go\n"))));  // a move for Black
  s.send("force\n");
  const std::string bad = s.send("setboard rheakaehr/9/9 w - - 0 1\n");
  CHECK(has(bad, "tellusererror Illegal position"));
  CHECK(has(s.send("usermove h2e2\n"), "Illegal move: h2e2"));
  CHECK(s.send("new\nforce\nusermove h2e2\nping 2\n") == "pong 2\n");
}

TEST_CASE("cecp: analyze thinks without moving, restarts after a move, exit ends it", "[frontend][cecp]") {
  Session s;
  s.send("xboard\nprotover 2\nnew\nvariant xiangqi\nforce\npost\n");
  s.send("analyze\n", false);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  s.send("usermove h2e2\n", false);  // the analysis restarts from Black's point of view
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  s.send("undo\n.\n", false);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const std::string reply = s.send("exit\nping 9\n");
  INFO(reply);
  CHECK(std::regex_search(reply, std::regex("(^|\n)\\d+ -?\\d+ \\d+ \\d+ [a-i]\\d[a-i]\\d")));
  CHECK_FALSE(has(reply, "move "));
  CHECK(reply.substr(reply.size() - 7) == "pong 9\n");
  CHECK(s.send("usermove h2e2\nping 10\n") == "pong 10\n");  // force mode again, game restored
}

TEST_CASE("cecp: ping while the engine thinks is answered after its move; ? moves now", "[frontend][cecp]") {
  Session s;
  s.send("xboard\nprotover 2\nnew\nvariant xiangqi\nforce\nst 0.5\n");
  const std::string reply = s.send("go\nping 11\n");
  INFO(reply);
  REQUIRE(has(reply, "pong 11"));
  CHECK(reply.find("move ") < reply.find("pong 11"));
  // "?" during a long think: the move comes at once.
  s.send("force\nst 60\ngo\n", false);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto t0 = Clock::now();
  const std::string now = s.send("?\n");
  CHECK(ms_since(t0) < 1000);
  CHECK_FALSE(engine_move(now).empty());
}

TEST_CASE("cecp: the engine claims a mate it gives and a WXF ruling, and nothing else", "[frontend][cecp]") {
  Session s;
  s.send("xboard\nprotover 2\nnew\nvariant xiangqi\nforce\nsd 3\n");
  // Red mates in one (b0b9): the move, then the claim.
  const std::string mate = s.send("setboard 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\ngo\n");
  INFO(mate);
  CHECK(engine_move(mate) == "b0b9");
  CHECK(has(mate, "move b0b9\n1-0 {Red mates}\n"));
  // Told to move when already mated: the claim instead of a move.
  CHECK(s.send("force\nsetboard 3k5/9/9/9/9/9/9/9/r8/r3K4 w - - 0 1\ngo\n") == "0-1 {Black mates}\n");

  // WXF case 2: Red checks perpetually while Black chases. With the cycle played twice, Black
  // (the engine) completes the third occurrence and claims: perpetual check loses.
  const std::string fen = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1";
  s.send("force\nsetboard " + fen + "\n");
  for (const char* m : {"h8h9", "f9f8", "h9h8", "f8f9", "h8h9", "f9f8", "h9h8", "f8f9", "h8h9"})
    s.send(std::string("usermove ") + m + "\n");
  const std::string rep = s.send("go\n");
  INFO(rep);
  CHECK(has(rep, "move f9f8\n0-1 {Red loses by perpetual check"));
  // Red to move in that position: the engine, told to play Red, claims its own loss rather
  // than playing on in a game the rules have ended.
  CHECK(has(s.send("force\ngo\n"), "0-1 {Red loses by perpetual check"));
  // The natural move limit: 119 plies without a capture, the engine's quiet move makes 120.
  const std::string natural = s.send("force\nsetboard 3k5/9/9/9/9/9/9/9/9/4K4 w - - 119 80\ngo\n");
  INFO(natural);
  CHECK(std::regex_search(natural, std::regex("move \\w\\d\\w\\d\n1/2-1/2 \\{Draw by the natural move limit")));
  // A search from the start claims nothing.
  CHECK_FALSE(std::regex_search(s.send("new\nforce\ngo\n"), RESULT_LINE));
}

TEST_CASE("cecp: a draw offer is accepted only when the engine does not stand better", "[frontend][cecp]") {
  Session s;
  s.send("xboard\nprotover 2\nnew\nvariant xiangqi\nforce\nsd 3\n");
  // Red a rook up, the engine playing Red: declines.
  s.send("setboard 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\ngo\n");
  CHECK(s.send("draw\nping 1\n") == "pong 1\n");
  // The engine playing Black, a rook down: accepts.
  s.send("force\nsetboard 3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1\ngo\n");
  CHECK(s.send("draw\nping 2\n") == "offer draw\npong 2\n");
  // In force mode the engine is not a player: it says nothing.
  CHECK(s.send("force\ndraw\nping 3\n") == "pong 3\n");
}

TEST_CASE("cecp: quit and the end of input end every search", "[frontend][cecp]") {
  std::ostringstream out;
  Protocol p(out);
  std::istringstream in("xboard\nprotover 2\nnew\nvariant xiangqi\nforce\npost\nanalyze\n");
  const auto t0 = Clock::now();
  p.run(in);  // analysis never ends by itself: the end of input stops it
  CHECK(ms_since(t0) < 2000);
  CHECK_FALSE(p.handle("quit"));
}
