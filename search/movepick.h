// Staged move picker: one stage enum drives the order in which a node's moves are produced.
//   main search:  TT move -> captures (MVV-LVA) -> killers -> quiets (by history)
//   in check:     TT move -> every evasion (captures first, then quiets by history)
//   quiescence:   TT move if a capture -> captures (MVV-LVA); in check, as "in check"
// Moves are pseudo-legal; the search tests legality before playing one. Quiet moves are
// generated only when no capture cut the node off, which is also where the search first
// needs the side to move's chase list (judge/chase.h): most nodes never compute it.
#pragma once

#include <cstdint>

#include "engine/movelist.h"
#include "engine/position.h"

namespace xq::search {

// Butterfly history of quiet moves that caused cut-offs, per side.
struct History {
  int table[COLOR_NB][SQUARE_NB][SQUARE_NB] = {};
  int get(Color c, Move m) const { return table[c][from_sq(m)][to_sq(m)]; }
  // Gravity update: entries saturate near +-MAX instead of overflowing.
  void update(Color c, Move m, int bonus);
  void clear();
  static constexpr int MAX = 1 << 14;
};

class MovePicker {
 public:
  // Main search (and evasions when in check).
  MovePicker(const Position& pos, Move tt_move, Move killer1, Move killer2, const History& history);
  // Quiescence: captures only, or all evasions when in check.
  MovePicker(const Position& pos, Move tt_move);

  // The next move, or MOVE_NONE when there are no more.
  Move next();

 private:
  enum Stage : std::uint8_t {
    MAIN_TT, GEN_CAPTURES, CAPTURES, KILLER1, KILLER2, GEN_QUIETS, QUIETS,
    EVASION_TT, GEN_EVASIONS, EVASIONS,
    QS_TT, QS_GEN_CAPTURES, QS_CAPTURES,
    DONE
  };

  void score_captures();
  void score_quiets();
  void score_evasions();
  Move pick_best();  // selection sort step over list_[cur_..]
  bool is_special(Move m) const { return m == tt_move_ || m == killer1_ || m == killer2_; }
  bool usable_killer(Move m) const;

  const Position& pos_;
  const History* history_ = nullptr;
  Move tt_move_ = MOVE_NONE, killer1_ = MOVE_NONE, killer2_ = MOVE_NONE;
  Stage stage_;
  MoveList list_;
  int scores_[MAX_MOVES] = {};
  int cur_ = 0;
};

}  // namespace xq::search
