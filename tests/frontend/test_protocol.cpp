// The UCI/UCCI front end driven through string streams: handshakes, variants, positions,
// perft against the game models' own perft, and bad input that must leave the state alone.
#include <catch2/catch.hpp>
#include <sstream>

#include "engine/fide/movegen.h"
#include "engine/fide/notation.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "frontend/protocol.h"
#include "protocol_driver.h"

using xq::frontend::Protocol;
using xq::test::has;
using xq::test::send;

namespace {



// The number in "Nodes searched: N", and how many per-move lines came before it.
std::uint64_t perft_total(const std::string& text, int* move_lines = nullptr) {
  const auto at = text.find("Nodes searched: ");
  REQUIRE(at != std::string::npos);
  if (move_lines) {
    *move_lines = 0;
    std::istringstream lines(text.substr(0, at));
    for (std::string l; std::getline(lines, l);) *move_lines += !l.empty();
  }
  return std::stoull(text.substr(at + 16));
}

// Sends a bad command and checks the error line and that the board did not change.
void expect_error_keeps_state(Protocol& p, std::ostringstream& out, const std::string& cmd, const std::string& fragment) {
  const std::string before = send(p, out, "d\n");
  const std::string reply = send(p, out, cmd + "\n");
  INFO("command: " << cmd << "\nreply: " << reply);
  CHECK(has(reply, "info string error: "));
  CHECK(has(reply, fragment));
  CHECK(send(p, out, "d\n") == before);
}

}  // namespace

TEST_CASE("frontend: uci and ucci handshakes advertise the variant option", "[frontend]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string uci = send(p, out, "uci\n");
  CHECK(has(uci, "id name xqengine\n"));
  CHECK(has(uci, "option name UCI_Variant type combo default xiangqi var xiangqi var chess\n"));
  CHECK(has(uci, "option name Repetition Rule type combo default wxf var wxf var check-only\n"));
  CHECK(uci.substr(uci.size() - 6) == "uciok\n");
  const std::string ucci = send(p, out, "ucci\n");
  CHECK(has(ucci, "option UCI_Variant type combo var xiangqi var chess default xiangqi\n"));  // UCCI: default last
  CHECK(ucci.substr(ucci.size() - 7) == "ucciok\n");
  CHECK(send(p, out, "isready\n") == "readyok\n");
  CHECK(std::string(p.variant()) == "xiangqi");
}

TEST_CASE("frontend: xiangqi go perft agrees with the engine's perft", "[frontend][perft]") {
  std::ostringstream out;
  Protocol p(out);
  int lines = 0;
  xq::Position start;
  CHECK(perft_total(send(p, out, "position startpos\ngo perft 3\n"), &lines) == xq::perft(start, 3));
  CHECK(lines == xq::legal_moves(start).size());

  xq::Position after;
  for (const char* m : {"h2e2", "h9g7"}) after.do_move(xq::parse_move(after, m).move);
  CHECK(perft_total(send(p, out, "position startpos moves h2e2 h9g7\ngo perft 3\n")) == xq::perft(after, 3));
  const std::string fen = xq::to_fen(after);
  CHECK(perft_total(send(p, out, "position fen " + fen + "\ngo perft 2\n")) == xq::perft(after, 2));
}

TEST_CASE("frontend: chess through UCI_Variant, perft against published counts", "[frontend][perft]") {
  std::ostringstream out;
  Protocol p(out);
  CHECK(send(p, out, "setoption name UCI_Variant value chess\n").empty());
  CHECK(std::string(p.variant()) == "chess");
  int lines = 0;
  CHECK(perft_total(send(p, out, "position startpos\ngo perft 3\n"), &lines) == 8902);
  CHECK(lines == 20);
  CHECK(perft_total(send(p, out,
                         "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\n"
                         "go perft 2\n")) == 2039);
  const std::string d = send(p, out, "position startpos moves e2e4 c7c5 e4e5 d7d5\nd\n");
  CHECK(has(d, "FEN: rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"));
  // UCCI form of setoption, and back to the Xiangqi start position.
  CHECK(send(p, out, "setoption UCI_Variant xiangqi\n").empty());
  CHECK(std::string(p.variant()) == "xiangqi");
  xq::Position start;
  CHECK(perft_total(send(p, out, "go perft 2\n")) == xq::perft(start, 2));
}

