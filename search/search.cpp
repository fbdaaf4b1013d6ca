#include "search.h"
#include "skill.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <new>
#include <thread>

#include "engine/movegen.h"
#include "engine/zobrist.h"
#include "judge/chase.h"
#include "judge/judge.h"
#include "params.h"
#include "see.h"

namespace xq::search {

namespace {

using namespace params;

// Late-move reduction in plies for the n-th move at a depth: grows with the log of both.
int reduction_formula(int depth, int move_number) {
  if (depth < 1 || move_number < 1) return 0;
  return int(LMR_BASE + std::log(depth) * std::log(move_number) / LMR_DIVISOR);
}

// The formula for every depth and move number, filled once at start-up: a flat table at
// namespace scope costs one load per lookup (a function-local static also tests its guard).
using ReductionTable = std::array<std::array<std::int8_t, MAX_MOVES + 1>, MAX_PLY + 1>;
const ReductionTable REDUCTIONS = [] {
  ReductionTable t{};
  for (int d = 0; d <= MAX_PLY; ++d)
    for (int n = 0; n <= MAX_MOVES; ++n) t[d][n] = std::int8_t(reduction_formula(d, n));
  return t;
}();

int reduction(int depth, int move_number) {
  depth = std::min(depth, MAX_PLY), move_number = std::min(move_number, MAX_MOVES);
#ifdef XQ_TUNE
  // A tuning build may change LMR_BASE and LMR_DIVISOR between searches: no table to go stale.
  return reduction_formula(depth, move_number);
#endif
  return REDUCTIONS[depth][move_number];
}

// Null move needs pieces that can "pass" usefully; with only king, advisors, elephants and
// pawns left, zugzwang is real and the null move would lie.
bool has_major_pieces(const Position& pos, Color c) {
  return (pos.pieces(c, ROOK) | pos.pieces(c, HORSE) | pos.pieces(c, CANNON)) != 0;
}

// Plies before the natural move limit from which the table gives no cut-offs (10 moves each).
constexpr int NATURAL_LIMIT_MARGIN = 20;

// Step 8's conditions on the node that the evaluation does not decide (the null move's child is
// asked for at the node's start under them, the null move itself tried later).
bool null_move_may_come(const Stack* ss, int depth) { return depth >= NMP_MIN_DEPTH && (ss - 1)->current != MOVE_NONE; }

// A repetition ruling depends on the path that led to the node, not on the position alone,
// so such a score must never cut off another path through the table.
bool is_ruling(int score) { return std::abs(score) >= REP_BOUND && std::abs(score) <= REP_WIN; }

}  // namespace

JudgeStats& JudgeStats::operator+=(const JudgeStats& o) {
  chase_nodes += o.chase_nodes;
  asked += o.asked;
  filtered += o.filtered;
  shortcut += o.shortcut;
  judged += o.judged;
  rulings += o.rulings;
  return *this;
}

// The histories (megabytes, read at random) live in large pages where the system has them
// (engine/large_memory.h); the memory comes zeroed, a valid SearchHistories as it is.
Searcher::Searcher(TranspositionTable& tt, const SearchSettings& settings)
    : tt_(tt), settings_(settings), hist_memory_(allocate_large(sizeof(SearchHistories))) {
  static_assert(std::is_trivially_default_constructible_v<SearchHistories> && alignof(SearchHistories) <= 64);
  if (!hist_memory_) throw std::bad_alloc();
  hist_ = new (hist_memory_.get()) SearchHistories;
  clear();
}

namespace {
// Zeroed in place: a temporary of the larger tables would put tens of kilobytes on the stack.
template <typename T>
void zero(T& table) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::memset(static_cast<void*>(&table), 0, sizeof(T));
}
}  // namespace

void Searcher::clear() {
  zero(hist_->main);
  zero(hist_->captures);
  hist_->continuation.clear();  // the blocks handed out: nearly all of the memory is not
  zero(hist_->counters);
  zero(hist_->correction);
  for (Stack& s : stack_) s = Stack{};
}

std::int64_t Searcher::elapsed_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
}

// The clock the time management plans and stops by: real milliseconds, or with nodestime
// the nodes searched turned into milliseconds.
std::int64_t Searcher::clock_ms() const {
  const int per_ms = s_.nodes_per_ms;
  return per_ms > 0 ? std::int64_t(nodes() / std::uint64_t(per_ms)) : elapsed_ms();
}

