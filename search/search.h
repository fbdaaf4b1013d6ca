// Iterative deepening alpha-beta (negamax, PVS) with quiescence and the WXF repetition judge
// at every node below the root. Pruning, reductions and extensions are the modern set (see
// search.cpp's numbered steps; the iterations at the root are root.cpp); every constant is
// named in params.h. No I/O: progress goes to a callback, the answer is the return value.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/position.h"
#include "correction.h"
#include "history.h"
#include "info.h"
#include "judge/judge.h"
#include "judge/natural.h"
#include "engine/large_memory.h"
#include "movepick.h"
#include "eval/evaluator.h"
#include "eval/playing_eval.h"
#include "nnue/loaded_network.h"
#include "repfilter.h"
#include "score.h"
#include "settings.h"
#include "timeman.h"
#include "tt.h"

namespace xq::search {

// One "info" line: its numbers (info.h) and the line itself.
struct InfoLine : IterationInfo {
  std::vector<Move> pv;
};

// Where the judge's work went in a search (bench reports it; issue 10 asks for the shares).
struct JudgeStats {
  std::uint64_t chase_nodes = 0;  // plies whose chase data was computed (for a repetition)
  std::uint64_t asked = 0;        // nodes that asked whether the position repeats
  std::uint64_t filtered = 0;     // ... answered by the pre-filter or the occurrence index
  std::uint64_t shortcut = 0;     // ... answered by judge_prune's shortcut (at least a draw)
  std::uint64_t judged = 0;       // ... that ran the full judge
  std::uint64_t rulings = 0;      // judge calls that ended in a ruling (win, loss or draw)
  JudgeStats& operator+=(const JudgeStats& o);
};

struct Result {
  Move best = MOVE_NONE;     // MOVE_NONE only when the side to move has no legal move
  Move ponder = MOVE_NONE;
  int score = 0;
  int depth = 0;             // last completed iteration
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  JudgeStats judge;
};

using InfoCallback = std::function<void(const InfoLine&)>;

// What the search keeps per ply of the current line (Stockfish's "search stack").
struct Stack {
  int ply = 0;
  Move current = MOVE_NONE;    // the move being searched from this node (MOVE_NONE: null move)
  Move excluded = MOVE_NONE;   // singular-extension search: this move is left out
  Move killers[2] = {MOVE_NONE, MOVE_NONE};
  int static_eval = 0;
  bool in_check = false;
  bool losing_check = false;  // `current` gives check but loses material by the exchange
  bool tt_pv = false;  // a PV node, or one the table remembers as one: reduced less, no reverse futility
  int move_count = 0;
  PieceToHistory* cont = nullptr;  // continuation history of `current`
};

// The learned move-ordering tables, big enough to live on the heap. Searcher::clear zeroes
// them member by member (the continuation history only where it was used): a new member needs
// its line there.
struct SearchHistories {
  ButterflyHistory main;
  CaptureHistory captures;
  ContinuationHistory continuation;
  CounterMoves counters;
  CorrectionHistory correction;
};

class Searcher {
 public:
  // `settings` (the GUI's options: rules, natural limit, variety, nodestime) must outlive the
  // searcher; run() reads it once at its start.
  explicit Searcher(TranspositionTable& tt, const SearchSettings& settings = default_settings());

  // Searches `pos` (whose history, with the judge's per-ply data, reaches back to the game's
  // start: repetitions before the root count) until a limit is hit or `stop` becomes true.
  // Always returns a legal move when there is one, even if stopped at once.
  Result run(const Position& pos, const Limits& limits, const std::atomic<bool>& stop, const InfoCallback& info = {});

  // Forget what earlier searches learned (history, killers): a new game, or a bench run.
  void clear();

  // Whether run() starts a new table generation. A pool of threads sharing the table ages it
  // once, before any of them starts, and turns this off (a second writer would race).
  void set_ages_table(bool on) { ages_table_ = on; }

  // Lazy SMP helpers start a ply apart, so their iterations do not run in lockstep.
  void set_first_depth(int d) { first_depth_ = d; }

