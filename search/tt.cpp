#include "tt.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <new>
#include <utility>

#include "params.h"
#include "score.h"

namespace xq::search {

static_assert(sizeof(std::atomic<std::uint64_t>) == 8 && std::atomic<std::uint64_t>::is_always_lock_free);

// Packed layout: move 0-13 (two 7-bit squares), score 14-29, eval 30-44, depth 45-52,
// bound 53-54, generation 55-59, epoch 60-63.
std::uint64_t TranspositionTable::pack(const TTEntry& e) const {
  assert(e.move < (1 << 14));
  assert(e.eval >= -EVAL_FIELD_MAX - 1 && e.eval <= EVAL_FIELD_MAX);
  return std::uint64_t(e.move) | std::uint64_t(std::uint16_t(e.score)) << 14 |
         std::uint64_t(std::uint16_t(e.eval) & 0x7FFF) << 30 | std::uint64_t(std::uint8_t(e.depth)) << 45 |
         std::uint64_t(e.bound) << 53 | std::uint64_t(e.generation & GENERATION_MASK) << 55 | std::uint64_t(e.pv) << 59 |
         std::uint64_t(epoch_) << 60;
}

void TranspositionTable::resize(std::size_t mb) {
  mb = std::max<std::size_t>(mb, 1);
  // A power of two of clusters, so the index is a mask of the key.
  const std::size_t clusters = std::bit_floor(mb * 1024 * 1024 / sizeof(Cluster));
  // Fresh zero pages (all-zero words are valid empty atomics), aligned to 2 MB or at least
  // to a cache line. When there is no room beside the old table, the old one goes first; when
  // there is none even then, a table of the old size comes back (empty), or, when the system
  // refuses even that, the one cluster inside this object: a probe never finds no table. The
  // caller hears of it.
  LargeMemory fresh = allocate_(clusters * sizeof(Cluster));
  // Every way out below leaves fresh zero memory: its first clear writes it (see clear).
  generation_ = 0;
  epoch_ = EPOCH_LAST;
  if (!fresh) {
    memory_.reset();
    fresh = allocate_(clusters * sizeof(Cluster));
  }
  if (!fresh) {
    memory_ = clusters_ ? allocate_(clusters_ * sizeof(Cluster)) : LargeMemory(nullptr, {});
    if (memory_)
      table_ = static_cast<Cluster*>(memory_.get());
    else
      use_fallback();
    throw std::bad_alloc();
  }
  memory_ = std::move(fresh);
  table_ = static_cast<Cluster*>(memory_.get());
  clusters_ = clusters;
  mask_ = clusters - 1;
  mb_ = mb;
}

void TranspositionTable::use_fallback() {
  std::memset(static_cast<void*>(&fallback_), 0, sizeof fallback_);
  table_ = &fallback_;
  clusters_ = 1;
  mask_ = 0;
  mb_ = 0;
}

// Only between searches: no thread reads the table while it is cleared. No entry carries
// the next epoch yet (epochs only grow between zeroings), so moving to it empties the table.
// A fresh table starts in the last epoch, so its first clear writes the memory too: the
// system then backs every page at ucinewgame, before a game's clock runs, not during the
// game's first searches.
void TranspositionTable::clear() {
  if (epoch_ == EPOCH_LAST) {
    std::memset(static_cast<void*>(table_), 0, clusters_ * sizeof(Cluster));
    epoch_ = 1;
  } else {
    ++epoch_;
  }
  generation_ = 0;
}

void TranspositionTable::store(Key key, Move move, int score, int eval, int depth, Bound bound, bool pv) {
  Cluster& c = table_[key & mask_];
  auto worth = [&](const TTEntry& e) {
    return e.depth - params::TT_AGE_WEIGHT * ((generation_ - e.generation) & GENERATION_MASK);
  };
  Slot* target = nullptr;
  TTEntry old;
  bool same = false;
  for (Slot& s : c.slot) {
    const std::uint64_t d = s.data.load(std::memory_order_relaxed);
    if (!current(d)) {
      target = &s, old = TTEntry{};
      break;
    }
    if ((s.check.load(std::memory_order_relaxed) ^ d) == key) {
      target = &s, old = unpack(d), same = true;
      break;
    }
    const TTEntry e = unpack(d);
    if (!target || worth(e) < worth(old)) target = &s, old = e;
  }
  if (same) {
    // Keep the old best move when the new result has none (a fail-low knows no best move).
    if (move == MOVE_NONE) move = old.move;
    // A much deeper exact result of this search is worth more than a shallow bound.
    if (bound != Bound::Exact && old.bound == Bound::Exact && old.generation == generation_ &&
        depth + params::TT_EXACT_KEEP_MARGIN < old.depth)
      return;
  }
  const TTEntry e{move, std::int16_t(score), std::int16_t(eval), std::int8_t(depth), bound, generation_, pv};
  const std::uint64_t d = pack(e);
  target->data.store(d, std::memory_order_relaxed);
  target->check.store(key ^ d, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  const std::size_t n = std::min<std::size_t>(1000, clusters_);
  int count = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (const Slot& s : table_[i].slot) {
      const std::uint64_t d = s.data.load(std::memory_order_relaxed);
      count += current(d) && unpack(d).generation == generation_;
    }
  return n ? int(count * 1000 / (n * CLUSTER_SIZE)) : 0;
}

}  // namespace xq::search
