// Transposition table: clusters of four entries, one cache line each. A new result replaces
// the entry of the same position, else an empty one, else the least valuable: shallow and
// from older searches first (depth minus eight per search of age). The memory comes zeroed
// from the system, page by page as it is touched, so even a 4 GB table is ready at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/types.h"

namespace xq::search {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

struct TTEntry {
  std::uint32_t key32 = 0;  // upper key bits; the lower ones chose the cluster
  Move move = MOVE_NONE;
  std::int16_t score = 0;
  std::int16_t eval = 0;
  std::int8_t depth = 0;
  Bound bound = Bound::None;  // None: the score is not usable (a repetition ruling), the move is
  std::uint8_t generation = 0;
  bool used = false;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t mb = 16) { resize(mb); }
  void resize(std::size_t mb);  // clears the table
  void clear();
  void new_search() { ++generation_; }
  std::size_t size_mb() const { return mb_; }

  // The entry for `key`, or nullptr.
  const TTEntry* probe(Key key) const;
  void store(Key key, Move move, int score, int eval, int depth, Bound bound);
  // Asks the memory system for `key`'s cluster ahead of the probe.
  void prefetch(Key key) const { __builtin_prefetch(&table_[key & mask_]); }

  // Mates and repetition rulings are stored relative to the node, not the root.
  static int score_to_tt(int score, int ply);
  static int score_from_tt(int score, int ply);

  // Permille of the first thousand clusters' entries written by this search (UCI "hashfull").
  int hashfull() const;

 private:
  static constexpr int CLUSTER_SIZE = 4;
  struct alignas(64) Cluster {
    TTEntry entry[CLUSTER_SIZE];
  };
  struct FreeDeleter {
    void operator()(void* p) const;
  };
  static std::uint32_t tag(Key key) { return std::uint32_t(key >> 32); }

  std::unique_ptr<void, FreeDeleter> memory_;
  Cluster* table_ = nullptr;
  std::size_t clusters_ = 0;
  std::size_t mask_ = 0;
  std::size_t mb_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace xq::search
