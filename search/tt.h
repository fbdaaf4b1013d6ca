// Transposition table: clusters of four entries, one cache line each. A new result replaces
// the entry of the same position, else an empty one, else the least valuable: shallow and
// from older searches first (depth minus eight per search of age). The memory comes zeroed
// from the system, page by page as it is touched, so even a 4 GB table is ready at once, and
// in 2 MB pages where the system has them (engine/large_memory.h).
//
// Clearing writes nothing most of the time: every entry carries the epoch it was written in
// (1 to 15; zeroed memory is epoch 0), and an entry of another epoch than the table's reads as
// empty everywhere, exactly as a zeroed one would. clear() moves to the next epoch; only when
// the fifteen are used up, and on the first clear after a resize (so that the system backs every
// page then, not in the middle of a game), is the memory written. So `ucinewgame` with a 4 GB
// table seldom waits for 4 GB of writes.
//
// Several search threads share the table without locks. Each entry is two 64-bit words
// written and read with relaxed atomics: the data, and the key XORed with the data. A reader
// that catches a half-written entry (one word old, one new) sees a key that does not match
// and treats it as a miss, so a torn entry is never used (Hyatt and Mann's lockless hashing).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "engine/types.h"
#include "engine/large_memory.h"
#include "score.h"

namespace xq::search {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

// The stored static evaluation's range: 15 bits, so that the epoch gets a fourth. Every
// evaluation the search stores stays within +-EVAL_MAX (eval/bounds.h), far inside it.
constexpr int EVAL_FIELD_MAX = (1 << 14) - 1;
static_assert(EVAL_MAX <= EVAL_FIELD_MAX);

// One entry as the search reads it.
struct TTEntry {
  Move move = MOVE_NONE;
  std::int16_t score = 0;
  std::int16_t eval = 0;  // stored in 15 bits: within +-EVAL_FIELD_MAX
  std::int8_t depth = 0;
  Bound bound = Bound::None;  // None: the score is not usable (a repetition ruling), the move is
  std::uint8_t generation = 0;
  bool pv = false;  // the node was on a principal variation when it was stored, or is
};

class TranspositionTable {
 public:
  // Where the table's memory comes from; tests hand in one that fails.
  using Allocator = LargeMemory (*)(std::size_t bytes);
  explicit TranspositionTable(std::size_t mb = 16, Allocator allocate = allocate_large) : allocate_(allocate) {
    resize(mb);
  }
  // Clears the table. When the system has no memory for the new size, throws std::bad_alloc
  // and keeps an empty table of the old size, or, when even that is refused, of one cluster
  // inside this object (size_mb() 0): never none at all.
  void resize(std::size_t mb);
  // Empties the table (see above: usually without a write).
  void clear();
  void new_search() { generation_ = (generation_ + 1) & GENERATION_MASK; }
  std::size_t size_mb() const { return mb_; }

  // The entry for `key`, if the table holds one. Inline: every node probes.
  std::optional<TTEntry> probe(Key key) const {
    const Cluster& c = table_[key & mask_];
    for (const Slot& s : c.slot) {
      const std::uint64_t d = s.data.load(std::memory_order_relaxed);
      if (current(d) && (s.check.load(std::memory_order_relaxed) ^ d) == key) return unpack(d);
    }
    return std::nullopt;
  }
  void store(Key key, Move move, int score, int eval, int depth, Bound bound, bool pv = false);
  // Asks the memory system for `key`'s cluster ahead of the probe.
  void prefetch(Key key) const { __builtin_prefetch(&table_[key & mask_]); }
  // The same request for the second-level cache only (prefetcht2): for the many children of a
  // node's quiet moves, of which few are searched. Thirty requests for the first-level cache at
  // once fill its queue of outstanding misses, and the loop that asks waits for it to drain
  // (speed_prefetch_2026-12-07.md); the move loop asks again for the child it plays.
  void prefetch_l2(Key key) const { __builtin_prefetch(&table_[key & mask_], 0, 1); }

  // Mates and repetition rulings are stored relative to the node, not the root.
  static int score_to_tt(int score, int ply) {
    return score > REP_BOUND ? score + ply : score < -REP_BOUND ? score - ply : score;
  }
  static int score_from_tt(int score, int ply) {
    return score > REP_BOUND ? score - ply : score < -REP_BOUND ? score + ply : score;
  }

  // Permille of the first thousand clusters' entries written by this search (UCI "hashfull").
  int hashfull() const;

 private:
  static constexpr int CLUSTER_SIZE = 4;
  // Four bits (55-58), so that bit 59 holds the entry's pv flag.
  static constexpr std::uint8_t GENERATION_MASK = 15;
  // Four bits; 0 is zeroed memory. Each epoch more spares a whole write of the table: bench
  // clears before each of its positions (bench/results/search/speed_epoch_2026-11-29.md).
  static constexpr std::uint8_t EPOCH_LAST = 15;
  struct Slot {
    std::atomic<std::uint64_t> check;  // key ^ data
    std::atomic<std::uint64_t> data;   // TTEntry packed, with the epoch it was written in
  };
  struct alignas(64) Cluster {
    Slot slot[CLUSTER_SIZE];
  };

  std::uint64_t pack(const TTEntry& e) const;
  void use_fallback();
  static TTEntry unpack(std::uint64_t d) {
    TTEntry e;
    e.move = Move(d & 0x3FFF);
    e.score = std::int16_t(std::uint16_t(d >> 14));
    e.eval = std::int16_t(std::uint16_t(d >> 29)) >> 1;  // bits 30-44, sign-extended
    e.depth = std::int8_t(std::uint8_t(d >> 45));
    e.bound = Bound((d >> 53) & 3);
    e.generation = std::uint8_t((d >> 55) & GENERATION_MASK);
    e.pv = (d >> 59) & 1;
    return e;
  }
  // Written in this epoch, so not (as if) cleared.
  bool current(std::uint64_t d) const { return (d >> 60) == epoch_; }

  Allocator allocate_;
  LargeMemory memory_;
  Cluster fallback_;  // the last resort of resize: a table of one cluster
  Cluster* table_ = nullptr;
  std::size_t clusters_ = 0;
  std::size_t mask_ = 0;
  std::size_t mb_ = 0;
  std::uint8_t generation_ = 0;
  std::uint8_t epoch_ = EPOCH_LAST;
};

}  // namespace xq::search
