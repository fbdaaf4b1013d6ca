// Perft against the published counts in data/perft/chess.json. The cheap depths run here; the
// full set (a few seconds) is tagged [slow]; bench/perft_chess.sh runs it with timings.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/fide/movegen.h"
#include "engine/fide/notation.h"

using namespace xq::fide;

namespace {

nlohmann::json load_chess_perft() {
  std::ifstream in(std::string(XQ_DATA_DIR) + "/perft/chess.json");
  REQUIRE(in.good());
  return nlohmann::json::parse(in);
}

// Runs every listed depth whose count is at most max_nodes; returns how many ran.
int check_perft_up_to(std::uint64_t max_nodes) {
  const auto data = load_chess_perft();
  REQUIRE(data.size() == 6);
  int checked = 0;
  for (const auto& entry : data) {
    Position pos;
    const auto fen = entry["fen"].get<std::string>();
    REQUIRE(set_fen(pos, fen).ok);
    for (const auto& [depth, nodes] : entry["nodes"].items()) {
      const auto expected = nodes.get<std::uint64_t>();
      if (expected > max_nodes) continue;
      INFO(fen << " depth " << depth);
      CHECK(perft(pos, std::stoi(depth)) == expected);
      ++checked;
    }
  }
  return checked;
}

}  // namespace

TEST_CASE("chess: chess perft matches published counts up to 500k nodes", "[fide][perft]") {
  CHECK(check_perft_up_to(500000) == 21);  // a truncated data file must not pass silently
}

TEST_CASE("chess: chess perft matches every depth of chess.json", "[fide][perft][slow]") {
  CHECK(check_perft_up_to(~0ULL) == 26);
}

TEST_CASE("chess: chess perft leaves the position unchanged", "[fide][perft]") {
  Position pos;
  REQUIRE(set_fen(pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").ok);
  const Key before = pos.key();
  const std::string fen = to_fen(pos);
  perft(pos, 3);
  CHECK(pos.key() == before);
  CHECK(to_fen(pos) == fen);
  CHECK(pos.game_ply() == 0);
}
