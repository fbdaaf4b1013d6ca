// Staged move picker: one stage enum drives the order in which a node's moves are produced.
//   main search:  TT move -> good captures (SEE >= 0, by victim and capture history)
//                 -> killers -> counter move -> quiets (by history) -> bad captures
//   in check:     TT move -> every evasion (captures first, then quiets by history); a move
//                 that leaves one check's squares untouched (CheckSets) is never generated
//   quiescence:   TT move if a capture -> captures (by victim); in check, as "in check"
// Moves are pseudo-legal; the search tests legality before playing one. Quiet moves are
// generated only when no capture cut the node off, which is also where the search first
// needs the side to move's chase list (judge/chase.h): most nodes never compute it.
#pragma once

#include <cstdint>
#include <iterator>

#include "engine/movelist.h"
#include "engine/position.h"
#include "history.h"
#include "pick.h"
#include "tt.h"

namespace xq::search {

// Tables of zeros: a history that is missing (quiescence has none, the plies before the root
// have none) reads as nothing learned, without a test per move.
inline const ButterflyHistory NO_MAIN_HISTORY{};
inline const PieceToHistory NO_CONTINUATION{};

// How many plies back lie the moves whose continuation histories score a quiet move: the
// opponent's last move, our last, and our move before that. The search reads and updates
// the same ones (Searcher::ordering and update_continuations).
inline constexpr int CONTINUATION_PLIES[] = {1, 2, 4};
inline constexpr int CONTINUATION_NB = int(std::size(CONTINUATION_PLIES));

// What the main search's picker reads besides the position.
struct OrderingContext {
  Move tt_move = MOVE_NONE;
  Move killer1 = MOVE_NONE, killer2 = MOVE_NONE, counter = MOVE_NONE;
  const ButterflyHistory* main = &NO_MAIN_HISTORY;  // never null
  const CaptureHistory* captures = nullptr;
  // The histories of the moves CONTINUATION_PLIES back, in that order; never null (one
  // NO_CONTINUATION per slot: a new ply needs one more below).
  static_assert(CONTINUATION_NB == 3, "one NO_CONTINUATION in the initializer per continuation ply");
  const PieceToHistory* cont[CONTINUATION_NB] = {&NO_CONTINUATION, &NO_CONTINUATION, &NO_CONTINUATION};
};

class MovePicker {
 public:
  // Main search (and evasions when in check). The position is only read; static exchange
  // evaluation plays captures on the board and takes them back before returning.
  // With `tt`, the children's table entries are asked for as the moves are scored
  // (see prefetch_child).
  MovePicker(Position& pos, const OrderingContext& ctx, const TranspositionTable* tt = nullptr);
  // Quiescence: captures only, or all evasions when in check.
  MovePicker(Position& pos, Move tt_move, const CaptureHistory* captures, const TranspositionTable* tt = nullptr);

  // The next move, or MOVE_NONE when there are no more. Inline for the two commonest steps,
  // a capture in quiescence and a quiet move of the main search, each the best of the rest
  // when it is not a move already tried: the call cost a sixth of the picker's work.
  Move next() {
    if (stage_ == QS_CAPTURES && cur_ < list_.size()) {
      if (const Move m = pick_best(); m != ctx_.tt_move) return m;
    } else if (stage_ == QUIETS && !skip_quiets_ && !checks_only_ && cur_ < list_.size()) {
      if (const Move m = pick_best(); !is_special(m)) return m;
    }
    return next_in_turn();
  }
  // Late-move pruning: no more quiet moves from here on (bad captures still come).
  void skip_quiets() { skip_quiets_ = true; }
  // Late-move pruning while the search hunts mates (a decided game, a mate window): from here
  // on the only quiet moves that come are those that give check. The others are neither
  // scored nor sorted.
  void checks_only() { checks_only_ = true; }

  // The history score a quiet move was ordered by (for reductions and pruning). Inline: the
  // search asks for every quiet move it tries.
  int quiet_score(Move m) const { return quiet_score(pos_.piece_on(from_sq(m)), m); }
  int quiet_score(Piece moved, Move m) const {
    int score = ctx_.main->get(pos_.side_to_move(), m);
    for (const PieceToHistory* h : ctx_.cont) score += h->get(moved, to_sq(m));
    return score;
  }
  // Whether the move next() returned last was a good capture: one whose exchange the picker
  // found to lose nothing (see_ge(m, 0)). A caller's test with a threshold at or below 0
  // then holds without being asked again.
  bool last_see_ge_0() const { return stage_ == GOOD_CAPTURES; }

 private:
  enum Stage : std::uint8_t {
    MAIN_TT, GEN_CAPTURES, GOOD_CAPTURES, KILLER1, KILLER2, COUNTER, GEN_QUIETS, QUIETS, BAD_CAPTURES,
    EVASION_TT, GEN_EVASIONS, EVASIONS,
    QS_TT, QS_GEN_CAPTURES, QS_CAPTURES,
    DONE
  };

  void score_captures();
  void score_quiets();
  void score_evasions();
  void pad_scores();
  int capture_score(Piece moved, Square to, Piece victim) const;
  void prefetch_child(Piece moved, Move m, Piece victim) const;
  Move next_in_turn();  // next() through the stages
  // The selection sort's step over list_[cur_..]. A swap of the best with the entry at cur_,
  // but what lands below cur_ is never read again, so only the entry at cur_ moves up (the
  // order of later picks is the swap's). Inline: five places pick.
  [[gnu::always_inline]] Move pick_best() {
    const int best = first_max_index(scores_, cur_, list_.size());
    const Move m = list_[best];
    list_[best] = list_[cur_];
    scores_[best] = scores_[cur_];
    ++cur_;
    return m;
  }
  bool is_special(Move m) const {
    return m == ctx_.tt_move || m == ctx_.killer1 || m == ctx_.killer2 || m == ctx_.counter;
  }
  bool usable_quiet(Move m);
  // Drops the moves of list_[cur_..] that do not give check; their scores move with them
  // once they have been scored.
  void keep_checks_from_cur(bool scored);

  Position& pos_;
  OrderingContext ctx_;
  Stage stage_;
  bool skip_quiets_ = false;
  bool checks_only_ = false;
  bool checks_kept_ = false;  // list_ holds only checks from cur_ on
  MoveList list_;
  MoveList bad_captures_;
  const TranspositionTable* tt_ = nullptr;  // asked early for the children's table entries
  // INT_MIN after the last score (pick.h). Left uninitialised: every stage scores its list
  // before it picks, and zeroing 544 bytes was most of what building a picker cost.
  int scores_[MAX_MOVES + PICK_PAD];
  int cur_ = 0;
};

}  // namespace xq::search