TEST_CASE("frontend: choosing the current variant again keeps the position", "[frontend]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "setoption name UCI_Variant value chess\nposition startpos moves e2e4\n");
  const std::string before = send(p, out, "d\n");
  send(p, out, "setoption name uci_variant value CHESS\n");
  CHECK(send(p, out, "d\n") == before);
  send(p, out, "ucinewgame\n");
  CHECK(has(send(p, out, "d\n"), xq::fide::Position::START_FEN));
}

TEST_CASE("frontend: bad input prints an error and keeps the previous state", "[frontend][errors]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "position startpos moves h2e2\n");
  expect_error_keeps_state(p, out, "frobnicate", "unknown command 'frobnicate'");
  expect_error_keeps_state(p, out, "position", "position needs 'startpos' or 'fen <FEN>'");
  expect_error_keeps_state(p, out, "position fen", "position fen needs a FEN");
  expect_error_keeps_state(p, out, "position startpos e2e4", "unexpected 'e2e4'");
  expect_error_keeps_state(p, out, "position fen rnbakabnr/9/1c5c1 w", "bad FEN");
  // The first two moves are fine; the third is illegal, so none is applied.
  expect_error_keeps_state(p, out, "position startpos moves h2e2 h9g7 e2e9", "move 3 'e2e9'");
  expect_error_keeps_state(p, out, "setoption name UCI_Variant value shogi", "bad value 'shogi'");
  expect_error_keeps_state(p, out, "setoption name Threads value 0", "bad value '0' for Threads");
  expect_error_keeps_state(p, out, "setoption name Trheads value 2", "unknown option 'Trheads' (did you mean 'Threads'?)");
  expect_error_keeps_state(p, out, "setoption name skill value 3", "unknown option 'skill' (did you mean 'Skill Level'?)");
  expect_error_keeps_state(p, out, "setoption name Hash value 0", "bad value '0' for Hash");
  expect_error_keeps_state(p, out, "setoption name Hash value lots", "bad value 'lots' for Hash");
  expect_error_keeps_state(p, out, "setoption name UCI_Variant", "needs a value");
  expect_error_keeps_state(p, out, "setoption name Repetition Rule value chase-only", "bad value 'chase-only' for Repetition Rule");
  CHECK(send(p, out, "setoption name Repetition Rule value check-only\n").empty());
  expect_error_keeps_state(p, out, "setoption", "needs an option name");
  expect_error_keeps_state(p, out, "go perft 0", "depth from 1 to");
  expect_error_keeps_state(p, out, "go perft 99", "depth from 1 to");
  expect_error_keeps_state(p, out, "go perft x", "depth from 1 to");
  expect_error_keeps_state(p, out, "go depth", "go depth needs a number");
  expect_error_keeps_state(p, out, "go depth -3", "go depth needs a number");
  expect_error_keeps_state(p, out, "go movetime soon", "go movetime needs a number");
  expect_error_keeps_state(p, out, "go sideways 3", "unknown go parameter 'sideways'");
  expect_error_keeps_state(p, out, "bench 16 1 0", "bad bench depth '0'");
  CHECK(std::string(p.variant()) == "xiangqi");

  send(p, out, "setoption name UCI_Variant value chess\nposition startpos moves e2e4\n");
  expect_error_keeps_state(p, out, "go depth 3", "search is not available for chess");
  expect_error_keeps_state(p, out, "position fen 8/8/8/8/8/8/8/K7 w - - 0 1", "missing black king");
  expect_error_keeps_state(p, out, "position startpos moves e2e4 e7e5 e1e3", "move 3 'e1e3': illegal");
  expect_error_keeps_state(p, out, "position startpos moves e2e4 e7", "malformed");
}

TEST_CASE("frontend: quit stops reading; blank lines are ignored", "[frontend]") {
  std::ostringstream out;
  Protocol p(out);
  CHECK(p.handle("   "));
  CHECK(out.str().empty());
  CHECK_FALSE(p.handle("quit"));
  CHECK(send(p, out, "isready\nquit\nisready\n") == "readyok\n");
}
