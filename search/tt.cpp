#include "tt.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <new>

#include "score.h"

namespace xq::search {

static_assert(sizeof(TTEntry) == 16, "four entries fill a cache line");

void TranspositionTable::FreeDeleter::operator()(void* p) const { std::free(p); }

void TranspositionTable::resize(std::size_t mb) {
  mb = std::max<std::size_t>(mb, 1);
  // A power of two of clusters, so the index is a mask of the key.
  const std::size_t clusters = std::bit_floor(mb * 1024 * 1024 / sizeof(Cluster));
  // calloc hands out fresh zero pages for large blocks without touching them; one extra
  // cluster leaves room to align the table to a cache line.
  memory_.reset();
  void* raw = std::calloc(clusters + 1, sizeof(Cluster));
  if (!raw) throw std::bad_alloc();
  memory_.reset(raw);
  const auto addr = reinterpret_cast<std::uintptr_t>(raw);
  table_ = reinterpret_cast<Cluster*>((addr + alignof(Cluster) - 1) & ~std::uintptr_t(alignof(Cluster) - 1));
  clusters_ = clusters;
  mask_ = clusters - 1;
  mb_ = mb;
  generation_ = 0;
}

void TranspositionTable::clear() {
  std::memset(static_cast<void*>(table_), 0, clusters_ * sizeof(Cluster));
  generation_ = 0;
}

const TTEntry* TranspositionTable::probe(Key key) const {
  const Cluster& c = table_[key & mask_];
  const std::uint32_t t = tag(key);
  for (const TTEntry& e : c.entry)
    if (e.used && e.key32 == t) return &e;
  return nullptr;
}

void TranspositionTable::store(Key key, Move move, int score, int eval, int depth, Bound bound) {
  Cluster& c = table_[key & mask_];
  const std::uint32_t t = tag(key);
  auto worth = [&](const TTEntry& e) { return e.depth - 8 * std::uint8_t(generation_ - e.generation); };
  TTEntry* target = &c.entry[0];
  for (TTEntry& e : c.entry) {
    if (!e.used || e.key32 == t) {
      target = &e;
      break;
    }
    if (worth(e) < worth(*target)) target = &e;
  }
  if (target->used && target->key32 == t) {
    // Keep the old best move when the new result has none (a fail-low knows no best move).
    if (move == MOVE_NONE) move = target->move;
    // A much deeper exact result of this search is worth more than a shallow bound.
    if (bound != Bound::Exact && target->bound == Bound::Exact && target->generation == generation_ &&
        depth + 3 < target->depth) {
      target->move = move;
      return;
    }
  }
  *target = TTEntry{t, move, std::int16_t(score), std::int16_t(eval), std::int8_t(depth), bound, generation_, true};
}

int TranspositionTable::score_to_tt(int score, int ply) {
  return score > REP_BOUND ? score + ply : score < -REP_BOUND ? score - ply : score;
}

int TranspositionTable::score_from_tt(int score, int ply) {
  return score > REP_BOUND ? score - ply : score < -REP_BOUND ? score + ply : score;
}

int TranspositionTable::hashfull() const {
  const std::size_t n = std::min<std::size_t>(1000, clusters_);
  int used = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (const TTEntry& e : table_[i].entry) used += e.used && e.generation == generation_;
  return n ? int(used * 1000 / (n * CLUSTER_SIZE)) : 0;
}

}  // namespace xq::search