// Checks the stop flag, the node limit, and the clock every 1024 nodes. A search without a
// clock never reads it, so bench counts do not depend on the machine. Every node asks, so
// the common answer is inlined and the rest is a call.
[[gnu::always_inline]] inline bool Searcher::poll_stop() {
  if (stopped_) return true;
  const std::uint64_t n = nodes();
  if (n >= node_limit_) return stopped_ = true;
  if ((n & 1023) != 0) return false;
  return poll_clock();
}

bool Searcher::poll_clock() {
  if (!answered_) return false;  // depth 1 first (a millisecond at most): never a blind move
  if (stop_->load(std::memory_order_relaxed)) return stopped_ = true;
  if (budget_.maximum > 0 && !still_pondering() &&
      clock_ms() - clock_start_ms_ >= budget_.maximum)
    return stopped_ = true;
  return false;
}

// Whether the search still ponders. The flag's owner clears it at ponderhit; the clock starts
// when the search first sees that: within 1,024 nodes, or a millisecond of waiting.
bool Searcher::still_pondering() {
  if (pondering_ && !limits_.ponder->load(std::memory_order_relaxed)) {
    pondering_ = false;
    clock_start_ms_ = clock_ms();
  }
  return pondering_;
}

// "go infinite" and "go ponder" must not answer before "stop" (or ponderhit), even when the
// depth limit ran out or a mate was found.
void Searcher::wait_for_stop() {
  while ((limits_.infinite || still_pondering()) && !stop_->load())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// Root moves left out: those not in "searchmoves", and in MultiPV the lines already found.
bool Searcher::root_allowed(Move m) const {
  const auto& only = limits_.searchmoves;
  if (!only.empty() && std::find(only.begin(), only.end(), m) == only.end()) return false;
  return std::find(root_done_.begin(), root_done_.end(), m) == root_done_.end();
}

// The judge records only what costs nothing (judge::play_lazy): chase data is computed when a
// repetition needs it (repetition_score). Inline with unplay: every move searched makes both.
// The child's table cluster was asked for by the move loop, as soon as the move was known to
// be legal: fetched here, it came too late to hide the wait (perf: the probe's load was a
// quarter of the wall clock).
[[gnu::always_inline]] inline void Searcher::play(Stack* ss, Move m, std::optional<bool> gives_check) {
  const Piece moved = pos_.piece_on(from_sq(m));
  ss->current = m;
  ss->cont = hist_->continuation.at(moved, to_sq(m));
  // The main search has asked gives_check(m) already: the move need not work it out again.
  if (gives_check)
    judge::play_lazy(pos_, m, *gives_check);
  else
    judge::play_lazy(pos_, m);
  rep_filter_.add(pos_.key());
  evaluator_.push(pos_);
}

[[gnu::always_inline]] inline void Searcher::unplay() {
  rep_filter_.remove(pos_.key());
  pos_.undo_move();
  evaluator_.pop();
}

// do_null_move marks its entry irreversible, so no repetition window crosses it: a pass can
// never make the judge rule a cycle.
void Searcher::play_null(Stack* ss) {
  ss->current = MOVE_NONE;
  ss->cont = hist_->continuation.at(NO_PIECE, 0);
  tt_.prefetch(pos_.key() ^ zobrist::side());
  pos_.do_null_move();
  rep_filter_.add(pos_.key());
  evaluator_.push(pos_);
}

void Searcher::unplay_null() {
  rep_filter_.remove(pos_.key());
  pos_.undo_null_move();
  evaluator_.pop();
}

int Searcher::noise_offset() const {
  // A multiplicative hash of key and seed; its top bits pick the offset.
  const std::uint64_t h = (pos_.key() ^ s_.noise_seed) * 0x9E3779B97F4A7C15ULL;
  return int((h >> 32) % std::uint64_t(2 * s_.noise_cp + 1)) - s_.noise_cp;
}


// The WXF ruling at this node, if the position repeats. A ruling is a result, not an
// evaluation: it uses the REP_WIN band (score.h). judge_prune may only promise "a draw or
// better" when a draw already reaches beta; returning DRAW then fails high correctly.
// Every node asks and the pre-filter answers nearly all (bench: 99.7 %), so that part is
// inlined and the rest is a call.
[[gnu::always_inline]] inline std::optional<int> Searcher::repetition_score(int beta, int ply) {
  const auto& h = pos_.history();
  ++judge_stats_.asked;
  const int n = int(h.size()) - 1;
  if (n < 2 || !rep_filter_.may_repeat(h[n - 2].key)) {
    ++judge_stats_.filtered;
    return std::nullopt;
  }
  return repetition_ruling(beta, ply);
}

std::optional<int> Searcher::repetition_ruling(int beta, int ply) {
  const auto& h = pos_.history();
  const int n = int(h.size()) - 1;
  // A ruling needs both players' positions to have stood before (judge_full judges both
  // windows). The occurrence index answers exactly, so chase data is computed only for a real
  // cycle, and only for the plies of its windows.
  const int ours = h[n - 1].irreversible ? -1 : rep_filter_.earlier(h, n - 2);
  const int theirs = h[n].irreversible ? -1 : rep_filter_.earlier(h, n - 1);
  if (ours < 0 || theirs < 0) {
    ++judge_stats_.filtered;
    return std::nullopt;
  }
  // Where the game's arbiter would rule, the search rules as the arbiter will: once both
  // positions reach its count, history included, the windows reach back to their first
  // occurrences (judge_ntimes with the count). A cycle that reaches back to the root or
  // before it is the game's, and no arbiter has ruled it before that count, as Stockfish
  // counts a repetition across the root only when it is a real threefold (issue 25). Inside
  // the tree, below the count, the first repetition rules, which the 173 cases and
  // judge_prune's shortcut rely on. Without the first test a cycle completed in the tree, but
  // begun in the game, was ruled over its last lap only: a perpetual check the arbiter saw
  // mixed with idle moves (a draw) was taken for a win.
  int start = std::min(ours, theirs);
  const int count = std::max(2, s_.arbiter_count) - 1;  // earlier occurrences the arbiter needs
  int ntimes = 1;
  if (count > 1) {
    const int ours_at_count = judge::earlier_occurrence(h, n - 2, count, &rep_filter_);
    const int theirs_at_count = judge::earlier_occurrence(h, n - 1, count, &rep_filter_);
    if (ours_at_count >= 0 && theirs_at_count >= 0) {
      ntimes = count;
      start = std::min(ours_at_count, theirs_at_count);
    } else if (start <= root_index_) {
      ++judge_stats_.filtered;
      return std::nullopt;
    }
  }
  judge_stats_.chase_nodes += std::uint64_t(judge::complete_chase_data(pos_, start + 1));
  const judge::PruneResult r = ntimes > 1         ? judge::PruneResult{judge::judge_ntimes(h, ntimes, s_.rules, &rep_filter_)}
                               : judge_shortcut_ ? judge::judge_prune(h, DRAW, beta, s_.rules, &rep_filter_)
                                                 : judge::PruneResult{judge::judge_ntimes(h, 1, s_.rules, &rep_filter_)};
  ++(r.lower_bound ? judge_stats_.shortcut : judge_stats_.judged);
  if (r.verdict != judge::Verdict::Undecided) ++judge_stats_.rulings;
  switch (r.verdict) {
    case judge::Verdict::Win: return rep_win_in(ply);
    case judge::Verdict::Loss: return rep_loss_in(ply);
    case judge::Verdict::Draw: return DRAW;
    default: return std::nullopt;
  }
}

void Searcher::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_len_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
}

