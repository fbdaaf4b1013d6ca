#include "search.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include "engine/movegen.h"
#include "evaluate.h"
#include "judge/chase.h"
#include "judge/judge.h"

namespace xq::search {

namespace {

// Late-move reduction in plies for the n-th move at a depth: grows with the log of both.
int reduction(int depth, int move_number) {
  static const auto table = [] {
    std::vector<std::vector<int>> t(MAX_PLY + 1, std::vector<int>(MAX_MOVES + 1));
    for (int d = 1; d <= MAX_PLY; ++d)
      for (int n = 1; n <= MAX_MOVES; ++n) t[d][n] = int(0.5 + std::log(d) * std::log(n) / 2.2);
    return t;
  }();
  return table[std::min(depth, MAX_PLY)][std::min(move_number, MAX_MOVES)];
}

// Null move needs pieces that can "pass" usefully; with only king, advisors, elephants and
// pawns left, zugzwang is real and the null move would lie.
bool has_major_pieces(const Position& pos, Color c) {
  return (pos.pieces(c, ROOK) | pos.pieces(c, HORSE) | pos.pieces(c, CANNON)) != 0;
}

}  // namespace

void Searcher::clear() {
  history_.clear();
  for (auto& k : killers_) k[0] = k[1] = MOVE_NONE;
}

std::int64_t Searcher::elapsed_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
}

// Checks the stop flag, the node limit, and the clock every 1024 nodes. A search without a
// clock never reads it, so bench counts do not depend on the machine.
bool Searcher::poll_stop() {
  if (stopped_) return true;
  if (limits_.nodes && nodes_ >= limits_.nodes) return stopped_ = true;
  if ((nodes_ & 1023) != 0) return false;
  if (stop_->load(std::memory_order_relaxed)) return stopped_ = true;
  if (budget_.maximum > 0 && elapsed_ms() >= budget_.maximum) return stopped_ = true;
  return false;
}

// Captures and pawn advances need no chase data: they are irreversible, so no repetition
// window reaches across them and the judge only reads their Cancel status. Every other move
// is recorded against the chases of this node, computed once, at the first quiet move.
void Searcher::make_move(Move m, NodeChases& chases) {
  if (pos_.is_capture(m) || pos_.is_pawn_advance(m)) {
    pos_.do_move(m);
    pos_.st().judge.status = PlyStatus::Cancel;
    return;
  }
  if (!chases.ready) {
    judge::get_chases(pos_, chases.list);
    chases.ready = true;
  }
  judge::play(pos_, m, chases.list);
}

// The WXF ruling at this node, if the position repeats. A ruling is a result, not an
// evaluation: it uses the REP_WIN band (score.h). judge_prune may only promise "a draw or
// better" when a draw already reaches beta; returning DRAW then fails high correctly.
std::optional<int> Searcher::repetition_score(int beta, int ply) const {
  const judge::PruneResult r = judge::judge_prune(pos_.history(), DRAW, beta, rules_);
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

void Searcher::update_quiet_stats(int ply, Move best, const MoveList& quiets, int depth) {
  const Color us = pos_.side_to_move();
  const int bonus = std::min(depth * depth, 400);
  history_.update(us, best, bonus);
  for (Move m : quiets)
    if (m != best) history_.update(us, m, -bonus);
  if (killers_[ply][0] != best) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = best;
  }
}

