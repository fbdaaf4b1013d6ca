#include "movepick.h"

#include <climits>

#include "engine/movegen.h"
#include "params.h"
#include "see.h"

namespace xq::search {

MovePicker::MovePicker(Position& pos, const OrderingContext& ctx, const TranspositionTable* tt)
    : pos_(pos), ctx_(ctx), tt_(tt) {
  if (ctx_.tt_move != MOVE_NONE && !pos.is_pseudo_legal(ctx_.tt_move)) ctx_.tt_move = MOVE_NONE;
  stage_ = pos.in_check() ? EVASION_TT : MAIN_TT;
  if (ctx_.tt_move == MOVE_NONE) stage_ = Stage(stage_ + 1);
}

MovePicker::MovePicker(Position& pos, Move tt_move, const CaptureHistory* captures, const TranspositionTable* tt)
    : pos_(pos), tt_(tt) {
  ctx_.captures = captures;
  const bool check = pos.in_check();
  // Outside check only captures are searched, so only a capturing TT move is worth trying.
  if (tt_move != MOVE_NONE && pos.is_pseudo_legal(tt_move) && (check || pos.is_capture(tt_move))) ctx_.tt_move = tt_move;
  stage_ = check ? EVASION_TT : QS_TT;
  if (ctx_.tt_move == MOVE_NONE) stage_ = Stage(stage_ + 1);
}

[[gnu::always_inline]] inline bool MovePicker::usable_quiet(Move m) {
  return m != MOVE_NONE && m != ctx_.tt_move && !pos_.is_capture(m) && pos_.is_pseudo_legal(m) &&
         (!checks_only_ || pos_.gives_check(m));
}

// Compacts list_[cur_..] (and its scores, once scored) to the moves that give check,
// keeping their order.
void MovePicker::keep_checks_from_cur(bool scored) {
  int kept = cur_;
  for (int i = cur_; i < list_.size(); ++i)
    if (pos_.gives_check(list_[i])) {
      if (scored) scores_[kept] = scores_[i];
      list_[kept++] = list_[i];
    }
  list_.truncate(kept);
  if (scored) pad_scores();
  checks_kept_ = true;
}

// The victim first (a multiple of its exchange value), then what the capture history learned.
int MovePicker::capture_score(Piece moved, Square to, Piece victim) const {
  const int learned = ctx_.captures ? ctx_.captures->get(moved, to, type_of(victim)) : 0;
  return params::CAPTURE_ORDER_VICTIM * see_value(type_of(victim)) + learned / params::CAPTURE_ORDER_HISTORY_DIV;
}

void MovePicker::pad_scores() {
  for (int i = list_.size(); i < list_.size() + PICK_PAD; ++i) scores_[i] = INT_MIN;
}

// Each scoring loop also asks the memory system for every child's table entry (with tt_),
// reading the pieces once for the score and the key. Most children are cut at once, so a
// child asked for only when its move is picked, or a few picks ahead, still waited for most
// of the load (bench/results/search/speed_prefetch_2026-11-28.md).
void MovePicker::prefetch_child(Piece moved, Move m, Piece victim) const {
  tt_->prefetch(pos_.key_after(m, moved, victim));
}

void MovePicker::score_captures() {
  for (int i = 0; i < list_.size(); ++i) {
    const Move m = list_[i];
    const Piece moved = pos_.piece_on(from_sq(m)), victim = pos_.piece_on(to_sq(m));
    scores_[i] = capture_score(moved, to_sq(m), victim);
    if (tt_) prefetch_child(moved, m, victim);
  }
  pad_scores();
}

void MovePicker::score_quiets() {
  for (int i = 0; i < list_.size(); ++i) {
    const Move m = list_[i];
    const Piece moved = pos_.piece_on(from_sq(m));
    scores_[i] = quiet_score(moved, m);
    if (tt_) tt_->prefetch_l2(pos_.key_after(m, moved, NO_PIECE));  // many: see prefetch_l2
  }
  pad_scores();
}

void MovePicker::score_evasions() {
  for (int i = 0; i < list_.size(); ++i) {
    const Move m = list_[i];
    const Piece moved = pos_.piece_on(from_sq(m)), victim = pos_.piece_on(to_sq(m));
    scores_[i] = victim != NO_PIECE ? (1 << 24) + capture_score(moved, to_sq(m), victim) : quiet_score(moved, m);
    if (tt_) prefetch_child(moved, m, victim);
  }
  pad_scores();
}

Move MovePicker::next_in_turn() {
  switch (stage_) {
    case MAIN_TT:
    case EVASION_TT:
    case QS_TT:
      stage_ = Stage(stage_ + 1);
      return ctx_.tt_move;

    case GEN_CAPTURES:
    case QS_GEN_CAPTURES:
      list_.clear();
      generate_pseudo<xq::CAPTURES>(pos_, list_);
      score_captures();
      cur_ = 0;
      stage_ = Stage(stage_ + 1);
      [[fallthrough]];
    case GOOD_CAPTURES:
    case QS_CAPTURES:
      while (cur_ < list_.size()) {
        const Move m = pick_best();
        if (m == ctx_.tt_move) continue;
        // A capture that loses material waits until after the quiet moves.
        if (stage_ == GOOD_CAPTURES && !see_ge(pos_, m, 0)) {
          bad_captures_.push(m);
          continue;
        }
        return m;
      }
      if (stage_ == QS_CAPTURES) break;
      stage_ = KILLER1;
      [[fallthrough]];
    case KILLER1:
      stage_ = KILLER2;
      if (!skip_quiets_ && usable_quiet(ctx_.killer1)) return ctx_.killer1;
      [[fallthrough]];
    case KILLER2:
      stage_ = COUNTER;
      if (!skip_quiets_ && ctx_.killer2 != ctx_.killer1 && usable_quiet(ctx_.killer2)) return ctx_.killer2;
      [[fallthrough]];
    case COUNTER:
      stage_ = GEN_QUIETS;
      if (!skip_quiets_ && ctx_.counter != ctx_.killer1 && ctx_.counter != ctx_.killer2 && usable_quiet(ctx_.counter))
        return ctx_.counter;
      [[fallthrough]];
    case GEN_QUIETS:
      list_.clear();
      cur_ = 0;
      if (!skip_quiets_) {
        generate_pseudo<xq::QUIETS>(pos_, list_);
        if (checks_only_) keep_checks_from_cur(false);  // before scoring: the rest is never looked up
        score_quiets();
      }
      stage_ = QUIETS;
      [[fallthrough]];
    case QUIETS:
      if (checks_only_ && !checks_kept_) keep_checks_from_cur(true);
      while (!skip_quiets_ && cur_ < list_.size())
        if (Move m = pick_best(); !is_special(m)) return m;
      cur_ = 0;
      stage_ = BAD_CAPTURES;
      [[fallthrough]];
    case BAD_CAPTURES:
      if (cur_ < bad_captures_.size()) return bad_captures_[cur_++];
      break;

    case GEN_EVASIONS:
      list_.clear();
      // Only the moves that may answer the check (CheckSets): the others are never scored.
      generate_evasions(pos_, pos_.check_sets(), list_);
      score_evasions();
      cur_ = 0;
      stage_ = EVASIONS;
      [[fallthrough]];
    case EVASIONS:
      // Ties go to the move generated first, but the selection's swaps happen among the
      // answers alone: tied answers come in another order than if every pseudo-legal move
      // were generated and picked in turn (bench 2361091 -> 2281153 when this came in).
      while (cur_ < list_.size())
        if (Move m = pick_best(); m != ctx_.tt_move) return m;
      break;

    case DONE:
      break;
  }
  stage_ = DONE;
  return MOVE_NONE;
}

}  // namespace xq::search
