// The deterministic bench: fixed positions, a fixed depth, a fresh table and fresh history for
// each position. With one thread the total node count is the build's signature: it changes
// exactly when the search or evaluation changes. Speed (nps) is reported, never compared.
// Arguments follow Stockfish's order, "bench [hash MB] [threads] [depth]", so OpenBench and
// Stockfish's scripts can drive it; with more than one thread (search::SearchPool) the count
// is not deterministic and is no signature.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "search.h"

namespace xq::search {

// The default depth: about 2.3 M nodes, 2-5 s on one core (the shortcut-off run doubles it).
constexpr int BENCH_DEPTH = 12;
constexpr int BENCH_MAX_DEPTH = 20;
constexpr std::size_t BENCH_HASH_MB = 16;
constexpr std::size_t BENCH_MAX_HASH_MB = 4096;  // as the Hash option

struct BenchPosition {
  const char* fen;    // nullptr: the start position
  const char* moves;  // ICCS moves played from it (with judge data), space separated
};

const std::vector<BenchPosition>& bench_positions();

struct BenchOptions {
  std::size_t hash_mb = BENCH_HASH_MB;
  int threads = 1;
  int depth = BENCH_DEPTH;
  // judge::judge_prune's shortcut (Searcher::set_judge_shortcut). Only one thread can turn it
  // off: SearchPool has no such switch.
  bool judge_shortcut = true;
  // The evaluation: a network, or nullptr for the classical one. The two signatures differ.
  std::shared_ptr<const nnue::LoadedNetwork> network;
};

// Reads the words after "bench": up to three numbers, hash MB (1..BENCH_MAX_HASH_MB), threads
// (1..SearchPool::MAX_THREADS) and depth (1..BENCH_MAX_DEPTH); missing ones keep their
// defaults. Returns "" or the problem, in which case `out` is unchanged.
std::string parse_bench_args(const std::vector<std::string>& words, BenchOptions& out);

struct BenchResult {
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;  // the searches only, without the set-up between them
  // Summed over the positions. With threads > 1 only the main thread's (SearchPool reports no
  // more), while `nodes` counts every thread's.
  JudgeStats judge;
  std::vector<Result> per_position;
  bool complete = true;  // false: stopped (a position cut short is left out of the counts)
  std::string error;     // a bench position failed to load (a bug in this file's data), or bad options
};

// Runs every bench position as `options` say; `each` sees every finished position's result as
// it comes. `stop` (may be null) ends the run between positions or inside one.
BenchResult run_bench(const BenchOptions& options = {}, const std::function<void(int, const Result&)>& each = {},
                      const std::atomic<bool>* stop = nullptr);

}  // namespace xq::search