// The continuation histories the picker reads (CONTINUATION_PLIES back) learn about (p, to).
void Searcher::update_continuations(Stack* ss, Piece p, Square to, int bonus) {
  for (int back : CONTINUATION_PLIES)
    if ((ss - back)->cont && (ss - back)->current != MOVE_NONE) (ss - back)->cont->update(p, to, bonus);
}

void Searcher::update_quiet_stats(Stack* ss, Move best, const MoveList& quiets, int depth) {
  const Color us = pos_.side_to_move();
  const int bonus = history_bonus(depth);
  hist_->main.update(us, best, bonus);
  update_continuations(ss, pos_.piece_on(from_sq(best)), to_sq(best), bonus);
  for (Move m : quiets)
    if (m != best) {
      hist_->main.update(us, m, -bonus);
      update_continuations(ss, pos_.piece_on(from_sq(m)), to_sq(m), -bonus);
    }
  if (ss->killers[0] != best) {
    ss->killers[1] = ss->killers[0];
    ss->killers[0] = best;
  }
  if (const Move prev = (ss - 1)->current; prev != MOVE_NONE)
    hist_->counters.set(pos_.piece_on(to_sq(prev)), to_sq(prev), best);
}

void Searcher::update_capture_stats(Move best, const MoveList& captures, int depth) {
  const int bonus = history_bonus(depth);
  auto update = [&](Move m, int b) {
    hist_->captures.update(pos_.piece_on(from_sq(m)), to_sq(m), type_of(pos_.piece_on(to_sq(m))), b);
  };
  if (pos_.is_capture(best)) update(best, bonus);
  for (Move m : captures)
    if (m != best) update(m, -bonus);
}

