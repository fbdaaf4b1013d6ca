// Lazy SMP: several searchers on the same root, sharing one transposition table and nothing
// else. Only the main searcher (index 0) keeps the clock, reports info lines and decides the
// move; the helpers deepen on their own, a ply apart, and feed the table with results the
// main searcher then finds. With one thread this is exactly Searcher::run, so bench stays a
// deterministic, single-threaded signature.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "search.h"

namespace xq::search {

class SearchPool {
 public:
  static constexpr int MAX_THREADS = 256;

  // Every searcher reads `settings` (settings.h), which must outlive the pool.
  explicit SearchPool(TranspositionTable& tt, int threads = 1, const SearchSettings& settings = default_settings());

  // Between searches only.
  void set_threads(int n);
  int threads() const { return int(searchers_.size()); }
  void clear();
  // Searcher::set_network for every thread (nullptr: the classical evaluation).
  void set_network(std::shared_ptr<const nnue::LoadedNetwork> net);

  // As Searcher::run; info lines carry the node count of all threads, and the result the
  // nodes and judge counts of all threads (the rest is the main searcher's).
  Result run(const Position& pos, const Limits& limits, const std::atomic<bool>& stop, const InfoCallback& info = {});

  // Thread i's searcher (0: the main one), between searches: its own counts of the last run.
  const Searcher& searcher(int i) const { return *searchers_[std::size_t(i)]; }

 private:
  std::uint64_t total_nodes() const;

  TranspositionTable& tt_;
  const SearchSettings& settings_;
  std::shared_ptr<const nnue::LoadedNetwork> net_;
  std::vector<std::unique_ptr<Searcher>> searchers_;
};

}  // namespace xq::search
