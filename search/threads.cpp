#include "threads.h"

#include <algorithm>
#include <thread>

namespace xq::search {

SearchPool::SearchPool(TranspositionTable& tt, int threads, const SearchSettings& settings)
    : tt_(tt), settings_(settings) {
  set_threads(threads);
}

void SearchPool::set_threads(int n) {
  n = std::clamp(n, 1, MAX_THREADS);
  while (int(searchers_.size()) > n) searchers_.pop_back();
  while (int(searchers_.size()) < n) {
    searchers_.push_back(std::make_unique<Searcher>(tt_, settings_));
    searchers_.back()->set_network(net_);
    searchers_.back()->set_first_depth(1 + (searchers_.size() - 1) % 2);
  }
}

void SearchPool::clear() {
  for (auto& s : searchers_) s->clear();
}

void SearchPool::set_network(std::shared_ptr<const nnue::LoadedNetwork> net) {
  net_ = std::move(net);
  for (auto& s : searchers_) s->set_network(net_);
}

std::uint64_t SearchPool::total_nodes() const {
  std::uint64_t n = 0;
  for (const auto& s : searchers_) n += s->nodes();
  return n;
}

Result SearchPool::run(const Position& pos, const Limits& limits, const std::atomic<bool>& stop, const InfoCallback& info) {
  if (searchers_.size() == 1) return searchers_[0]->run(pos, limits, stop, info);

  // The table is aged once, here, before any thread reads it.
  tt_.new_search();
  for (auto& s : searchers_) s->set_ages_table(false);
  // Helpers search without clock, node limit or MultiPV until the main searcher is done.
  std::atomic<bool> helpers_stop{false};
  Limits helper_limits;
  helper_limits.depth = limits.depth;
  helper_limits.searchmoves = limits.searchmoves;
  std::vector<std::thread> helpers;
  std::vector<Result> helper_results(searchers_.size());
  for (std::size_t i = 1; i < searchers_.size(); ++i)
    helpers.emplace_back([&, i] { helper_results[i] = searchers_[i]->run(pos, helper_limits, helpers_stop); });

  Result r = searchers_[0]->run(pos, limits, stop, [&](const InfoLine& line) {
    if (!info) return;
    InfoLine all = line;
    all.nodes = total_nodes();
    all.nps = all.time_ms > 0 ? all.nodes * 1000 / std::uint64_t(all.time_ms) : 0;
    info(all);
  });
  helpers_stop = true;
  for (std::thread& t : helpers) t.join();
  for (auto& s : searchers_) s->set_ages_table(true);
  r.nodes = total_nodes();
  for (std::size_t i = 1; i < helper_results.size(); ++i) r.judge += helper_results[i].judge;
  return r;
}

}  // namespace xq::search
