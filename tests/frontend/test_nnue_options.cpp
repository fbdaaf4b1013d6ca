// The network's options in the protocols: Use NNUE / usennue switches the evaluation,
// EvalFile / evalfile loads a network; a missing, truncated, random, other-engine or
// wrong-architecture file is refused with an info string naming the problem, and the engine
// keeps the network it had and goes on playing.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "engine/random.h"
#include "frontend/protocol.h"
#include "nnue/kernels.h"
#include "nnue/loaded_network.h"
#include "nnue/random_network.h"
#include "protocol_driver.h"
#include "../temp_dir.h"

using xq::frontend::Protocol;
using namespace xq::test;

namespace {

std::string hex_hash(std::uint64_t h) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string embedded_hash() { return hex_hash(xq::nnue::embedded_network()->hash); }

}  // namespace

TEST_CASE("nnue options: the handshakes offer Use NNUE and EvalFile", "[frontend][nnue]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string uci = send(p, out, "uci\n");
  CHECK(has(uci, "option name Use NNUE type check default true\n"));
  CHECK(has(uci, "option name EvalFile type string default <embedded>\n"));
  const std::string ucci = send(p, out, "ucci\n");
  CHECK(has(ucci, "option usennue type check default true\n"));
  CHECK(has(ucci, "option evalfile type string default <embedded>\n"));
}

TEST_CASE("nnue options: eval shows the embedded network and whether it plays", "[frontend][nnue]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "uci\n");
  std::string eval = send(p, out, "eval\n");
  // The network plays by default (issue 20: gen0a won at 10+0.1).
  CHECK(has(eval, "network embedded, hash " + embedded_hash() + ", used by the search"));
  CHECK(has(eval, "description: PLACEHOLDER") == has(xq::nnue::embedded_network()->net.description, "PLACEHOLDER"));
  CHECK(has(eval, "nnue eval "));
  // The embedded file is of the current architecture (eight output layers).
  CHECK(has(eval, "architecture: xq-ps1260-mirror:256x2-screlu:8pc:"));
  // The kernels in use, the machine's default (its widest, or AVX2 on Intel) unless a test set them.
  CHECK(xq::nnue::active_simd() == xq::nnue::machine_default_simd());
  const std::string kernels = std::string("kernels: ") + xq::nnue::simd_name(xq::nnue::active_simd());
  if (xq::nnue::machine_best_simd() == xq::nnue::active_simd())
    CHECK(has(eval, kernels + "\n"));
  else  // an Intel CPU with AVX-512: the wider path is named as passed over
    CHECK(has(eval, kernels + " (the CPU also runs " + xq::nnue::simd_name(xq::nnue::machine_best_simd()) + ", slower here)\n"));
  CHECK(send(p, out, "setoption name Use NNUE value false\n").empty());
  CHECK(has(send(p, out, "eval\n"), "network embedded, hash " + embedded_hash() + ", not used"));
  CHECK(send(p, out, "setoption name Use NNUE value true\n").empty());
  eval = send(p, out, "eval\n");
  CHECK(has(eval, "used by the search"));
  CHECK(has(send(p, out, "setoption name Use NNUE value sometimes\n"), "info string error: bad value 'sometimes' for Use NNUE"));
  CHECK(has(send(p, out, "eval\n"), "used by the search"));  // the bad value changed nothing
}

TEST_CASE("nnue options: a good EvalFile is loaded and plays", "[frontend][nnue]") {
  const xq::test::TempDir dir("nnue_test");
  const std::string bytes = xq::nnue::serialise(xq::nnue::random_network(8, 50, 30, "another test network"));
  const std::string path = dir.write("other.nnue", bytes);
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "uci\n");
  const std::string answer = send(p, out, "setoption name EvalFile value " + path + "\n");
  CHECK(has(answer, "info string EvalFile: loaded " + path + " (hash " + hex_hash(xq::nnue::fnv1a64(bytes)) + ")"));
  const std::string eval = send(p, out, "eval\n");
  CHECK(has(eval, "network " + path + ", hash " + hex_hash(xq::nnue::fnv1a64(bytes))));
  CHECK(has(eval, "description: another test network"));
  send(p, out, "setoption name Use NNUE value true\nposition startpos\n");
  CHECK(std::regex_search(send(p, out, "go depth 3\n"), std::regex("bestmove [a-i][0-9][a-i][0-9]")));
  // Back to the embedded one by name.
  CHECK(has(send(p, out, "setoption name EvalFile value <embedded>\n"), "loaded embedded (hash " + embedded_hash()));
}

TEST_CASE("nnue options: every bad EvalFile is named and the previous network keeps playing", "[frontend][nnue]") {
  const xq::test::TempDir dir("nnue_test");
  const std::string good = xq::nnue::serialise(xq::nnue::random_network(9, 50, 30, "the previous network"));
  std::string random_bytes(5000, '\0');
  std::uint64_t state = 42;
  for (char& c : random_bytes) c = char(xq::splitmix64(state));
  std::string pikafish = random_bytes;
  for (int i = 0; i < 4; ++i) pikafish[std::size_t(i)] = char((0x7AF32F20u >> (8 * i)) & 0xFF);
  std::string other_arch = good;
  other_arch[8] ^= 0x55;  // the architecture hash

  struct Case {
    std::string name, path, expected;
  };
  const std::vector<Case> cases = {
      {"missing", (dir.path / "missing.nnue").string(), "does not exist"},
      {"empty", dir.write("empty.nnue", ""), "the file is empty"},
      {"truncated", dir.write("truncated.nnue", good.substr(0, good.size() - 100)), "truncated"},
      {"random bytes", dir.write("random.nnue", random_bytes), "not an xqengine network"},
      {"pikafish", dir.write("pikafish.nnue", pikafish), "Stockfish/Pikafish"},
      {"other architecture", dir.write("arch.nnue", other_arch), "another architecture"},
      {"trailing bytes", dir.write("long.nnue", good + "xx"), "trailing bytes"},
      {"a directory", dir.path.string(), "is a directory"},
      {"a device that never ends", "/dev/zero", "is not a regular file"},
  };
  for (const char* dialect : {"uci", "ucci"}) {
    const bool uci = std::string(dialect) == "uci";
    std::ostringstream out;
    Protocol p(out);
    send(p, out, std::string(dialect) + "\n");
    const std::string previous = dir.write("previous.nnue", good);
    const std::string set = uci ? "setoption name EvalFile value " : "setoption evalfile ";
    REQUIRE(has(send(p, out, set + previous + "\n"), "loaded " + previous));
    send(p, out, uci ? "setoption name Use NNUE value true\n" : "setoption usennue true\n");
    for (const Case& c : cases) {
      INFO(dialect << ": " << c.name);
      const std::string answer = send(p, out, set + c.path + "\n");
      CHECK(has(answer, "info string error: EvalFile"));
      CHECK(has(answer, c.expected));
      CHECK(has(answer, "keeping " + previous));
      CHECK(has(send(p, out, "eval\n"), "network " + previous + ", hash " + hex_hash(xq::nnue::fnv1a64(good)) + ", used"));
    }
    send(p, out, "position startpos moves h2e2\n");
    CHECK(std::regex_search(send(p, out, "go depth 3\n"), std::regex("bestmove [a-i][0-9][a-i][0-9]")));
  }
}
