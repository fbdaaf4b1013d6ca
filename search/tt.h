// Transposition table: one entry per bucket slot, two slots per bucket (depth-preferred and
// always-replace). Single-threaded search, so no locking and no torn-entry checks beyond the key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/types.h"

namespace xq::search {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

struct TTEntry {
  std::uint32_t key32 = 0;  // upper key bits; the lower ones chose the bucket
  Move move = MOVE_NONE;
  std::int16_t score = 0;
  std::int16_t eval = 0;
  std::int8_t depth = 0;
  Bound bound = Bound::None;
  std::uint8_t generation = 0;
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

  // Mates and repetition rulings are stored relative to the node, not the root.
  static int score_to_tt(int score, int ply);
  static int score_from_tt(int score, int ply);

  // Permille of the first thousand buckets used by this search (UCI "hashfull").
  int hashfull() const;

 private:
  struct Bucket {
    TTEntry deep, recent;
  };
  Bucket& bucket(Key key) { return table_[key & mask_]; }
  const Bucket& bucket(Key key) const { return table_[key & mask_]; }
  static std::uint32_t tag(Key key) { return std::uint32_t(key >> 32); }

  std::vector<Bucket> table_;
  std::size_t mask_ = 0;
  std::size_t mb_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace xq::search