OrderingContext Searcher::ordering(Stack* ss, Move tt_move) const {
  OrderingContext ctx;
  ctx.tt_move = tt_move;
  ctx.killer1 = ss->killers[0];
  ctx.killer2 = ss->killers[1];
  if (const Move prev = (ss - 1)->current; prev != MOVE_NONE)
    ctx.counter = hist_->counters.get(pos_.piece_on(to_sq(prev)), to_sq(prev));
  ctx.main = &hist_->main;
  ctx.captures = &hist_->captures;
  for (int i = 0; i < CONTINUATION_NB; ++i) ctx.cont[i] = (ss - CONTINUATION_PLIES[i])->cont;
  return ctx;
}

// Singular extension: is the table move the only good move here? Search the others at half
// depth against a bound just below the table score. If they all fail low, the table move is
// singular and is searched a ply deeper. If even they reach beta, several moves do and the
// node is cut at once (multi-cut). A stopped search's answer is never used.
Searcher::Singular Searcher::singular_extension(Stack* ss, Move m, int tt_score, int depth, int beta, bool cut_node) {
  const int singular_beta = tt_score - SINGULAR_MARGIN * depth;
  ss->excluded = m;
  const int s = search<NON_PV>(ss, singular_beta - 1, singular_beta, (depth - 1) / SINGULAR_DEPTH_DIV, cut_node);
  ss->excluded = MOVE_NONE;
  if (stopped_) return {};
  if (s < singular_beta) return {.extension = 1};
  if (singular_beta >= beta) return {.multi_cut = true, .score = singular_beta};
  return {.extension = tt_score >= beta ? -1 : 0};
}