  // Whether the judge may take seed 002's beta shortcut (judge::judge_prune); on by default.
  // Off, every repeating node runs the full judge: bench compares the two.
  void set_judge_shortcut(bool on) { judge_shortcut_ = on; }

  // The evaluation: a network (nnue/) or, with nullptr (the default), the classical one.
  // Between searches only; the searcher keeps the network alive while it holds it.
  void set_network(std::shared_ptr<const nnue::LoadedNetwork> net) { evaluator_.set_network(std::move(net)); }
  const nnue::LoadedNetwork* network() const { return evaluator_.network(); }

  // A failed aspiration window is reported (an info line with lowerbound or upperbound) once
  // the search has run this long: a GUI sees the score move in a long think, and a fast
  // search does not flood it with lines.
  void set_bound_info_ms(std::int64_t ms) { bound_info_ms_ = ms; }

  // Nodes searched so far by this searcher (any thread may read it during a search).
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  // The judge's counts of the last run (between searches only).
  const JudgeStats& judge_stats() const { return judge_stats_; }

 private:
  enum NodeType { ROOT, PV, NON_PV };
  static constexpr int STACK_OFFSET = 4;  // ss - 4 .. ss - 1 exist at the root
  static_assert(STACK_OFFSET >= *std::max_element(std::begin(CONTINUATION_PLIES), std::end(CONTINUATION_PLIES)),
                "every continuation history the picker reads lies on the stack at the root");

  template <NodeType NT>
  int search(Stack* ss, int alpha, int beta, int depth, bool cut_node);
  template <bool IsPV>
  int qsearch(Stack* ss, int alpha, int beta);

  int aspiration(int depth, int prev_score, int multipv, const InfoCallback& info);
  // gives_check: whether m checks, when the caller knows (do_move need not find out again).
  void play(Stack* ss, Move m, std::optional<bool> gives_check = std::nullopt);
  void play_null(Stack* ss);
  void unplay();
  void unplay_null();
  // The evaluation the search uses (eval/playing_eval.h: the network's scaled by the
  // attacking material, either damped toward the natural move limit), plus the
  // Randomness offset when one is set. Inline: every evaluated node comes here (as a call
  // its prologue and epilogue cost about 20 instructions a bench node, callgrind).
  [[gnu::always_inline]] int static_eval() {
    const int eval = eval::playing_eval(evaluator_.evaluate(pos_), pos_, evaluator_.playing_network(),
                                        judge::natural_limit_plies(s_.natural_moves));
    return s_.noise_cp <= 0 ? eval : eval + noise_offset();
  }
  int noise_offset() const;  // in [-noise_cp, noise_cp], by key and seed
  // A raw static evaluation (static_eval(), or the table's copy of it) moved by the
  // correction history's entries for this position's pawns and pieces (correction.h). The
  // table keeps the raw value, so that a later correction applies to it afresh.
  int corrected_eval(int raw, const CorrectionIndex& corr_index) const {
    return std::clamp(raw + hist_->correction.get(pos_.side_to_move(), corr_index), -EVAL_MAX, EVAL_MAX);
  }
  std::optional<int> repetition_score(int beta, int ply);
  std::optional<int> repetition_ruling(int beta, int ply);  // repetition_score past the pre-filter
  bool poll_stop();
  bool poll_clock();  // poll_stop's every-1024-nodes part
  // Close enough to the natural move limit that a table score from a longer path may be
  // wrong: the table's cut-offs are not taken (search.cpp, NATURAL_LIMIT_MARGIN).
  bool near_natural_limit() const;
  bool root_allowed(Move m) const;
  void count_node() { nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }
  void wait_for_stop();
  bool still_pondering();
  void update_pv(int ply, Move m);
  void update_quiet_stats(Stack* ss, Move best, const MoveList& quiets, int depth);
  void update_capture_stats(Move best, const MoveList& captures, int depth);
  void update_continuations(Stack* ss, Piece p, Square to, int bonus);
  OrderingContext ordering(Stack* ss, Move tt_move) const;
  // A game whose score (a static eval or an iteration's result) is this far from level is
  // decided: what is left to find is a mate (or a ruling), and the search hunts for it.
  static bool decided(int score) { return score >= params::DECIDED_EVAL || score <= -params::DECIDED_EVAL; }
  // What the singular search found: the table move's extension (1, 0 or -1), or a multi-cut
  // (several moves reach beta), whose score the node returns at once.
  struct Singular {
    int extension = 0;
    bool multi_cut = false;
    int score = 0;  // with multi_cut only
  };
  Singular singular_extension(Stack* ss, Move m, int tt_score, int depth, int beta, bool cut_node);
  InfoLine make_info(int depth, int score, int multipv) const;
  void answer_partial(int depth, Result& result, const InfoCallback& info) const;
  void note_root_find(Move m, int score, int beta);
  Move ponder_from_table(Move best);
  void report_ranked(std::vector<InfoLine>& found, Result& result, const InfoCallback& info) const;
  std::int64_t elapsed_ms() const;
  std::int64_t clock_ms() const;
  bool out_of_time(int depth, int score, Move best);

