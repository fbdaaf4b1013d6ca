#include "tt.h"

#include <algorithm>
#include <bit>

#include "score.h"

namespace xq::search {

void TranspositionTable::resize(std::size_t mb) {
  if (mb < 1) mb = 1;
  // A power of two of buckets, so the index is a mask of the key.
  const std::size_t buckets = std::bit_floor(mb * 1024 * 1024 / sizeof(Bucket));
  table_.assign(buckets, Bucket{});
  table_.shrink_to_fit();
  mask_ = buckets - 1;
  mb_ = mb;
  generation_ = 0;
}

void TranspositionTable::clear() {
  std::fill(table_.begin(), table_.end(), Bucket{});
  generation_ = 0;
}

const TTEntry* TranspositionTable::probe(Key key) const {
  const Bucket& b = bucket(key);
  const std::uint32_t t = tag(key);
  if (b.deep.bound != Bound::None && b.deep.key32 == t) return &b.deep;
  if (b.recent.bound != Bound::None && b.recent.key32 == t) return &b.recent;
  return nullptr;
}

void TranspositionTable::store(Key key, Move move, int score, int eval, int depth, Bound bound) {
  Bucket& b = bucket(key);
  const std::uint32_t t = tag(key);
  // The deep slot keeps the most expensive result until it belongs to an older search.
  const bool take_deep = b.deep.key32 == t || b.deep.bound == Bound::None || depth >= b.deep.depth ||
                         b.deep.generation != generation_;
  TTEntry& e = take_deep ? b.deep : b.recent;
  // Keep the old best move when the new result has none (a fail-low knows no best move).
  if (move == MOVE_NONE && e.key32 == t) move = e.move;
  e = TTEntry{t, move, std::int16_t(score), std::int16_t(eval), std::int8_t(depth), bound, generation_};
}

int TranspositionTable::score_to_tt(int score, int ply) {
  return score > REP_BOUND ? score + ply : score < -REP_BOUND ? score - ply : score;
}

int TranspositionTable::score_from_tt(int score, int ply) {
  return score > REP_BOUND ? score - ply : score < -REP_BOUND ? score + ply : score;
}

int TranspositionTable::hashfull() const {
  const std::size_t n = std::min<std::size_t>(1000, table_.size());
  int used = 0;
  for (std::size_t i = 0; i < n; ++i) used += table_[i].deep.generation == generation_ && table_[i].deep.bound != Bound::None;
  return int(used * 1000 / (n ? n : 1));
}

}  // namespace xq::search
