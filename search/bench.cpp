#include "bench.h"

#include <chrono>
#include <memory>

#include "engine/notation.h"
#include "engine/text.h"
#include "judge/judge.h"

namespace xq::search {

// Openings, middle games with open lines, and endings (some from the WXF cases, where the
// judge has repetitions to rule on).
const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> positions = {
      {nullptr, ""},
      {nullptr, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"},
      {nullptr, "b2e2 b9c7 b0c2 a9b9 a0b0 h9g7 h0g2 c6c5"},
      {nullptr, "c3c4 g6g5 b0c2 h9g7 h2h6 b9c7 b2b4 c6c5"},
      {nullptr, "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9 h0h4 b9c7 b0c2 g6g5"},
      {"2bakab2/9/1c7/p1p3p1p/9/2P1C4/P3P1P1P/2N1B1N2/4A4/2BAK4 w", ""},
      {"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w", "h8h9 f9f8 h9h8 f8f9"},
      {"3akr3/5c3/1P2b4/4R4/9/9/9/9/9/4CK3 w", ""},
      {"4R4/3k5/5R3/9/9/2B6/n8/3pB4/4p4/3K5 w", ""},
      {"3k5/4a4/4ba3/9/2b6/9/9/4B4/R3A4/2BAK4 w", ""},
  };
  return positions;
}

BenchResult run_bench(int depth, std::size_t hash_mb, const std::function<void(int, const Result&)>& each) {
  BenchResult out;
  const auto start = std::chrono::steady_clock::now();
  const std::atomic<bool> stop{false};
  auto tt = std::make_unique<TranspositionTable>(hash_mb);
  auto searcher = std::make_unique<Searcher>(*tt);
  Limits limits;
  limits.depth = depth;
  const auto& positions = bench_positions();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    Position pos;
    if (positions[i].fen) {
      if (const FenResult fr = set_fen(pos, positions[i].fen); !fr.ok) {
        out.error = "bench position " + std::to_string(i) + ": " + fr.error;
        return out;
      }
    }
    judge::record_root(pos);
    for (std::string_view text : split_words(positions[i].moves)) {
      const MoveResult mr = parse_move(pos, text);
      if (!mr.ok()) {
        out.error = "bench position " + std::to_string(i) + ": " + mr.error;
        return out;
      }
      judge::play(pos, mr.move);
    }
    tt->clear();
    searcher->clear();
    const Result r = searcher->run(pos, limits, stop);
    out.nodes += r.nodes;
    out.per_position.push_back(r);
    if (each) each(int(i), r);
  }
  out.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace xq::search
