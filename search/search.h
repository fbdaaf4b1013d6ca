// Iterative deepening alpha-beta (negamax, PVS) with quiescence, null move, late-move
// reductions and check extension, and the WXF repetition judge at every node below the root.
// No I/O: progress goes to a callback, the answer is the return value.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/position.h"
#include "judge/judge.h"
#include "movepick.h"
#include "score.h"
#include "timeman.h"
#include "tt.h"

namespace xq::search {

// One "info" line: the state after a completed iteration.
struct InfoLine {
  int depth = 0;
  int seldepth = 0;
  int score = 0;             // centipawns, or a band of score.h
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<Move> pv;
};

struct Result {
  Move best = MOVE_NONE;     // MOVE_NONE only when the side to move has no legal move
  Move ponder = MOVE_NONE;
  int score = 0;
  int depth = 0;             // last completed iteration
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
};

using InfoCallback = std::function<void(const InfoLine&)>;

class Searcher {
 public:
  explicit Searcher(TranspositionTable& tt) : tt_(tt) {}

  // Searches `pos` (whose history, with the judge's per-ply data, reaches back to the game's
  // start: repetitions before the root count) until a limit is hit or `stop` becomes true.
  // Always returns a legal move when there is one, even if stopped at once.
  Result run(const Position& pos, const Limits& limits, const std::atomic<bool>& stop, const InfoCallback& info = {});

  // Forget what earlier searches learned (history, killers): a new game, or a bench run.
  void clear();

  // The repetition rules the search plays by (judge::RuleSet; the full WXF rules by default).
  void set_rules(judge::RuleSet rules) { rules_ = rules; }

 private:
  enum NodeType { ROOT, PV, NON_PV };
  // The side to move's chase list, computed at the first quiet move of a node (judge/chase.h).
  struct NodeChases {
    MoveList list;
    bool ready = false;
  };

  template <NodeType NT>
  int search(int alpha, int beta, int depth, int ply, bool null_allowed);
  template <bool IsPV>
  int qsearch(int alpha, int beta, int ply);

  int aspiration(int depth, int prev_score);
  void make_move(Move m, NodeChases& chases);
  std::optional<int> repetition_score(int beta, int ply) const;
  bool poll_stop();
  void update_pv(int ply, Move m);
  void update_quiet_stats(int ply, Move best, const MoveList& quiets, int depth);
  InfoLine make_info(int depth, int score) const;
  std::int64_t elapsed_ms() const;

  TranspositionTable& tt_;
  Position pos_;
  Limits limits_;
  TimeBudget budget_;
  const std::atomic<bool>* stop_ = nullptr;
  bool stopped_ = false;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  Move root_best_ = MOVE_NONE;
  judge::RuleSet rules_ = judge::RuleSet::Wxf;

  History history_;
  Move killers_[MAX_PLY + 2][2] = {};
  Move pv_[MAX_PLY + 1][MAX_PLY + 1] = {};
  int pv_len_[MAX_PLY + 1] = {};
};

}  // namespace xq::search