template <Searcher::NodeType NT>
int Searcher::search(Stack* ss, int alpha, int beta, int depth, bool cut_node) {
  constexpr bool IS_ROOT = NT == ROOT;
  constexpr bool IS_PV = NT != NON_PV;
  const int ply = ss->ply;

  // Step 1. Quiescence at the horizon.
  if (depth <= 0) return qsearch<IS_PV>(ss, alpha, beta);

  count_node();
  pv_len_[ply] = ply;
  seldepth_ = std::max(seldepth_, ply);
  if (poll_stop()) return 0;

  const bool in_check = pos_.in_check();
  if (!IS_ROOT) {
    // Step 2. Repetition: the judge rules on the history, including the game before the root.
    if (const auto rep = repetition_score(beta, ply)) return *rep;
    // The natural move limit: a draw, unless the move that reached it left no legal reply
    // (a mate on the last move still wins; judge/natural.h).
    if (s_.natural_moves > 0 && judge::natural_limit_reached(pos_, s_.natural_moves))
      return has_legal_move(pos_) ? DRAW : mated_in(ply);
    if (ply >= MAX_PLY - 1) return in_check ? 0 : static_eval();
    // Step 3. Mate distance pruning: no line from here can beat a mate already found nearer.
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;
  }

  // Step 4. Transposition table. Scores below the root are path dependent only through
  // repetitions: rulings are never stored as bounds (see is_ruling), the rest we accept, as
  // most engines do, for the speed the table gives. A singular search (excluded move) must
  // neither read a cut-off nor overwrite the entry of the full node.
  const Key key = pos_.key();
  const Move excluded = ss->excluded;
  const std::optional<TTEntry> tte = excluded ? std::optional<TTEntry>{} : tt_.probe(key);
  const int tt_score = tte ? TranspositionTable::score_from_tt(tte->score, ply) : 0;
  const Move tt_move = IS_ROOT ? root_best_ : tte ? tte->move : MOVE_NONE;
  // The table move is tried first, after the evaluation and the null move: its child's
  // cluster has all that time to arrive.
  if (tt_move != MOVE_NONE) tt_.prefetch(pos_.key_after(tt_move));
  // The null move's child likewise, where step 8 may make one: these are its conditions known
  // before the evaluation (the rest needs it). Asked for only when play_null makes it, its
  // probe waited for nearly the whole load.
  if (!IS_PV && !in_check && !excluded && null_move_may_come(ss, depth)) tt_.prefetch(key ^ zobrist::side());
  // Plain copies for the singular extension far below: g++ 12 cannot follow the optional
  // through the move loop and warns that its payload may be uninitialized there.
  const Bound tt_bound = tte ? tte->bound : Bound::None;
  // A node on a principal variation now or when it was stored (Stockfish's ttPv): its moves
  // are reduced like a PV node's, and reverse futility leaves it alone (steps 7 and 14). A
  // singular search keeps the full node's flag.
  if (!excluded) ss->tt_pv = IS_PV || (tte && tte->pv);
  const int tt_depth = tte ? tte->depth : 0;
  // Near the natural move limit a stored score may come from a path with more moves to go:
  // the key holds no counter (that would split every transposition), so, as Stockfish does
  // near its 50-move limit, take no cut-off there and search.
  if (!IS_PV && tte && tte->depth >= depth && tte->bound != Bound::None && !near_natural_limit()) {
    if (tte->bound == Bound::Exact || (tte->bound == Bound::Lower && tt_score >= beta) ||
        (tte->bound == Bound::Upper && tt_score <= alpha))
      return tt_score;
  }

  // Step 5. Static evaluation (none in check: there every move is an evasion). "Improving":
  // better than two plies ago, so pruning can be bolder when the side is not improving.
  ss->in_check = in_check;
  ss->move_count = 0;
  (ss + 1)->killers[0] = (ss + 1)->killers[1] = MOVE_NONE;
  int eval, raw_eval = 0;
  CorrectionIndex corr_index;
  if (in_check) {
    eval = ss->static_eval = -INFINITE;
  } else if (excluded) {
    eval = ss->static_eval;  // the same node: already computed
  } else {
    raw_eval = tte ? tte->eval : static_eval();
    corr_index = CorrectionHistory::indices(pos_);
    eval = ss->static_eval = corrected_eval(raw_eval, corr_index);
    // A table bound is a better estimate than the static eval when it points the right way.
    if (tte && ordinary(tt_score) &&
        (tte->bound == Bound::Exact || (tte->bound == Bound::Lower ? tt_score > eval : tt_score < eval)))
      eval = tt_score;
  }
  const bool improving = !in_check && ((ss - 2)->in_check ? !(ss - 4)->in_check && ss->static_eval > (ss - 4)->static_eval
                                                           : ss->static_eval > (ss - 2)->static_eval);

  // The hunt for mates (decided_game_): in a decided game the question is a mate, which no
  // margin on the eval can answer. Razoring and reverse futility stay out, late-move
  // pruning keeps the quiet checks (data/mates: quiet mates in 2 hid behind all three), and
  // the null move's reduction takes nothing for the eval's lead (quiet mate threats hid
  // behind the shallower reply). A level game, nearly every game's every move, searches as
  // before.
  const bool hunt = decided_game_;

  if (!IS_PV && !in_check && !excluded) {
    if (!hunt) {
      // Step 6. Razoring: far below alpha near the horizon, only captures could save the node.
      if (depth <= RAZOR_DEPTH && eval + RAZOR_MARGIN * depth < alpha) {
        const int s = qsearch<false>(ss, alpha - 1, alpha);
        if (s < alpha) return s;
      }
      // Step 7. Reverse futility: far above beta near the horizon, a quiet position holds;
      // not at a node the table remembers on a principal variation (Stockfish's !ttPv).
      if (!ss->tt_pv && depth <= RFP_DEPTH && ordinary(beta) && ordinary(eval) && eval - RFP_MARGIN * (depth - improving) >= beta)
        return (eval + beta) / 2;
    }
    // Step 8. Null move: if passing still keeps beta, a real move would too.
    if (null_move_may_come(ss, depth) && eval >= beta && ss->static_eval >= beta && ordinary(beta) &&
        has_major_pieces(pos_, pos_.side_to_move())) {
      const int r = NMP_BASE + depth / NMP_DEPTH_DIV + (hunt ? 0 : std::min((eval - beta) / NMP_EVAL_DIV, NMP_EVAL_MAX));
      play_null(ss);
      const int s = -search<NON_PV>(ss + 1, -beta, -beta + 1, depth - r, !cut_node);
      unplay_null();
      if (stopped_) return 0;
      if (s >= beta) return s >= REP_BOUND ? beta : s;  // a null-move "win" is not proven
    }
  }

  // Step 9. Internal iterative reduction: without a table move the ordering is poor; search
  // shallower now and let the next iteration, with a move from the table, go deeper.
  if (!IS_ROOT && depth >= IIR_MIN_DEPTH && tt_move == MOVE_NONE && (IS_PV || cut_node)) --depth;

  // Step 10. Check extension: a check is searched one ply deeper, so mates are not pushed
  // past the horizon. Repetitions end perpetual checks, so the extension cannot run away.
  // A check that loses material by the exchange earns none (the parent says so, step 13's
  // end): such checks are most of a tactical position's, and extending them all kept real
  // mates beyond the horizon (test_mate_suite.cpp; +5 mates of the suite at 500,000 nodes).
  if (in_check && ply < MAX_PLY / 2 && !(ss - 1)->losing_check) ++depth;

  // Step 11. The moves.
  MovePicker picker(pos_, ordering(ss, tt_move), &tt_);
  MoveList quiets, captures;
  int best = -INFINITE, legal = 0;
  Move best_move = MOVE_NONE;
  const int old_alpha = alpha;
  // Shallow pruning needs pieces that can pass usefully (has_major_pieces); the moves of
  // this node do not change that, so it is asked once.
  const bool majors = has_major_pieces(pos_, pos_.side_to_move());
  // Late-move pruning's count, once per node (a division: an idiv per quiet move otherwise).
  const int lmp_count = depth <= LMP_MAX_DEPTH ? (LMP_BASE + depth * depth) / (2 - improving) : INT_MAX;

  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    if (m == excluded || (IS_ROOT && !root_allowed(m)) || !pos_.is_legal(m)) continue;
    tt_.prefetch(pos_.key_after(m));  // early: the pruning tests below give it time (see play)
    ++legal;
    ss->move_count = legal;
    const bool capture = pos_.is_capture(m);
    const bool check = pos_.gives_check(m);
    const int history = capture ? 0 : picker.quiet_score(m);
    int new_depth = depth - 1;

    // Step 12. Shallow-depth pruning, once a move has saved us from a mate.
    if (!IS_ROOT && best > -REP_BOUND && majors) {
      const int lmr_depth = std::max(new_depth - reduction(depth, legal), 0);
      if (!capture && !check) {
        if (legal >= lmp_count) {
          // Where a mate is in the air (a decided game, or a beta that is a mate or a ruling
          // or still open, as in the first iterations) the quiet checks still come: one of
          // them may be the mate.
          if (hunt || !ordinary(beta))
            picker.checks_only();
          else
            picker.skip_quiets();
          continue;
        }
        if (lmr_depth < HISTORY_PRUNE_DEPTH && history < -HISTORY_PRUNE_MARGIN * depth) continue;
        if (!in_check && lmr_depth < FUTILITY_MAX_DEPTH && ordinary(alpha) &&
            ss->static_eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * lmr_depth <= alpha)
          continue;
        if (lmr_depth < SEE_MAX_DEPTH && !see_ge(pos_, m, -SEE_QUIET_MARGIN * lmr_depth * lmr_depth)) continue;
      } else if (capture && !check && depth <= SEE_MAX_DEPTH && !picker.last_see_ge_0() &&
                 !see_ge(pos_, m, -SEE_CAPTURE_MARGIN * depth)) {
        // (A good capture from the picker lost nothing: see >= 0 >= the threshold.) A capture
        // that checks is kept: the exchange knows no pins, and the piece that would take back
        // is often pinned to its king (by a cannon's screen, or the facing kings), so a
        // "losing" check can be a mate.
        continue;
      }
    }

    // Step 13. Extensions: the singular table move.
    int extension = 0;
    if (!IS_ROOT && m == tt_move && !excluded && depth >= SINGULAR_MIN_DEPTH &&
        (tt_bound == Bound::Lower || tt_bound == Bound::Exact) && tt_depth >= depth - SINGULAR_TT_DEPTH_MARGIN &&
        ordinary(tt_score) && ply < 2 * depth_limit_) {
      const Singular singular = singular_extension(ss, m, tt_score, depth, beta, cut_node);
      if (stopped_) return 0;
      if (singular.multi_cut) return singular.score;
      extension = singular.extension;
    }
    new_depth += extension;

    const std::uint64_t nodes_before = IS_ROOT ? nodes() : 0;
    // A check that loses material by the exchange (a sacrifice, or a piece put where it is
    // taken) earns its reply no extension (step 10): a mate by sacrifice is still searched,
    // at the normal depth, and the many hopeless checks cost less. A capture the picker
    // found to lose nothing needs no second exchange.
    ss->losing_check = check && !(capture && picker.last_see_ge_0()) && !see_ge(pos_, m, 0);
    play(ss, m, check);
    int score;
    if (legal == 1) {
      score = -search<IS_PV ? PV : NON_PV>(ss + 1, -beta, -alpha, new_depth, !IS_PV && !cut_node);
    } else {
      // Step 14. Late-move reductions, smaller for moves with a good history, larger at
      // expected cut nodes; a reduced move that beats alpha is searched again in full.
      int r = 0;
      if (depth >= LMR_MIN_DEPTH && !capture) {
        r = reduction(depth, legal) - ss->tt_pv + cut_node + !improving - check - history / LMR_HISTORY_DIV;
        r = std::clamp(r, 0, std::max(new_depth - 1, 0));
      }
      score = -search<NON_PV>(ss + 1, -alpha - 1, -alpha, new_depth - r, true);
      if (score > alpha && r > 0) score = -search<NON_PV>(ss + 1, -alpha - 1, -alpha, new_depth, !cut_node);
      if (IS_PV && score > alpha && score < beta) score = -search<PV>(ss + 1, -beta, -alpha, new_depth, false);
    }
    unplay();
    if (IS_ROOT) root_effort_.add(m, nodes() - nodes_before);
    if (stopped_) return 0;

    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (IS_PV) update_pv(ply, m);
        if (IS_ROOT) note_root_find(m, score, beta);
        alpha = score;
        if (score >= beta) {
          if (capture)
            update_capture_stats(m, captures, depth);
          else {
            update_quiet_stats(ss, m, quiets, depth);
            update_capture_stats(m, captures, depth);
          }
          break;
        }
      }
    }
    if (!capture && quiets.size() < MAX_MOVES) quiets.push(m);
    if (capture && captures.size() < MAX_MOVES) captures.push(m);
  }

  // Step 15. No legal move: mated or stalemated, and in Xiangqi both lose. In a singular
  // search the excluded move was the only one: fail low.
  if (legal == 0) return excluded ? alpha : mated_in(ply);

  // Step 16. Remember the result (a ruling only as a move: see is_ruling).
  if (!excluded) {
    const Bound bound = is_ruling(best) ? Bound::None
                        : best >= beta  ? Bound::Lower
                        : best > old_alpha ? Bound::Exact
                                           : Bound::Upper;
    // A fail low below a move of a PV node may be where the PV goes next (Stockfish).
    if (best <= old_alpha) ss->tt_pv = ss->tt_pv || ((ss - 1)->tt_pv && depth > 3);
    tt_.store(key, best_move, TranspositionTable::score_to_tt(best, ply), in_check ? 0 : raw_eval, depth, bound,
              ss->tt_pv);
    // Step 17. What the evaluation missed, for the correction history: a quiet best move (a
    // capture's gain is the exchange's, not the position's) and a bound that says something
    // about the evaluation (a fail high above it, a fail low below it, or an exact score).
    if (!in_check && ordinary(best) && !is_ruling(best) && (best_move == MOVE_NONE || !pos_.is_capture(best_move)) &&
        !(bound == Bound::Lower && best <= ss->static_eval) && !(bound == Bound::Upper && best >= ss->static_eval))
      hist_->correction.update(pos_.side_to_move(), corr_index, best - raw_eval, depth);
  }
  return best;
}

