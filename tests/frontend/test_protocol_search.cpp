// The front end's search commands through string streams: go with each kind of limit,
// bestmove legality, stop and isready during an infinite search, UCCI output, Hash.
#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <optional>
#include <regex>
#include <sstream>
#include <thread>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "frontend/protocol.h"
#include "protocol_driver.h"

using xq::frontend::Protocol;
using namespace xq::test;

TEST_CASE("frontend: go depth 1 from the start position answers a legal bestmove", "[frontend][search]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string reply = send(p, out, "uci\nposition startpos\ngo depth 1\n");
  INFO(reply);
  CHECK(has(reply, "info depth 1 seldepth "));
  CHECK(std::regex_search(reply, std::regex("info depth 1 .*score cp -?\\d+ nodes \\d+ .* pv \\w\\d\\w\\d")));
  const std::string best = bestmove(reply);
  CHECK(legal_in("", "", best));
  // After moves, the answer is legal for Black.
  const std::string reply2 = send(p, out, "position startpos moves h2e2\ngo depth 2\n");
  CHECK(legal_in("", "h2e2", bestmove(reply2)));
}

TEST_CASE("frontend: go nodes, go movetime, and clock limits all end with a bestmove", "[frontend][search]") {
  std::ostringstream out;
  Protocol p(out);
  for (const char* go : {"go nodes 2000", "go movetime 50", "go wtime 2000 btime 2000 winc 10 binc 10",
                         "go wtime 1000 btime 1000 movestogo 5", "go time 1 increment 0 opptime 1"}) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::string reply = send(p, out, std::string("position startpos moves h2e2 h9g7\n") + go + "\n");
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    INFO(go << "\n" << reply);
    CHECK(legal_in("", "h2e2 h9g7", bestmove(reply)));
    CHECK(ms < 1500);  // the clock limits are respected (generously: the machine may be busy)
  }
}

TEST_CASE("frontend: UCCI clocks are in seconds unless usemillisec is set", "[frontend][search]") {
  std::ostringstream out;
  Protocol p(out);
  CHECK(has(send(p, out, "ucci\n"), "option usemillisec type check default false"));
  send(p, out, "setoption usebook false\n");  // a book move would answer at once
  // "time 1000" is 1000 seconds: after 300 ms the engine is still thinking.
  p.handle("position startpos");
  p.handle("go time 1000 increment 0");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  p.handle("isready");
  p.handle("stop");
  const std::string seconds = out.str();
  INFO(seconds);
  CHECK(seconds.find("readyok") < seconds.find("bestmove"));
  // With usemillisec the same number is one second on the clock: a short think.
  const auto t0 = std::chrono::steady_clock::now();
  const std::string ms_reply = send(p, out, "setoption usemillisec true\nposition startpos\ngo time 1000 increment 0\n");
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  CHECK(legal_in("", "", bestmove(ms_reply)));
  CHECK(ms < 1500);
  CHECK(has(send(p, out, "setoption usemillisec maybe\n"), "info string error: bad value 'maybe' for usemillisec"));
}

