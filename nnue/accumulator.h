// The accumulators of the positions along the search's current line, updated lazily
// (nnue/README.md). The search pushes an entry after every move (and null move) and pops it on
// the way back; an entry only records the move's dirty-piece record (engine/position.h) and
// the kings' mirror flags. Only when a position is evaluated does evaluate() walk back, per
// perspective, to the last entry whose accumulator is computed and apply the recorded changes
// forward from there, or, when that perspective's mirror flag changed on the way (its king
// crossed the centre file), rebuild it from the board. A null move changes nothing, so its
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

// The active features of `pos` for perspective p (at most 32); returns how many.
int active_features(const Position& pos, Color p, int* out);

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
    // One move (or a null move) after the entry below: only a king's move can turn its side's
    // mirror flag, so the others are copied instead of worked out from the king squares.
    e.dirty = pos.st().dirty();
    e.mirror[RED] = below.mirror[RED];
    e.mirror[BLACK] = below.mirror[BLACK];
    if (e.dirty.piece != NO_PIECE && type_of(e.dirty.piece) == KING)
      e.mirror[color_of(e.dirty.piece)] = mirrored(color_of(e.dirty.piece), e.dirty.to);
    assert(e.mirror[RED] == mirrored(RED, pos.king_square(RED)) && e.mirror[BLACK] == mirrored(BLACK, pos.king_square(BLACK)));
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
    bool mirror[COLOR_NB] = {false, false};
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