// Captures until the position is quiet; in check, every evasion (no standing pat).
template <bool IsPV>
int Searcher::qsearch(Stack* ss, int alpha, int beta) {
  const int ply = ss->ply;
  count_node();
  seldepth_ = std::max(seldepth_, ply);
  pv_len_[ply] = ply;
  if (poll_stop()) return 0;
  // A quiet evasion can close a cycle begun in the main search, so the judge looks here too.
  if (const auto rep = repetition_score(beta, ply)) return *rep;
  // The natural move limit holds here too: a static evaluation past it would score a drawn
  // line as the material says.
  if (s_.natural_moves > 0 && judge::natural_limit_reached(pos_, s_.natural_moves))
    return has_legal_move(pos_) ? DRAW : mated_in(ply);
  const bool in_check = pos_.in_check();
  if (ply >= MAX_PLY - 1) return in_check ? 0 : static_eval();

  const Key key = pos_.key();
  const std::optional<TTEntry> tte = tt_.probe(key);
  if (tte && tte->move != MOVE_NONE) tt_.prefetch(pos_.key_after(tte->move));  // see search()
  if (!IsPV && tte && tte->bound != Bound::None && !near_natural_limit()) {
    const int s = TranspositionTable::score_from_tt(tte->score, ply);
    if (tte->bound == Bound::Exact || (tte->bound == Bound::Lower && s >= beta) || (tte->bound == Bound::Upper && s <= alpha))
      return s;
  }

  int best = -INFINITE, stand_pat = -INFINITE, raw_eval = 0;
  const int old_alpha = alpha;
  if (!in_check) {
    raw_eval = tte ? tte->eval : static_eval();
    stand_pat = corrected_eval(raw_eval, CorrectionHistory::indices(pos_));
    if (stand_pat >= beta) return stand_pat;
    alpha = std::max(alpha, stand_pat);
    best = stand_pat;
  }

  // The picker asks for the table entries of all the captures as soon as it has them: a
  // capture's child probes the table at once, and the time to its probe is short here.
  MovePicker picker(pos_, tte ? tte->move : MOVE_NONE, &hist_->captures, &tt_);
  Move best_move = MOVE_NONE;
  int legal = 0;
  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    // Out of check the count of legal moves is never read, so a capture pruned here needs no
    // legality test: the cheap tests come first, the exchange last.
    if (!in_check && pos_.is_capture(m)) {
      // Delta pruning: even winning the victim outright cannot lift this capture to alpha.
      if (stand_pat + see_value(type_of(pos_.piece_on(to_sq(m)))) + QS_DELTA <= alpha) continue;
      if (!pos_.is_legal(m)) continue;
      // A capture that loses material does not make a position quiet.
      if (!see_ge(pos_, m, 0)) continue;
    } else if (!pos_.is_legal(m)) {
      continue;
    } else {
      tt_.prefetch(pos_.key_after(m));  // an evasion (the picker asked for every capture's)
    }
    ++legal;
    play(ss, m);
    const int score = -qsearch<IsPV>(ss + 1, -beta, -alpha);
    unplay();
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (IsPV) update_pv(ply, m);
        alpha = score;
        if (score >= beta) break;
      }
    }
  }
  if (in_check && legal == 0) return mated_in(ply);

  const Bound bound = is_ruling(best) ? Bound::None
                      : best >= beta  ? Bound::Lower
                      : best > old_alpha ? Bound::Exact
                                         : Bound::Upper;
  tt_.store(key, best_move, TranspositionTable::score_to_tt(best, ply), in_check ? 0 : raw_eval, 0, bound,
            IsPV || (tte && tte->pv));
  return best;
}

bool Searcher::near_natural_limit() const {
  return s_.natural_moves > 0 && pos_.rule60_count() >= 2 * s_.natural_moves - NATURAL_LIMIT_MARGIN;
}

// The root's driver (root.cpp) calls the root instance; the others are used here.
template int Searcher::search<Searcher::ROOT>(Stack*, int, int, int, bool);

}  // namespace xq::search
