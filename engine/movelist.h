// A fixed-capacity move list: no allocation on the search's hot path.
#pragma once

#include <array>

#include "types.h"

namespace xq {

// 128 is above the largest number of pseudo-legal moves a Xiangqi side can have (about 120).
constexpr int MAX_MOVES = 128;

class MoveList {
 public:
  void push(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }
  void clear() { size_ = 0; }
  void remove_at(int i) { moves_[i] = moves_[--size_]; }

 private:
  std::array<Move, MAX_MOVES> moves_;
  int size_ = 0;
};

}  // namespace xq
