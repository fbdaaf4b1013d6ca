// Search limits as the protocol hands them over, and how much of the clock a move may use.
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/types.h"

namespace xq::search {

struct Limits {
  int depth = 0;                 // 0: no depth limit
  std::uint64_t nodes = 0;       // 0: no node limit
  std::int64_t movetime = 0;     // ms for this move; 0: none
  bool infinite = false;         // search until stopped
  std::int64_t time[COLOR_NB] = {-1, -1};  // UCI wtime/btime (ms); -1: not given
  std::int64_t inc[COLOR_NB] = {0, 0};
  std::int64_t own_time = -1;    // UCCI "time": the side to move's clock (ms); -1: not given
  std::int64_t own_inc = 0;      // UCCI "increment"
  int movestogo = 0;             // 0: the rest of the game (sudden death)
  int mate = 0;                  // > 0: stop once a mate in this many moves is found
  int multipv = 1;               // how many best lines to report (1-128)
  std::vector<Move> searchmoves; // non-empty: only these root moves are searched
  // A ponder search: while *ponder is true its clock does not run and it does not answer.
  // The flag's owner clears it at ponderhit, from any thread and at any moment, even before
  // the search has started: the search reads it, so a ponderhit cannot be lost in between.
  const std::atomic<bool>* ponder = nullptr;

  bool uses_clock() const { return movetime > 0 || own_time >= 0 || time[RED] >= 0 || time[BLACK] >= 0; }
};

// Milliseconds: aim for `optimum`, never exceed `maximum`. Both 0 when no clock applies.
struct TimeBudget {
  std::int64_t optimum = 0;
  std::int64_t maximum = 0;
};

TimeBudget allocate_time(const Limits& limits, Color us);

// After an iteration: the time (ms since the clock started) up to which the next iteration
// may still start. The plan is `optimum` stretched while the best move keeps changing
// (`best_stable`: iterations it stayed the same) or the score falls (`score_drop`: the last
// iteration's loss in centipawns, negative for a gain), and shrunk when one move has stayed
// best for a while or took nearly all of the search's nodes (`best_share`, 0 to 1: see
// RootEffort). An iteration takes about as long as all before it, so the next one starts only
// within TM_NEXT_ITERATION (70 %) of the plan: it may run past the plan, and `maximum` stops
// it if it runs far past.
double iteration_deadline(std::int64_t optimum, int best_stable, int score_drop, double best_share = 0.0);

// The nodes searched under each root move since the search began. The best move's share of
// them tells how clear the choice is: when the other moves are refuted at once, nearly every
// node goes into the best one (issue 26).
class RootEffort {
 public:
  void clear() { moves_.clear(); }
  void add(Move m, std::uint64_t nodes);
  // `m`'s share of `total` nodes, 0 when nothing was searched.
  double share(Move m, std::uint64_t total) const;

 private:
  std::vector<std::pair<Move, std::uint64_t>> moves_;  // a root has at most a few dozen moves
};

}  // namespace xq::search
