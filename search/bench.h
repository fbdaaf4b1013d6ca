// The deterministic bench: fixed positions, a fixed depth, one thread, a fresh table and fresh
// history for each position. The total node count is the build's signature: it changes
// exactly when the search or evaluation changes. Speed (nps) is reported, never compared.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "search.h"

namespace xq::search {

constexpr int BENCH_DEPTH = 10;

struct BenchPosition {
  const char* fen;    // nullptr: the start position
  const char* moves;  // ICCS moves played from it (with judge data), space separated
};

const std::vector<BenchPosition>& bench_positions();

struct BenchResult {
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::vector<Result> per_position;
  std::string error;  // a bench position failed to load (a bug in this file's data)
};

// Runs every bench position to `depth`; `each` sees every result as it comes.
BenchResult run_bench(int depth = BENCH_DEPTH, std::size_t hash_mb = 16,
                      const std::function<void(int, const Result&)>& each = {});

}  // namespace xq::search
