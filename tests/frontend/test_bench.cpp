// The protocol's bench command as OpenBench and Stockfish's scripts drive it: arguments in
// Stockfish's order (hash MB, threads, depth), one line per position, the judge table of the
// shortcut-on and shortcut-off runs, and the three closing lines with their exact prefixes.
// Bad arguments answer with an error and leave the engine answering.
#include <catch2/catch.hpp>

#include "nnue/loaded_network.h"

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "frontend/protocol.h"
#include "protocol_driver.h"
#include "search/bench.h"

using xq::frontend::Protocol;
using xq::test::has;
using xq::test::send;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

// Depth 8: the judge's shortcut serves cycles inside the tree only (a cycle that reaches the
// root waits for the arbiter's count, issue 25); at depth 4 no bench line holds one, and with
// the network gen14 none at depth 6 either (depth 7: 0.02 % of its calls, depth 8: 0.13 %).
TEST_CASE("frontend: bench 16 1 8 prints every position, the judge table and the closing lines", "[frontend][bench]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string reply = send(p, out, "bench 16 1 8\n");
  INFO(reply);
  const std::vector<std::string> lines = lines_of(reply);
  REQUIRE(lines.size() >= 3);
  const std::size_t n = lines.size();
  // The last three lines, exactly as OpenBench's regexes read them.
  CHECK(std::regex_match(lines[n - 3], std::regex("Total time \\(ms\\) : \\d+")));
  CHECK(std::regex_match(lines[n - 2], std::regex("Nodes searched  : \\d+")));
  CHECK(std::regex_match(lines[n - 1], std::regex("Nodes/second    : \\d+")));
  // One line per position, the signature run only.
  const std::size_t positions = xq::search::bench_positions().size();
  std::size_t position_lines = 0;
  for (const std::string& line : lines) position_lines += starts_with(line, "position ");
  CHECK(position_lines == positions);
  CHECK(has(reply, "position " + std::to_string(positions) + ": bestmove "));
  // The judge table has both runs; with the shortcut off it answers nothing.
  std::smatch on, off;
  REQUIRE(std::regex_search(reply, on, std::regex("\nshortcut on +(\\d+) +\\d+ +[\\d.]+ +(\\d+) +[\\d.]+ +([\\d.]+) ")));
  REQUIRE(std::regex_search(reply, off, std::regex("\nshortcut off +(\\d+) +\\d+ +[\\d.]+ +(\\d+) +[\\d.]+ +([\\d.]+) ")));
  CHECK(off[3].str() == "0.00");
  CHECK(std::stod(on[3].str()) > 0);
  // The signature is the shortcut-on run's count, the same as search::run_bench gives.
  xq::search::BenchOptions options;
  options.depth = 8;
  options.network = xq::nnue::embedded_network();  // the engine's default evaluation
  const xq::search::BenchResult direct = xq::search::run_bench(options);
  CHECK(on[1].str() == std::to_string(direct.nodes));
  CHECK(lines[n - 2] == "Nodes searched  : " + std::to_string(direct.nodes));
  // Bench has its own table and threads: the engine's options are untouched.
  CHECK(p.threads() == 1);
}

TEST_CASE("frontend: bad bench arguments answer with an error and change nothing", "[frontend][bench]") {
  std::ostringstream out;
  Protocol p(out);
  for (const char* bad : {"bench x", "bench 16 0 4", "bench 16 1 99", "bench 0", "bench 16 1 4 9", "bench 16 -1"}) {
    const std::string reply = send(p, out, std::string(bad) + "\nisready\n");
    INFO(bad << "\n" << reply);
    CHECK(starts_with(reply, "info string error: "));
    CHECK(has(reply, "(bench [hash MB] [threads] [depth])"));
    CHECK_FALSE(has(reply, "Nodes searched"));
    CHECK(has(reply, "readyok\n"));
  }
  CHECK(has(send(p, out, "bench 16 0 4\n"), "thread count '0'"));
  CHECK(has(send(p, out, "bench 16 1 99\n"), "depth '99'"));
  CHECK(has(send(p, out, "bench x\n"), "hash size 'x'"));
  // Still a working engine.
  CHECK(has(send(p, out, "position startpos\ngo depth 2\n"), "bestmove "));
}

TEST_CASE("frontend: bench with two threads runs through the pool, without the shortcut-off run", "[frontend][bench]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string reply = send(p, out, "bench 8 2 3\n");
  INFO(reply);
  CHECK(has(reply, "\nshortcut on "));
  CHECK_FALSE(has(reply, "\nshortcut off "));
  CHECK(has(reply, "the shortcut-off run needs 1 thread"));
  CHECK(std::regex_search(reply, std::regex("\nNodes searched  : \\d+\nNodes/second    : \\d+\n$")));
  CHECK(p.threads() == 1);  // the Threads option did not change
}
