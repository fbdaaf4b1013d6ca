#include "bench.h"

#include <charconv>
#include <chrono>
#include <memory>
#include <new>
#include <optional>

#include "engine/notation.h"
#include "engine/text.h"
#include "judge/judge.h"
#include "threads.h"

namespace xq::search {

const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> positions = {
      // Openings: the start position and common first moves (central cannon, screen horses,
      // same-direction cannons, the pawn opening) ...
      {nullptr, ""},
      {nullptr, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"},
      {nullptr, "b2e2 b9c7 b0c2 a9b9 a0b0 h9g7 h0g2 c6c5"},
      {nullptr, "c3c4 g6g5 b0c2 h9g7 h2h6 b9c7 b2b4 c6c5"},
      {nullptr, "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9 h0h4 b9c7 b0c2 g6g5"},
      // ... and four lines of data/openings/balanced.txt (its 1st, 3rd, 4th and 8th).
      {nullptr, "h2g2 h7g7 h0i2 h9i7"},
      {nullptr, "b2a2 b7c7 g3g4 a9a8"},
      {nullptr, "h2h6 b7e7 h0g2 b9c7"},
      {nullptr, "a3a4 h7g7 b2g2 g7g3"},
      // Middle games with open files and ranks: rooks out, pawns traded, cannons on open lines.
      {"2bakab2/9/1c7/p1p3p1p/9/2P1C4/P3P1P1P/2N1B1N2/4A4/2BAK4 w", ""},
      {"r1bakab2/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB2 w", ""},
      {"2bakab1r/9/1cn1c1n2/p3p1p1p/2p6/6P2/P1P1P3P/1C2C1N2/4A4/RNB1KAB2 b", ""},
      {"3akab2/9/2n1b1n2/p1r1p3p/2p3p2/6P2/P1P1P3P/2N1B1N2/1R2A4/2BAK4 w", ""},
      {"2baka3/4r4/2n1b1c2/p3p3p/2p3p2/2P6/P3P1P1P/2C1B1N2/4A4/R2AK1B2 w", ""},
      {"r2akab2/9/1cn1b1n2/p3p1p1p/2p6/6P2/P1P1P3P/1C2B1N2/9/RN1AKAB2 w", ""},
      {"2bak4/4a4/4b1n2/p3R3p/2p1c4/6P2/P1r1P3P/4C1N2/4A4/2BAK1B2 w", ""},
      {"1rbak4/4a4/2n1b2c1/p3p3p/2p3R2/9/P1P1P3P/2N1C4/4A4/2BAK1B2 b", ""},
      // Endings: rook, horse, cannon and pawn endings, some with advisors and elephants.
      {"3akr3/5c3/1P2b4/4R4/9/9/9/9/9/4CK3 w", ""},
      {"4R4/3k5/5R3/9/9/2B6/n8/3pB4/4p4/3K5 w", ""},
      {"3k5/4a4/4ba3/9/2b6/9/9/4B4/R3A4/2BAK4 w", ""},
      {"3ak4/4a4/4n4/9/9/9/9/9/4R4/3K5 w", ""},
      {"3ak4/4a4/9/9/4P4/2N6/9/9/9/4K4 w", ""},
      {"2b1k4/9/8b/9/9/2P6/9/4C4/9/3K5 w", ""},
      {"4k4/4a4/3a5/9/2P3P2/9/9/9/9/3K5 w", ""},
      {"4k4/9/9/9/9/2p1p4/9/4B4/4A4/3AK4 b", ""},
      {"4k4/9/4P4/9/9/9/9/9/4r4/3K1R3 w", ""},
      {"4ka3/4a4/9/9/9/9/9/2C6/4A4/3AK4 w", ""},
      {"2bak4/4a4/4b4/9/6n2/9/2P6/4N4/9/4K4 w", ""},
      // WXF repetition cases (data/wxf_diagrams/, by case id), given with their moves so the
      // judge has a cycle in progress to rule on below the root.
      {"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w", "h8h9 f9f8 h9h8 f8f9"},  // a perpetual check
      {"r1b1kabr1/4a1c2/1cn6/p1p1pR2p/3NP2n1/9/P1P3p1P/1C2C4/4A4/RNBAK1B2 w", "f6g6 h5g7 g6f6 g7h5 f6g6"},  // 63
      {"2bakab2/3r5/2n1c2c1/p1R1p1p2/7np/2P2CP2/P2rP3P/2N1C1N2/4A4/2B1KAB1R w",
       "f4f3 d3d7 f3f7 d7d3 f7f3 d3d7 f3f7"},  // 30-31
      {"2bakab2/6c2/2C3c2/p1N1p3p/1R1P5/5r3/P2CP1n1P/4B1p2/4A4/4KAB2 w",
       "b5b8 f9e8 c7c8 e8f9 c8c7 f9e8 c7c8 e8f9 c8c7"},  // 172-173
      {"2bak3r/4a4/4b1n2/P2rp3p/2p1c1p2/4R4/N3P3R/4BC1C1/N3A4/4KAB2 w",
       "h2h6 d6d3 f2f3 d3d1 h6h1 d1d6 f3f6 d6d3 h1h3 d3d1 f6f1 d1d6 h3h6 d6d3 f1f3 d3d1"},  // 38
      {"2bak4/4a4/4b3n/p3p4/4n3p/4R4/Pr2P4/4BC1C1/3rA4/R3KAB2 w",
       "f2f3 b3b6 h2h1 d1d5 f3f6 b6b2 h1h5 d5d3 f6f2 b2b1 h5h3 d3d5 f2f1 b1b6 f1f6 b6b1 h3h5 d5d3"},  // 42
      {"4kab2/4a4/4b3n/2r3p1p/2p2N3/9/1RP3P1P/4B3C/2r1A4/2N1KABc1 w", "i2i1 h0h1 e1d0 h1h0 d0e1 h0h1"},  // 90-92
      {"N1ra1a3/3nk4/4b4/p1p6/6b1p/2P6/P2R4P/4B4/4A4/2B1KA3 w", "d3h3 e8e9 h3d3 e9e8 d3h3"},  // 24
      {"2bNka3/1N2aPP2/n3b4/p8/5c3/2C6/9/4B4/4A4/r1BK1A1n1 w", "c4h4 f5h5 h4e4 h5e5 e4h4 e5h5"},  // 17
  };
  return positions;
}

namespace {

// A whole word as a number in [lo, hi], or nothing.
std::optional<long long> number_in(const std::string& word, long long lo, long long hi) {
  long long v = 0;
  const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
  if (ec != std::errc() || ptr != word.data() + word.size() || v < lo || v > hi) return std::nullopt;
  return v;
}

// Bench position `index`, its moves played through the judge; "" or the problem.
std::string load_position(std::size_t index, Position& pos) {
  const BenchPosition& b = bench_positions()[index];
  const std::string where = "bench position " + std::to_string(index + 1) + ": ";
  if (b.fen)
    if (const FenResult fr = set_fen(pos, b.fen); !fr.ok) return where + fr.error;
  judge::record_root(pos);
  for (std::string_view text : split_words(b.moves)) {
    const MoveResult mr = parse_move(pos, text);
    if (!mr.ok()) return where + mr.error;
    judge::play(pos, mr.move);
  }
  return "";
}

}  // namespace

std::string parse_bench_args(const std::vector<std::string>& words, BenchOptions& out) {
  const std::string usage = " (bench [hash MB] [threads] [depth])";
  if (words.size() > 3) return "bench takes at most 3 numbers" + usage;
  BenchOptions o = out;
  if (words.size() > 0) {
    const auto mb = number_in(words[0], 1, BENCH_MAX_HASH_MB);
    if (!mb) return "bad bench hash size '" + words[0] + "': expected MB from 1 to " + std::to_string(BENCH_MAX_HASH_MB) + usage;
    o.hash_mb = std::size_t(*mb);
  }
  if (words.size() > 1) {
    const auto n = number_in(words[1], 1, SearchPool::MAX_THREADS);
    if (!n) return "bad bench thread count '" + words[1] + "': expected 1 to " + std::to_string(SearchPool::MAX_THREADS) + usage;
    o.threads = int(*n);
  }
  if (words.size() > 2) {
    const auto d = number_in(words[2], 1, BENCH_MAX_DEPTH);
    if (!d) return "bad bench depth '" + words[2] + "': expected 1 to " + std::to_string(BENCH_MAX_DEPTH) + usage;
    o.depth = int(*d);
  }
  out = o;
  return "";
}

BenchResult run_bench(const BenchOptions& options, const std::function<void(int, const Result&)>& each,
                      const std::atomic<bool>* stop) {
  BenchResult out;
  if (options.threads > 1 && !options.judge_shortcut) {
    out.error = "bench: the judge shortcut can be turned off with one thread only";
    return out;
  }
  // Only the searches are timed. Allocating the table, the first write of its fresh pages and
  // zeroing the histories before each position are set-up, not search: on a virtual machine
  // the first touch of new memory alone took 4-7 % of the whole run, and a varying share.
  std::chrono::steady_clock::duration searching{};
  const std::atomic<bool> never{false};
  const std::atomic<bool>& halt = stop ? *stop : never;
  std::unique_ptr<TranspositionTable> tt;
  try {
    tt = std::make_unique<TranspositionTable>(options.hash_mb);
  } catch (const std::bad_alloc&) {
    out.error = "bench: cannot allocate a " + std::to_string(options.hash_mb) + " MB table";
    return out;
  }
  // One thread searches with a Searcher of its own: the shortcut switch lives there, and it is
  // exactly what a one-thread pool would run.
  auto searcher = std::make_unique<Searcher>(*tt);
  searcher->set_judge_shortcut(options.judge_shortcut);
  searcher->set_network(options.network);
  std::unique_ptr<SearchPool> pool;
  if (options.threads > 1) {
    pool = std::make_unique<SearchPool>(*tt, options.threads);
    pool->set_network(options.network);
  }
  Limits limits;
  limits.depth = options.depth;
  for (std::size_t i = 0; i < bench_positions().size(); ++i) {
    Position pos;
    if (out.error = load_position(i, pos); !out.error.empty()) break;
    tt->clear();
    pool ? pool->clear() : searcher->clear();
    const auto started = std::chrono::steady_clock::now();
    const Result r = pool ? pool->run(pos, limits, halt) : searcher->run(pos, limits, halt);
    searching += std::chrono::steady_clock::now() - started;
    if (halt) break;  // a position cut short would change the counts
    out.nodes += r.nodes;
    out.judge += r.judge;
    out.per_position.push_back(r);
    if (each) each(int(i), r);
  }
  out.complete = out.error.empty() && !halt;
  out.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(searching).count();
  return out;
}

}  // namespace xq::search