TEST_CASE("frontend: stop ends an infinite search; isready answers during it", "[frontend][search]") {
  std::ostringstream out;
  Protocol p(out);
  p.handle("position startpos");
  p.handle("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  const auto t0 = std::chrono::steady_clock::now();
  p.handle("isready");
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  CHECK(ms < 100);
  p.handle("stop");  // returns after the worker printed its bestmove
  const std::string reply = out.str();
  INFO(reply);
  CHECK(has(reply, "readyok\n"));
  CHECK(legal_in("", "", bestmove(reply)));
  CHECK(reply.find("readyok") < reply.find("bestmove"));  // the search was still running
}

TEST_CASE("frontend: a mate is reported as score mate, in UCCI as a large score", "[frontend][search]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w";
  const std::string uci = send(p, out, "uci\nposition fen " + fen + "\ngo depth 3\n");
  CHECK(has(uci, "score mate 1 "));
  CHECK(bestmove(uci) == "b0b9");
  const std::string ucci = send(p, out, "ucci\nposition fen " + fen + "\ngo depth 3\n");
  CHECK(has(ucci, "score 29999 "));
  CHECK(bestmove(ucci) == "b0b9");
  // No legal move: UCI "bestmove (none)", UCCI "nobestmove".
  const std::string lost = "3k5/R8/9/9/9/9/9/9/9/4K4 b";
  CHECK(has(send(p, out, "position fen " + lost + "\ngo depth 2\n"), "nobestmove\n"));
  CHECK(has(send(p, out, "uci\nposition fen " + lost + "\ngo depth 2\n"), "bestmove (none)\n"));
}

TEST_CASE("frontend: the game's history reaches the search (repetition before the root)", "[frontend][search]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string fen = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w";
  // WXF case 2: with the cycle played twice (the board stands for the third time), checking
  // again loses by the arbiter's ruling; from the bare position it is no ruling (issue 25).
  // The check is searched alone (searchmoves), so the evaluation's taste between it and the
  // king's step does not decide the test: only the ruling's score does.
  const std::string cycle = "h8h9 f9f8 h9h8 f8f9";
  const std::string fresh = send(p, out, "uci\nposition fen " + fen + "\ngo depth 6 searchmoves h8h9\n");
  CHECK(bestmove(fresh) == "h8h9");
  CHECK_FALSE(has(fresh, "score cp -199"));  // an evaluation, not a ruling (score.h: +-(20000 - ply))
  const std::string game = "position fen " + fen + " moves " + cycle + " " + cycle;
  CHECK(has(send(p, out, game + "\ngo depth 6 searchmoves h8h9\n"), "score cp -19998 "));
  CHECK(bestmove(send(p, out, game + "\ngo depth 6\n")) != "h8h9");
}

TEST_CASE("frontend: setoption Hash and ucinewgame keep searching", "[frontend][search]") {
  std::ostringstream out;
  Protocol p(out);
  CHECK(has(send(p, out, "uci\n"), "option name Hash type spin default 16 min 1 max 4096\n"));
  CHECK(send(p, out, "setoption name Hash value 1\n").empty());
  CHECK(send(p, out, "setoption hashsize 2\n").empty());  // UCCI spelling
  CHECK(legal_in("", "", bestmove(send(p, out, "ucinewgame\nposition startpos\ngo depth 3\n"))));
  // Hash survives a variant switch and back.
  CHECK(send(p, out, "setoption name UCI_Variant value chess\nsetoption name UCI_Variant value xiangqi\n").empty());
  CHECK(legal_in("", "", bestmove(send(p, out, "go depth 2\n"))));
}

TEST_CASE("frontend: bench prints the signature line", "[frontend][search]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string a = send(p, out, "bench 16 1 3\n");
  const std::string b = send(p, out, "bench 16 1 3\n");
  std::smatch ma, mb;
  REQUIRE(std::regex_search(a, ma, std::regex("\nNodes searched  : (\\d+)\nNodes/second    : \\d+\n$")));
  REQUIRE(std::regex_search(b, mb, std::regex("\nNodes searched  : (\\d+)\nNodes/second    : \\d+\n$")));
  CHECK(ma[1].str() == mb[1].str());
}

namespace {

// An output buffer that notes when a flush first carried a bestmove line (the front end flushes
// after every line it writes; the search thread writes under the front end's lock).
struct BestmoveClock : std::stringbuf {
  std::optional<std::chrono::steady_clock::time_point> written;
  int sync() override {
    if (!written && str().find("bestmove ") != std::string::npos) written = std::chrono::steady_clock::now();
    return std::stringbuf::sync();
  }
};

}  // namespace

TEST_CASE("frontend: every go answers exactly one bestmove, bad parameters reported and skipped", "[frontend][search]") {
  std::ostringstream out;
  Protocol p(out);
  // (searchmoves and mate are supported now: these give them illegal moves and a bad count.)
  for (const char* go : {"go movetime -5", "go searchmoves a0a5 z9z9", "go mate 0", "go mate -3", "go depth -3",
                         "go sideways 3", "go depth", "go nodes lots depth 2", "go depth 2 searchmoves a0a5 nodes 500",
                         "go searchmoves depth 2", "go depth 2 perft 3"}) {
    const std::string reply = send(p, out, std::string("position startpos\n") + go + "\n");
    INFO(go << "\n" << reply);
    CHECK(has(reply, "info string error: "));
    CHECK(count_of(reply, "bestmove ") == 1);
    CHECK(legal_in("", "", bestmove(reply)));
  }
}

TEST_CASE("frontend: a bad go value makes one error line naming it, and the rest of the line counts", "[frontend][search]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string reply = send(p, out, "uci\nposition startpos\ngo depth 2 movetime abc\n");
  INFO(reply);
  CHECK(count_of(reply, "info string error: ") == 1);
  CHECK(has(reply, "go movetime needs a number >= 0, not 'abc'"));
  CHECK(has(reply, "info depth 2 "));  // the depth still limits the search
  CHECK(count_of(reply, "bestmove ") == 1);
  // A missing value before the next parameter takes nothing from it.
  const std::string ucci = send(p, out, "ucci\nposition startpos\ngo time depth 1\n");
  INFO(ucci);
  CHECK(count_of(ucci, "info string error: ") == 1);
  CHECK(has(ucci, "go time needs a number\n"));  // a clock may be negative: no ">= 0"
  CHECK(has(ucci, "bestmove "));
  // A mate count has one wording however it is wrong: a word, a zero or a negative.
  for (const char* go : {"go depth 1 mate abc", "go depth 1 mate 0", "go depth 1 mate -3"}) {
    const std::string mate = send(p, out, std::string("position startpos\n") + go + "\n");
    INFO(go << "\n" << mate);
    CHECK(count_of(mate, "info string error: ") == 1);
    CHECK(has(mate, "go mate needs a number of moves >= 1"));
    CHECK(count_of(mate, "bestmove ") == 1);
  }
}

TEST_CASE("frontend: negative and huge clocks neither overflow nor end the search at once", "[frontend][search]") {
  std::ostringstream out;
  Protocol p(out);
  // A GUI whose clock overstepped sends a negative time: it means no time left, not an error.
  const std::string negative = send(p, out, "position startpos\ngo wtime -7 btime 43 winc 10 binc 10\n");
  INFO(negative);
  CHECK_FALSE(has(negative, "error"));
  CHECK(count_of(negative, "bestmove ") == 1);
  // Huge clocks are clamped (UBSan would flag the overflow); with all that time and one move to
  // go, the search must still be thinking after 300 ms, until "stop": the bestmove line must be
  // written after the stop, however busy the machine (the old overflow answered within 1 ms).
  // Black is to move after h2e2: its clock is the huge one.
  for (const char* go : {"go wtime 1 btime 2000000000000000000 movestogo 1", "go time 9223372036854775807"}) {
    BestmoveClock buf;
    std::ostream timed(&buf);
    Protocol q(timed);
    q.handle("position startpos moves h2e2");
    q.handle(go);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto stop_sent = std::chrono::steady_clock::now();
    q.handle("stop");  // returns after the bestmove was written
    const std::string reply = buf.str();
    INFO(go << "\n" << reply);
    CHECK(count_of(reply, "bestmove ") == 1);
    REQUIRE(buf.written);
    CHECK(*buf.written >= stop_sent);
  }
}

TEST_CASE("frontend: the end of input stops a search that has no limit", "[frontend][search]") {
  for (const char* go : {"go", "go depth 0", "go nodes 0", "go movetime 0", "go infinite"}) {
    std::ostringstream out;
    Protocol p(out);
    std::istringstream in(std::string("position startpos\n") + go + "\n");
    auto done = std::async(std::launch::async, [&] { p.run(in); });
    const bool ended = done.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
    INFO(go);
    CHECK(ended);
    if (!ended) p.handle("stop");  // let the test end even so
    done.wait();
    CHECK(count_of(out.str(), "bestmove ") == 1);
  }
}

TEST_CASE("frontend: error lines quote a short, printable part of what they were given", "[frontend][errors]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string huge(1 << 20, 'x');
  const std::string reply = send(p, out, "setoption name Hash value " + huge + "\n");
  CHECK(has(reply, "info string error: bad value 'xxx"));
  CHECK(reply.size() < 400);
  // Control bytes, DEL and NUL come back as '?'.
  const std::string raw = send(p, out, std::string("frob") + '\x01' + "nicate" + '\x7f' + '\0' + "z\n");
  CHECK(has(raw, "info string error: unknown command 'frob?nicate??z'"));
}

// Issue 25: a cycle in the game's history is no ruling until the arbiter's count, in every
// protocol. Rook and king against a bare king after one cycle of checks: the rook mates
// (a mate score; UCCI does not resign). The lone king checked round a cycle once searches
// and scores its loss instead of a repetition win in a few nodes.
TEST_CASE("frontend: one cycle of checks in the history is no ruling under UCI and UCCI (issue 25)",
          "[frontend][search][judge]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string rook =
      "position fen 4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1 moves a0a9 e9e8 a9a8 e8e9 a8a9 e9e8\ngo depth 8\n";
  const std::string king =
      "position fen r2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1 moves a9a0 e0e1 a0a1 e1e0 a1a0 e0e1 a0a1\ngo depth 10\n";

  const std::string uci_rook = send(p, out, "uci\n" + rook);
  INFO(uci_rook);
  CHECK(std::regex_search(uci_rook, std::regex("info depth 8 .*score mate [1-9]")));
  CHECK_FALSE(has(uci_rook, "cp -19"));
  const std::string uci_king = send(p, out, king);
  INFO(uci_king);
  CHECK(has(uci_king, "info depth 10 "));
  CHECK(has(uci_king, "score mate -1 "));
  CHECK_FALSE(has(uci_king, "cp 199"));

  const std::string ucci_rook = send(p, out, "ucci\n" + rook);
  INFO(ucci_rook);
  CHECK(std::regex_search(ucci_rook, std::regex("info depth 8 .*score 29\\d\\d\\d ")));
  CHECK_FALSE(std::regex_search(ucci_rook, std::regex("bestmove [^\n]*(resign|draw)")));
  CHECK(legal_in("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8", bestmove(ucci_rook)));
  const std::string ucci_king = send(p, out, king);
  INFO(ucci_king);
  CHECK(has(ucci_king, "info depth 10 "));
  CHECK(has(ucci_king, "score -29998 "));
  CHECK_FALSE(has(ucci_king, "score 199"));
  CHECK_FALSE(std::regex_search(ucci_king, std::regex("bestmove [^\n]*draw")));
}

// Game 61 of the 10+0.1 match against Fairy-Stockfish (bench/results/strength_2026-11-26_0045):
// Black checks with its rook on d0/d1, Red's only move e0e1 repeats the position a third time,
// and the cycle since its first occurrence is idle on both sides: a ruled draw, rightly scored
// 0. The search used to deepen to 127 on the closed tree in no time; it stops once every line
// has ended long before the depth, and still answers the only move.
TEST_CASE("frontend: a forced move into a ruled draw stops deepening once the tree is closed (issue 25)",
          "[frontend][search][judge]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string moves =
      "h2h6 h7g7 b2b9 a9b9 h6e6 g7g3 h0i2 g3c3 e6e4 b7c7 i0h0 g9i7 h0h5 i7g5 h5h7 b9b4 h7e7 d9e8 e7i7 b4e4 "
      "i7i9 e4e3 d0e1 h9f8 i3i4 e3f3 a0a2 f8e6 c0e2 c3e3 i2h4 f3f1 b0d1 e3e4 h4g6 e6f4 i9i6 c7f7 e0d0 f7d7 "
      "d0e0 f4g2 d1e3 g2e3 g6e5 d7g7 i6g6 e3g2 e0d0 g2f0 e1f0 g7h7 g6c6 g5e7 a2d2 f1f0 d0d1 e4e3 d2d3 f0f1 "
      "d1d0 f1f0 d0d1 f0f1 d1d0 e3a3 d3a3 f1f0 d0d1 f0f1 d1d0 h7h0 g0i2 f1f0 d0d1 f0b0 e5g4 b0b1 d1d0 b1b0 "
      "d0d1 b0b1 d1d0 b1b2 a3e3 a6a5 g4f6 b2d2 d0e0 e9d9 c6a6 e8f7 a6a5 h0h8 a5a3 d9e9 i2g0 h8f8 f6g4 f7e8 "
      "a3a9 d2d7 g4f6 d7d9 f6g8 c9a7 a9a7 d9d8 e3e7 d8d1 e7e6 e9d9 e6c6 d1d0 e0e1 d0d1 e1e0 d9e9 c6f6 e9d9 "
      "f6c6 d1d0 e0e1 d0d1 e1e0 d1d0";
  const std::string text =
      send(p, out, "uci\nposition startpos moves " + moves + "\ngo wtime 5000 btime 5000 winc 100 binc 100\n");
  INFO(text);
  CHECK(bestmove(text) == "e0e1");
  CHECK(has(text, "score cp 0 "));
  int depth = 0;
  const std::regex info_depth("info depth (\\d+) ");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), info_depth); it != std::sregex_iterator(); ++it)
    depth = std::stoi((*it)[1]);
  CHECK(depth >= 1);
  CHECK(depth < 20);
}