  TranspositionTable& tt_;
  Position pos_;
  Limits limits_;
  TimeBudget budget_;
  const std::atomic<bool>* stop_ = nullptr;
  bool stopped_ = false;
  std::chrono::steady_clock::time_point start_;
  std::int64_t clock_start_ms_ = 0;  // clock_ms() when the clock started: 0, or ponderhit's
  bool pondering_ = false;  // a ponder search that has not yet seen its flag cleared
  // Plain increments of a relaxed atomic: free on x86, and another thread may read the count.
  std::atomic<std::uint64_t> nodes_{0};
  int seldepth_ = 0;
  Move root_best_ = MOVE_NONE;
  // No limit (nodes, clock, stop) ends a search before its first iteration has a best move:
  // depth 1 costs about fifty nodes and well under a millisecond, where a stop before it
  // answered with the first legal move unsearched ("go nodes 1": bestmove a0a1, no info).
  static constexpr std::uint64_t NO_NODE_LIMIT = ~std::uint64_t(0);
  bool answered_ = false;
  std::uint64_t node_limit_ = NO_NODE_LIMIT;
  // The root move that last raised alpha in this iteration (root_best_): its score, whether
  // that was only a lower bound (it reached beta), and its line, kept apart because an
  // aspiration re-search clears the root's PV. A search stopped in the middle of an iteration
  // answers with it and reports it, so that the last info line, the score, the best move and
  // the ponder move all belong to one line.
  struct RootFind {
    bool found = false;
    bool lower = false;
    int score = 0;
    std::vector<Move> pv;
  } root_find_;
  MoveList root_done_;  // MultiPV: root moves whose line this iteration already reported
  const SearchSettings& settings_;
  SearchSettings s_;  // this run's snapshot of settings_
  int root_index_ = 0;  // the root's index in the history: what lies at or before it is the game's
  RepetitionFilter rep_filter_;
  bool judge_shortcut_ = true;
  std::int64_t bound_info_ms_ = 1000;
  JudgeStats judge_stats_;
  // The static evaluation of the current line's positions (the network's or the classical
  // one), pushed and popped with the moves.
  eval::Evaluator evaluator_;

  // Time management across iterations.
  Move last_best_ = MOVE_NONE;
  int best_stable_ = 0;   // iterations the best move stayed the same
  int prev_score_ = 0;
  // The game is decided (the root's static eval, then each finished iteration's score, is a
  // mate, a ruling or at least DECIDED_EVAL from level), or "go mate" asks for a mate: the
  // search hunts mates (search.cpp).
  bool decided_game_ = false;
  RootEffort root_effort_;  // nodes under each root move, for the time manager
  int depth_limit_ = 0;  // the current iteration's depth (bounds singular extensions)
  int first_depth_ = 1;
  bool ages_table_ = true;

  LargeMemory hist_memory_;
  SearchHistories* hist_ = nullptr;  // in hist_memory_
  Stack stack_[MAX_PLY + STACK_OFFSET + 2];
  Move pv_[MAX_PLY + 1][MAX_PLY + 1] = {};
  int pv_len_[MAX_PLY + 1] = {};
};

}  // namespace xq::search
