// 10,000 random and mutated command lines, all three dialects mixed, fed to one engine: it
// must never crash, hang or exit, must write only printable lines, and must still answer
// isready (every 500 lines and at the end). The lines are drawn from a fixed seed, so a
// failure repeats; each is a valid command with 0-3 mutations (bytes deleted, inserted or
// replaced by control bytes, NUL, high bytes, tokens replaced by long garbage or repeated).
#include <catch2/catch.hpp>

#include <chrono>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "frontend/protocol.h"

using xq::frontend::Protocol;

namespace {

class LineMaker {
 public:
  explicit LineMaker(unsigned seed) : rng_(seed) {}

  std::string next() {
    std::string line = valid();
    for (int n = pick(4); n > 0; --n) mutate(line);
    return line;
  }

 private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  std::string num(int n) { return std::to_string(pick(n)); }

  std::string move() {
    static const char* const MOVES[] = {"h2e2", "h9g7", "b0c2", "b9c7", "i0i1", "a9a8", "h2h9", "e0e1", "c3c4", "zz"};
    return MOVES[pick(10)];
  }

  std::string fen() {
    static const char* const FENS[] = {
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
        "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1",
        "3k5/R8/9/9/9/9/9/9/9/1R3K3 b - - 0 1",
        "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w",
        "3k5/9/9/9/9/9/9/9/9/4K4 w - - 119 80",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    };
    return FENS[pick(6)];
  }

  // A well-formed command of one of the dialects, with small limits so nothing runs long.
  std::string valid() {
    switch (pick(40)) {
      case 0: return "uci";
      case 1: return "ucci";
      case 2: return "xboard";
      case 3: return "isready";
      case 4: return "position startpos moves " + move() + " " + move();
      case 5: return "position fen " + fen() + (pick(2) ? " moves " + move() : "");
      case 6: return "go depth " + num(4);
      case 7: return "go movetime " + num(30);
      case 8: return "go nodes " + num(3000);
      case 9: return "go wtime " + num(500) + " btime " + num(500) + " winc " + num(20) + " binc " + num(20);
      case 10: return pick(2) ? "go infinite" : "go ponder depth " + num(3);
      case 11: return pick(2) ? "ponderhit" : "ponderhit draw";
      case 12: return "stop";
      case 13: {
        static const char* const OPTS[] = {"Hash value 8", "Clear Hash", "Ponder value true", "Move Overhead value 5",
                                           "UCI_Variant value chess", "UCI_Variant value xiangqi",
                                           "Repetition Rule value check-only", "Sixty Move Rule value false",
                                           "UCI_ShowWDL value true", "Randomness value 20"};
        return std::string("setoption name ") + OPTS[pick(10)];
      }
      case 14: {
        static const char* const UCCI_OPTS[] = {"usemillisec true", "newgame", "randomness huge"};
        return std::string("setoption ") + UCCI_OPTS[pick(3)];
      }
      case 15: return "ucinewgame";
      case 16: {
        static const char* const USER[] = {"d", "eval", "flip"};
        return USER[pick(3)];
      }
      case 17: return "go perft " + num(4);
      case 18: return "bench 1 1 1";
      case 19: return "banmoves " + move() + " " + move();
      case 20: return "probe startpos moves " + move();
      case 21: return "go time " + num(300) + " increment " + num(10) + " opptime 300" + (pick(2) ? " draw" : "");
      case 22: return "protover 2";
      case 23: return "new";
      case 24: return "force";
      case 25: return "go";
      case 26: return "usermove " + move();
      case 27: return move();
      case 28: return "setboard " + fen();
      case 29: return pick(2) ? "undo" : "remove";
      case 30: return "level " + num(41) + " 0:0" + num(3) + " 0";
      case 31: return "st 0.0" + num(5);
      case 32: return "sd " + num(4);
      case 33: return (pick(2) ? "time " : "otim ") + num(300);
      case 34: return pick(2) ? "post" : "nopost";
      case 35: return pick(2) ? "analyze" : "exit";
      case 36: return pick(2) ? "." : "?";
      case 37: return pick(2) ? "draw" : "result 1-0 {mutual agreement}";
      case 38: return pick(2) ? "playother" : "hard";
      default: return "variant xiangqi";
    }
  }

  void mutate(std::string& line) {
    const std::size_t at = line.empty() ? 0 : std::size_t(pick(int(line.size())));
    switch (pick(6)) {
      case 0: if (!line.empty()) line.erase(at, 1); break;
      case 1: line.insert(at, 1, char(pick(256))); break;  // any byte: NUL, controls, high bytes
      case 2: line.insert(at, std::string(std::size_t(pick(300)), char('a' + pick(26)))); break;
      case 3: line += " " + line; break;
      case 4: line = line.substr(0, at); break;
      default: line.insert(at, " 99999999999999999999999 -7 "); break;
    }
  }

  std::mt19937 rng_;
};

bool printable_lines(const std::string& text) {
  for (char c : text)
    if (c != '\n' && (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e)) return false;
  return true;
}

}  // namespace

TEST_CASE("frontend: 10,000 random and mutated lines leave a working engine", "[frontend][robust]") {
  std::ostringstream out;
  Protocol p(out);
  LineMaker lines(20261122);
  const auto t0 = std::chrono::steady_clock::now();
  int quits = 0;
  for (int i = 1; i <= 10000; ++i) {
    std::string line = lines.next();
    if (line.find("quit") != std::string::npos) continue;  // the one command that may end it
    // CECP answers a ping only after the move it thinks about: let it move first.
    if (line.find("ping") != std::string::npos) p.handle("?");
    if (!p.handle(line)) ++quits;
    if (i % 500 == 0) {
      p.handle("uci");
      p.handle("stop");  // once it returns, no search writes to `out`
      INFO("after line " << i << " (" << line.substr(0, 80) << ")");
      CHECK(printable_lines(out.str()));
      out.str("");
      p.handle("isready");
      REQUIRE(out.str() == "readyok\n");
    }
  }
  CHECK(quits == 0);
  p.handle("stop");
  p.handle("xboard");
  p.handle("force");
  out.str("");
  p.handle("ping 5");
  CHECK(out.str() == "pong 5\n");
  CHECK(printable_lines(out.str()));
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - t0).count();
  INFO(seconds << " s");
  CHECK(seconds < 120);
}
