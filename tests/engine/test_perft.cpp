// Perft against the published counts in data/perft/xiangqi.json (cheap depths only;
// bench/perft_deep.sh runs every depth).
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/movegen.h"
#include "engine/notation.h"

using namespace xq;

namespace {
nlohmann::json load(const std::string& name) {
  std::ifstream in(std::string(XQ_DATA_DIR) + "/perft/" + name);
  REQUIRE(in.good());
  return nlohmann::json::parse(in);
}
}  // namespace

TEST_CASE("perft matches published counts up to 200k nodes", "[engine][perft]") {
  const auto data = load("xiangqi.json");
  REQUIRE(data.size() == 11);
  int checked = 0;
  for (const auto& entry : data) {
    Position pos;
    REQUIRE(set_fen(pos, entry["fen"].get<std::string>()).ok);
    for (const auto& [depth, nodes] : entry["nodes"].items()) {
      const auto expected = nodes.get<std::uint64_t>();
      if (expected > 700000) continue;
      INFO(entry["fen"].get<std::string>() << " depth " << depth);
      CHECK(perft(pos, std::stoi(depth)) == expected);
      ++checked;
    }
  }
  CHECK(checked >= 33);  // a truncated data file must not pass silently
}

TEST_CASE("perft leaves the position unchanged", "[engine][perft]") {
  Position pos;
  const Key before = pos.key();
  const std::string fen = to_fen(pos);
  perft(pos, 3);
  CHECK(pos.key() == before);
  CHECK(to_fen(pos) == fen);
  CHECK(pos.game_ply() == 0);
}