// The arbiter's count is an option in every protocol (UCI "Repetitions", UCCI "repetitions"):
// at 2 the history's single cycle is ruled, as before issue 25 (the checker sees its ruling
// loss); a bad value is refused and the count kept. Depth 8: at 3 the win is a mate in 2 that
// ends in a stalemate (no check, no legal move), which the pruning hid at depth 6 with the
// gen1b network (it is found at depth 7; gen2 and gen3 find it at 6): depth 8 leaves room.
TEST_CASE("frontend: the Repetitions option sets the arbiter's count for the search", "[frontend][search][judge]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string rook =
      "position fen 4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1 moves a0a9 e9e8 a9a8 e8e9 a8a9 e9e8\ngo depth 8\n";
  CHECK(has(send(p, out, "uci\n"), "option name Repetitions type spin default 3 min 2 max 100\n"));
  CHECK(send(p, out, "setoption name Repetitions value 2\n").empty());
  CHECK(has(send(p, out, rook), "score cp -19"));
  CHECK(has(send(p, out, "setoption name Repetitions value 1\n"), "info string"));
  CHECK(has(send(p, out, rook), "score cp -19"));  // still 2
  CHECK(send(p, out, "setoption name Repetitions value 3\n").empty());
  CHECK(std::regex_search(send(p, out, rook), std::regex("score mate [1-9]")));
  // UCCI's spelling.
  CHECK(has(send(p, out, "ucci\n"), "option repetitions type spin min 2 max 100 default 3\n"));
  CHECK(send(p, out, "setoption repetitions 2\n").empty());
  CHECK(has(send(p, out, rook), "score -19"));
}
