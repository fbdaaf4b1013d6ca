// The accumulators of the positions along the search's current line, updated lazily
// (nnue/README.md). The search pushes an entry after every move (and null move) and pops it on
// the way back; an entry only records the move's dirty-piece record (engine/position.h) and
// the kings' slots (features.h: mirror flag and king block). Only when a position is evaluated
// does evaluate() walk back, per perspective, to the last entry whose accumulator is computed
// and apply the recorded changes forward from there, or, when that perspective's slot changed
// on the way (its king crossed the centre file or, with king buckets, changed square), rebuild
// it from the board. A null move changes nothing, so its
// entry is a copy. Positions the search only glances at (SEE, the judge's probe moves on the
// board) never push, so they cost nothing here.
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

#include "engine/position.h"
#include "network.h"

namespace xq::nnue {

struct alignas(32) Accumulator {
  std::int16_t values[COLOR_NB][L1];
};

// The active features of `pos` for perspective p (at most 32) in a network with or without
// king buckets; returns how many.
int active_features(const Position& pos, Color p, bool king_buckets, int* out);

class AccumulatorStack {
 public:
  AccumulatorStack();

  // A new line whose root is `pos`, evaluated with `net` (which must outlive the use).
  void reset(const Position& pos, const Network& net);
  // After pos.do_move / do_null_move: the entry of the position now on the board. Every
  // move the search makes pushes, so this is inline.
  void push(const Position& pos) {
    assert(size_ > 0);  // reset() made the root entry
    if (size_ == int(entries_.size())) grow();
    Entry& e = entries_[size_++];
    const Entry& below = entries_[size_ - 2];
    e.computed[RED] = e.computed[BLACK] = false;
    // One move (or a null move) after the entry below: only a king's move can change its side's
    // slot, so the others are copied instead of worked out from the king squares.
    e.dirty = pos.st().dirty();
    e.slot[RED] = below.slot[RED];
    e.slot[BLACK] = below.slot[BLACK];
    if (e.dirty.piece != NO_PIECE && type_of(e.dirty.piece) == KING)
      e.slot[color_of(e.dirty.piece)] = KING_SLOT_TABLE[net_->king_buckets][color_of(e.dirty.piece)][e.dirty.to];
    assert(e.slot[RED] == king_slot(RED, pos.king_square(RED), net_->king_buckets) &&
           e.slot[BLACK] == king_slot(BLACK, pos.king_square(BLACK), net_->king_buckets));
  }
  void pop() {
    assert(size_ > 1);
    --size_;
  }
  int size() const { return size_; }

  // The network's value of `pos` (the position of the top entry) for its side to move, in
  // centipawns, unclamped.
  int evaluate(const Position& pos);
  // The top entry's accumulators, brought up to date for both perspectives.
  const Accumulator& update(const Position& pos);

 private:
  struct Entry {
    Accumulator acc;
    DirtyPiece dirty;
    std::uint8_t slot[COLOR_NB] = {0, 0};  // features.h's king_slot of each perspective
    bool computed[COLOR_NB] = {false, false};
  };
  void push_root(const Position& pos);  // the line's first entry
  void grow();                          // room for a longer line
  void update(const Position& pos, Color p);
  bool update_both(int top);
  void apply(const Entry& from, Entry& to, Color p) const;
  void apply_both(const Entry& from, Entry& to) const;

  const Network* net_ = nullptr;
  std::vector<Entry> entries_;
  int size_ = 0;
};

}  // namespace xq::nnue
