#include "movepick.h"

#include "engine/movegen.h"
#include "evaluate.h"

namespace xq::search {

void History::update(Color c, Move m, int bonus) {
  int& h = table[c][from_sq(m)][to_sq(m)];
  h += bonus - h * (bonus < 0 ? -bonus : bonus) / MAX;
}

void History::clear() {
  for (auto& side : table)
    for (auto& row : side)
      for (int& h : row) h = 0;
}

namespace {
// Most valuable victim first, then the least valuable attacker.
int mvv_lva(const Position& pos, Move m) {
  return piece_value(type_of(pos.piece_on(to_sq(m)))) * 8 - int(type_of(pos.piece_on(from_sq(m))));
}
}  // namespace

MovePicker::MovePicker(const Position& pos, Move tt_move, Move killer1, Move killer2, const History& history)
    : pos_(pos), history_(&history), killer1_(killer1), killer2_(killer2) {
  tt_move_ = tt_move != MOVE_NONE && pos.is_pseudo_legal(tt_move) ? tt_move : MOVE_NONE;
  stage_ = pos.in_check() ? EVASION_TT : MAIN_TT;
  if (tt_move_ == MOVE_NONE) stage_ = Stage(stage_ + 1);
}

MovePicker::MovePicker(const Position& pos, Move tt_move) : pos_(pos) {
  const bool check = pos.in_check();
  // Outside check only captures are searched, so only a capturing TT move is worth trying.
  if (tt_move != MOVE_NONE && pos.is_pseudo_legal(tt_move) && (check || pos.is_capture(tt_move))) tt_move_ = tt_move;
  stage_ = check ? EVASION_TT : QS_TT;
  if (tt_move_ == MOVE_NONE) stage_ = Stage(stage_ + 1);
}

bool MovePicker::usable_killer(Move m) const {
  return m != MOVE_NONE && m != tt_move_ && !pos_.is_capture(m) && pos_.is_pseudo_legal(m);
}

void MovePicker::score_captures() {
  for (int i = 0; i < list_.size(); ++i) scores_[i] = mvv_lva(pos_, list_[i]);
}

void MovePicker::score_quiets() {
  const Color us = pos_.side_to_move();
  for (int i = 0; i < list_.size(); ++i) scores_[i] = history_->get(us, list_[i]);
}

void MovePicker::score_evasions() {
  const Color us = pos_.side_to_move();
  for (int i = 0; i < list_.size(); ++i)
    scores_[i] = pos_.is_capture(list_[i]) ? (1 << 20) + mvv_lva(pos_, list_[i]) : history_ ? history_->get(us, list_[i]) : 0;
}

Move MovePicker::pick_best() {
  int best = cur_;
  for (int i = cur_ + 1; i < list_.size(); ++i)
    if (scores_[i] > scores_[best]) best = i;
  std::swap(list_[cur_], list_[best]);
  std::swap(scores_[cur_], scores_[best]);
  return list_[cur_++];
}

Move MovePicker::next() {
  switch (stage_) {
    case MAIN_TT:
    case EVASION_TT:
    case QS_TT:
      stage_ = Stage(stage_ + 1);
      return tt_move_;

    case GEN_CAPTURES:
    case QS_GEN_CAPTURES:
      list_.clear();
      generate_pseudo<xq::CAPTURES>(pos_, list_);
      score_captures();
      cur_ = 0;
      stage_ = Stage(stage_ + 1);
      [[fallthrough]];
    case CAPTURES:
    case QS_CAPTURES:
      while (cur_ < list_.size())
        if (Move m = pick_best(); m != tt_move_) return m;
      if (stage_ == QS_CAPTURES) break;
      stage_ = KILLER1;
      [[fallthrough]];
    case KILLER1:
      stage_ = KILLER2;
      if (usable_killer(killer1_)) return killer1_;
      [[fallthrough]];
    case KILLER2:
      stage_ = GEN_QUIETS;
      if (killer2_ != killer1_ && usable_killer(killer2_)) return killer2_;
      [[fallthrough]];
    case GEN_QUIETS:
      list_.clear();
      generate_pseudo<xq::QUIETS>(pos_, list_);
      score_quiets();
      cur_ = 0;
      stage_ = QUIETS;
      [[fallthrough]];
    case QUIETS:
      while (cur_ < list_.size())
        if (Move m = pick_best(); !is_special(m)) return m;
      break;

    case GEN_EVASIONS:
      list_.clear();
      generate_pseudo<xq::ALL>(pos_, list_);
      score_evasions();
      cur_ = 0;
      stage_ = EVASIONS;
      [[fallthrough]];
    case EVASIONS:
      while (cur_ < list_.size())
        if (Move m = pick_best(); m != tt_move_) return m;
      break;

    case DONE:
      break;
  }
  stage_ = DONE;
  return MOVE_NONE;
}

}  // namespace xq::search
