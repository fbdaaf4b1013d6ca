#include "accumulator.h"

#include <cassert>

#include "evaluate.h"
#include "features.h"
#include "kernels.h"

namespace xq::nnue {

int active_features(const Position& pos, Color p, bool king_buckets, int* out) {
  const int slot = king_slot(p, pos.king_square(p), king_buckets);
  int n = 0;
  for_each_square(pos.occupied(), [&](Square s) { out[n++] = feature(p, slot, pos.piece_on(s), s); });
  return n;
}

AccumulatorStack::AccumulatorStack() : entries_(64) {}

void AccumulatorStack::reset(const Position& pos, const Network& net) {
  net_ = &net;
  push_root(pos);
}

void AccumulatorStack::push_root(const Position& pos) {
  Entry& e = entries_[0];
  size_ = 1;
  e.computed[RED] = e.computed[BLACK] = false;
  e.dirty = DirtyPiece{};
  for (Color c : {RED, BLACK}) e.slot[c] = std::uint8_t(king_slot(c, pos.king_square(c), net_->king_buckets));
}

void AccumulatorStack::grow() { entries_.resize(entries_.size() * 2); }

// The rows one real move adds and removes for perspective p in king slot m (unchanged by the
// move): the mover's on `to`, the mover's on `from` and the captured piece's, if any.
// Returns how many are removed.
namespace {
int move_rows(const DirtyPiece& d, Color p, int m, int& added, int removed[2]) {
  added = feature(p, m, d.piece, d.to);
  removed[0] = feature(p, m, d.piece, d.from);
  removed[1] = d.captured != NO_PIECE ? feature(p, m, d.captured, d.to) : 0;
  return d.captured != NO_PIECE ? 2 : 1;
}
}  // namespace

// The features one move adds and removes for perspective p (whose slot did not change).
void AccumulatorStack::apply(const Entry& from, Entry& to, Color p) const {
  const DirtyPiece& d = to.dirty;
  if (d.piece == NO_PIECE) {  // a null move
    std::copy(from.acc.values[p], from.acc.values[p] + L1, to.acc.values[p]);
    return;
  }
  int added, removed[2];
  const int n_removed = move_rows(d, p, to.slot[p], added, removed);
  nnue::update(*net_, from.acc.values[p], to.acc.values[p], &added, 1, removed, n_removed);
}

void AccumulatorStack::update(const Position& pos, Color p) {
  const int top = size_ - 1;
  Entry& e = entries_[top];
  if (e.computed[p]) return;
  // The usual case, one move after a computed entry with the same slot: no walk.
  if (top > 0) {
    const Entry& below = entries_[top - 1];
    if (below.computed[p] && below.slot[p] == e.slot[p]) {
      apply(below, e, p);
      e.computed[p] = true;
      return;
    }
  }
  // Walk back to a computed entry; a slot change on the way means the rows to add and
  // remove differ on its two sides: rebuild from the board instead.
  int i = top;
  while (i > 0 && !entries_[i].computed[p] && entries_[i].slot[p] == entries_[i - 1].slot[p]) --i;
  if (!entries_[i].computed[p]) {
    int features[SQUARE_NB];
    const int n = active_features(pos, p, net_->king_buckets, features);
    refresh(*net_, features, n, entries_[top].acc.values[p]);
    entries_[top].computed[p] = true;
    return;
  }
  // Forward, keeping every step: a sibling line reuses them.
  for (; i < top; ++i) {
    apply(entries_[i], entries_[i + 1], p);
    entries_[i + 1].computed[p] = true;
  }
}

// One move's changes for both perspectives at once (neither slot changed): one kernel call
// for the two.
[[gnu::always_inline]] inline void AccumulatorStack::apply_both(const Entry& from, Entry& to) const {
  const DirtyPiece& d = to.dirty;
  if (d.piece == NO_PIECE) {  // a null move
    to.acc = from.acc;
    return;
  }
  MoveRows rows;
  for (Color p : {RED, BLACK}) rows.n_removed = move_rows(d, p, to.slot[p], rows.added[p], rows.removed[p]);
  const std::int16_t* const in[2] = {from.acc.values[RED], from.acc.values[BLACK]};
  std::int16_t* const out[2] = {to.acc.values[RED], to.acc.values[BLACK]};
  update_move_pair(*net_, in, out, rows);
}

// The walk of update(pos, p) for both perspectives together, when it is the same walk: back
// to an entry computed for both, no slot changing on the way, then forward keeping every
// step. False, and nothing done, when it is not (one perspective computed further down, a
// slot changed, the root not computed): the perspectives then go one by one.
bool AccumulatorStack::update_both(int top) {
  int i = top;
  while (i > 0 && !entries_[i].computed[RED] && !entries_[i].computed[BLACK] &&
         entries_[i].slot[RED] == entries_[i - 1].slot[RED] && entries_[i].slot[BLACK] == entries_[i - 1].slot[BLACK])
    --i;
  if (i == top || !entries_[i].computed[RED] || !entries_[i].computed[BLACK]) return false;
  for (; i < top; ++i) {
    apply_both(entries_[i], entries_[i + 1]);
    entries_[i + 1].computed[RED] = entries_[i + 1].computed[BLACK] = true;
  }
  return true;
}

const Accumulator& AccumulatorStack::update(const Position& pos) {
  assert(net_ && size_ > 0);
  const int top = size_ - 1;
  Entry& e = entries_[top];
  // Nearly every evaluation: a real move after an entry computed for both perspectives, no
  // slot changed. Both are applied here at once, in one kernel call, without the
  // per-perspective tests.
  if (size_ > 1 && !e.computed[RED] && !e.computed[BLACK] && e.dirty.piece != NO_PIECE) {
    const Entry& below = entries_[size_ - 2];
    if (below.computed[RED] && below.computed[BLACK] && below.slot[RED] == e.slot[RED] && below.slot[BLACK] == e.slot[BLACK]) {
      apply_both(below, e);
      e.computed[RED] = e.computed[BLACK] = true;
      return e.acc;
    }
  }
  // Most of the rest: a few moves back to such an entry.
  if (!e.computed[RED] && !e.computed[BLACK] && update_both(top)) return e.acc;
  update(pos, RED);
  update(pos, BLACK);
  return e.acc;
}

int AccumulatorStack::evaluate(const Position& pos) {
  return nnue::evaluate(*net_, update(pos), pos.side_to_move(), popcount(pos.occupied()));
}

}  // namespace xq::nnue