template <Searcher::NodeType NT>
int Searcher::search(int alpha, int beta, int depth, int ply, bool null_allowed) {
  constexpr bool IS_ROOT = NT == ROOT;
  constexpr bool IS_PV = NT != NON_PV;

  // Step 1. Quiescence at the horizon.
  if (depth <= 0) return qsearch<IS_PV>(alpha, beta, ply);

  ++nodes_;
  pv_len_[ply] = ply;
  seldepth_ = std::max(seldepth_, ply);
  if (poll_stop()) return 0;

  if (!IS_ROOT) {
    // Step 2. Repetition: the judge rules on the history, including the game before the root.
    if (const auto rep = repetition_score(beta, ply)) return *rep;
    if (ply >= MAX_PLY - 1) return pos_.in_check() ? 0 : evaluate(pos_);
    // Step 3. Mate distance pruning: no line from here can beat a mate already found nearer.
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;
  }

  // Step 4. Transposition table. Scores below the root are path dependent only through
  // repetitions; like most engines we accept that for the speed the table gives.
  const Key key = pos_.key();
  const TTEntry* tte = tt_.probe(key);
  const Move tt_move = IS_ROOT ? root_best_ : tte ? tte->move : MOVE_NONE;
  if (!IS_PV && tte && tte->depth >= depth) {
    const int s = TranspositionTable::score_from_tt(tte->score, ply);
    if (tte->bound == Bound::Exact || (tte->bound == Bound::Lower && s >= beta) || (tte->bound == Bound::Upper && s <= alpha))
      return s;
  }

  // Step 5. Static evaluation (not in check: there every move is an evasion).
  const bool in_check = pos_.in_check();
  const int eval = in_check ? -INFINITE : tte ? tte->eval : evaluate(pos_);

  // Step 6. Reverse futility: far above beta near the horizon, a quiet position holds.
  if (!IS_PV && !in_check && depth <= 3 && std::abs(beta) < REP_BOUND && eval - 120 * depth >= beta) return eval;

  // Step 7. Null move. do_null_move marks its entry irreversible, so no repetition window
  // crosses it: a pass can never make the judge rule a cycle.
  if (!IS_PV && !in_check && null_allowed && depth >= 3 && eval >= beta && std::abs(beta) < REP_BOUND &&
      has_major_pieces(pos_, pos_.side_to_move())) {
    const int r = 3 + depth / 6;
    pos_.do_null_move();
    const int s = -search<NON_PV>(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
    pos_.undo_null_move();
    if (stopped_) return 0;
    if (s >= beta) return s >= REP_BOUND ? beta : s;  // a null-move "win" is not proven
  }

  // Step 8. Check extension: a check is searched one ply deeper, so mates are not pushed
  // past the horizon. Repetitions end perpetual checks, so the extension cannot run away.
  if (in_check && ply < MAX_PLY / 2) ++depth;

  // Step 9. The moves.
  MovePicker picker(pos_, tt_move, killers_[ply][0], killers_[ply][1], history_);
  NodeChases chases;
  MoveList quiets;
  int best = -INFINITE, legal = 0;
  Move best_move = MOVE_NONE;
  const int old_alpha = alpha;
  killers_[ply + 2][0] = killers_[ply + 2][1] = MOVE_NONE;

  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    if (!pos_.is_legal(m)) continue;
    ++legal;
    const bool quiet = !pos_.is_capture(m);
    make_move(m, chases);
    const bool gives_check = pos_.in_check();
    const int new_depth = depth - 1;
    int score;
    if (legal == 1) {
      score = -search<IS_PV ? PV : NON_PV>(-beta, -alpha, new_depth, ply + 1, true);
    } else {
      // Late-move reduction of quiet moves; a reduced move that beats alpha is searched again.
      int r = 0;
      if (depth >= 3 && quiet && legal > 3 && !in_check && !gives_check) {
        r = reduction(depth, legal) - IS_PV;
        r = std::clamp(r, 0, new_depth - 1);
      }
      score = -search<NON_PV>(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
      if (score > alpha && r > 0) score = -search<NON_PV>(-alpha - 1, -alpha, new_depth, ply + 1, true);
      if (IS_PV && score > alpha && score < beta) score = -search<PV>(-beta, -alpha, new_depth, ply + 1, true);
    }
    pos_.undo_move();
    if (stopped_) return 0;

    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (IS_PV) update_pv(ply, m);
        if (IS_ROOT) root_best_ = m;
        alpha = score;
        if (score >= beta) {
          if (quiet) update_quiet_stats(ply, m, quiets, depth);
          break;
        }
      }
    }
    if (quiet && quiets.size() < MAX_MOVES) quiets.push(m);
  }

  // Step 10. No legal move: mated or stalemated, and in Xiangqi both lose.
  if (legal == 0) return mated_in(ply);

  // Step 11. Remember the result.
  const Bound bound = best >= beta ? Bound::Lower : best > old_alpha ? Bound::Exact : Bound::Upper;
  tt_.store(key, best_move, TranspositionTable::score_to_tt(best, ply), in_check ? 0 : eval, depth, bound);
  return best;
}

// Captures until the position is quiet; in check, every evasion (no standing pat).
template <bool IsPV>
int Searcher::qsearch(int alpha, int beta, int ply) {
  ++nodes_;
  seldepth_ = std::max(seldepth_, ply);
  pv_len_[ply] = ply;
  if (poll_stop()) return 0;
  // A quiet evasion can close a cycle begun in the main search, so the judge looks here too.
  if (const auto rep = repetition_score(beta, ply)) return *rep;
  const bool in_check = pos_.in_check();
  if (ply >= MAX_PLY - 1) return in_check ? 0 : evaluate(pos_);

  const Key key = pos_.key();
  const TTEntry* tte = tt_.probe(key);
  if (!IsPV && tte) {
    const int s = TranspositionTable::score_from_tt(tte->score, ply);
    if (tte->bound == Bound::Exact || (tte->bound == Bound::Lower && s >= beta) || (tte->bound == Bound::Upper && s <= alpha))
      return s;
  }

  int best = -INFINITE, stand_pat = -INFINITE;
  const int old_alpha = alpha;
  if (!in_check) {
    stand_pat = tte ? tte->eval : evaluate(pos_);
    if (stand_pat >= beta) return stand_pat;
    alpha = std::max(alpha, stand_pat);
    best = stand_pat;
  }

  MovePicker picker(pos_, tte ? tte->move : MOVE_NONE);
  NodeChases chases;
  Move best_move = MOVE_NONE;
  int legal = 0;
  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    if (!pos_.is_legal(m)) continue;
    ++legal;
    // Delta pruning: even winning the victim outright cannot lift this capture to alpha.
    if (!in_check && pos_.is_capture(m) &&
        stand_pat + piece_value(type_of(pos_.piece_on(to_sq(m)))) + 200 <= alpha)
      continue;
    make_move(m, chases);
    const int score = -qsearch<IsPV>(-beta, -alpha, ply + 1);
    pos_.undo_move();
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

  const Bound bound = best >= beta ? Bound::Lower : best > old_alpha ? Bound::Exact : Bound::Upper;
  tt_.store(key, best_move, TranspositionTable::score_to_tt(best, ply), in_check ? 0 : stand_pat, 0, bound);
  return best;
}

// A narrow window around the last score from depth 5 on, widened on each failure.
int Searcher::aspiration(int depth, int prev) {
  int delta = 40;
  int alpha = -INFINITE, beta = INFINITE;
  if (depth >= 5 && std::abs(prev) < REP_BOUND) {
    alpha = std::max(prev - delta, -INFINITE);
    beta = std::min(prev + delta, int(INFINITE));
  }
  while (true) {
    const int score = search<ROOT>(alpha, beta, depth, 0, false);
    if (stopped_) return score;
    if (score <= alpha) {
      beta = (alpha + beta) / 2;
      alpha = std::max(score - delta, -INFINITE);
    } else if (score >= beta) {
      beta = std::min(score + delta, int(INFINITE));
    } else {
      return score;
    }
    delta += delta / 2;
    if (delta > 1000) alpha = -INFINITE, beta = INFINITE;
  }
}

InfoLine Searcher::make_info(int depth, int score) const {
  InfoLine info;
  info.depth = depth;
  info.seldepth = seldepth_;
  info.score = score;
  info.nodes = nodes_;
  info.time_ms = elapsed_ms();
  info.nps = info.time_ms > 0 ? nodes_ * 1000 / std::uint64_t(info.time_ms) : 0;
  info.hashfull = tt_.hashfull();
  info.pv.assign(pv_[0], pv_[0] + pv_len_[0]);
  return info;
}

Result Searcher::run(const Position& pos, const Limits& limits, const std::atomic<bool>& stop, const InfoCallback& info) {
  start_ = std::chrono::steady_clock::now();
  pos_ = pos;
  limits_ = limits;
  budget_ = allocate_time(limits, pos.side_to_move());
  stop_ = &stop;
  stopped_ = false;
  nodes_ = 0;
  root_best_ = MOVE_NONE;
  tt_.new_search();

  Result result;
  const MoveList legal = legal_moves(pos_);
  if (legal.empty()) return result;  // lost: nothing to play
  result.best = legal[0];            // an answer even if stopped before depth 1 finishes

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
  int score = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    seldepth_ = 0;
    const int s = aspiration(depth, score);
    if (root_best_ != MOVE_NONE) result.best = root_best_;  // a move that beat alpha is good even if stopped
    if (stopped_) break;
    score = s;
    result.score = s;
    result.depth = depth;
    result.ponder = pv_len_[0] > 1 ? pv_[0][1] : MOVE_NONE;
    if (info) info(make_info(depth, s));
    // Stop early: time is half spent (the next iteration would not finish), or a mate is
    // found for a side and a deeper search cannot change it.
    if (budget_.optimum > 0 && elapsed_ms() >= budget_.optimum / 2) break;
    if (!limits.infinite && !limits.depth && is_mate_score(s) && depth > 2 * (MATE - std::abs(s)) + 2) break;
  }
  // "go infinite" must not answer before "stop", even when the depth limit ran out.
  while (limits.infinite && !stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  result.nodes = nodes_;
  result.time_ms = elapsed_ms();
  return result;
}

}  // namespace xq::search
