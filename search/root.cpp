// The search's root: iterative deepening with aspiration windows, MultiPV lines ranked before
// they are reported, the answer of a search stopped mid-iteration, and when to stop (the
// clock's plan, "go mate", a decided score). The tree below the root is search.cpp.
#include <algorithm>
#include <vector>

#include "engine/movegen.h"
#include "params.h"
#include "search.h"
#include "skill.h"

namespace xq::search {

using namespace params;

// A narrow window around the last score, widened on each failure.
int Searcher::aspiration(int depth, int prev, int multipv, const InfoCallback& info) {
  int delta = ASPIRATION_DELTA;
  int alpha = -INFINITE, beta = INFINITE;
  if (depth >= ASPIRATION_MIN_DEPTH && ordinary(prev)) {
    alpha = std::max(prev - delta, -INFINITE);
    beta = std::min(prev + delta, int(INFINITE));
  }
  Stack* ss = stack_ + STACK_OFFSET;
  while (true) {
    const int score = search<ROOT>(ss, alpha, beta, depth, false);
    if (stopped_) return score;
    // A bound line needs a move: after a fail low no root move raised alpha and the PV is
    // empty, and a GUI shows an info line without a PV as no line at all (the ASan build, slow
    // enough to pass bound_info_ms_, stopped right after one: its last line had no move).
    if (info && (score <= alpha || score >= beta) && pv_len_[0] > 0 && elapsed_ms() >= bound_info_ms_) {
      InfoLine line = make_info(depth, score, multipv);
      (score <= alpha ? line.upperbound : line.lowerbound) = true;
      info(line);
    }
    if (score <= alpha) {
      beta = (alpha + beta) / 2;
      alpha = std::max(score - delta, -INFINITE);
    } else if (score >= beta) {
      beta = std::min(score + delta, int(INFINITE));
    } else {
      return score;
    }
    delta += delta * ASPIRATION_GROWTH / 100;
    if (delta > ASPIRATION_MAX_DELTA) alpha = -INFINITE, beta = INFINITE;
  }
}

// A stop in the middle of an iteration, after a root move raised alpha: that move is the
// answer (it beat every move searched before it at this depth), so its score and line are
// too. Without this the last info line and the ponder move belonged to the previous
// iteration's best move while bestmove named the new one: "bestmove e9f9 ponder b8b5", b8b5
// being the reply to another move.
void Searcher::answer_partial(int depth, Result& result, const InfoCallback& info) const {
  const std::vector<Move>& pv = root_find_.pv;
  result.score = root_find_.score;
  result.ponder = pv.size() > 1 ? pv[1] : MOVE_NONE;
  if (!info) return;
  InfoLine l = make_info(depth, root_find_.score, 1);
  l.pv = pv;
  l.lowerbound = root_find_.lower;
  info(l);
}

// A line that ends at the best move (it failed high, or the stop came first) still offers a
// move to ponder on: the table's move for the position after it, when that is legal there.
Move Searcher::ponder_from_table(Move best) {
  pos_.do_move(best);
  Move reply = MOVE_NONE;
  if (const std::optional<TTEntry> e = tt_.probe(pos_.key()))
    if (e->move != MOVE_NONE && pos_.is_pseudo_legal(e->move) && pos_.is_legal(e->move)) reply = e->move;
  pos_.undo_move();
  return reply;
}

void Searcher::note_root_find(Move m, int score, int beta) {
  root_best_ = m;
  root_find_.found = true;
  root_find_.lower = score >= beta;
  root_find_.score = score;
  root_find_.pv.assign(pv_[0], pv_[0] + pv_len_[0]);
}

InfoLine Searcher::make_info(int depth, int score, int multipv) const {
  InfoLine info;
  info.multipv = multipv;
  info.depth = depth;
  info.seldepth = seldepth_;
  info.score = score;
  info.nodes = nodes();
  info.time_ms = elapsed_ms();
  info.nps = info.time_ms > 0 ? info.nodes * 1000 / std::uint64_t(info.time_ms) : 0;
  info.hashfull = tt_.hashfull();
  info.pv.assign(pv_[0], pv_[0] + pv_len_[0]);
  return info;
}

// MultiPV lines are searched one after another, each with the earlier ones left out, so a
// later line can find more than an earlier one (the table and the reductions differ). They are
// ranked by score before anyone sees them, as a GUI expects, and the top one is the answer.
// A depth cut short by a stop ranks the lines it finished.
void Searcher::report_ranked(std::vector<InfoLine>& found, Result& result, const InfoCallback& info) const {
  std::stable_sort(found.begin(), found.end(), [](const InfoLine& a, const InfoLine& b) { return a.score > b.score; });
  for (std::size_t i = 0; i < found.size(); ++i) found[i].multipv = int(i) + 1;
  const InfoLine& top = found.front();
  if (!top.pv.empty()) {
    result.best = top.pv[0];
    result.score = top.score;
    result.ponder = top.pv.size() > 1 ? top.pv[1] : MOVE_NONE;
  }
  if (info)
    for (const InfoLine& line : found) info(line);
}

// After an iteration: is it time to stop? The stability of the best move and the score's
// trend stretch or shrink the plan (search::iteration_deadline).
bool Searcher::out_of_time(int depth, int score, Move best) {
  best_stable_ = best == last_best_ ? best_stable_ + 1 : 0;
  last_best_ = best;
  const int drop = depth > 1 && ordinary(score) && ordinary(prev_score_) ? prev_score_ - score : 0;
  prev_score_ = score;
  if (budget_.optimum <= 0 || still_pondering()) return false;
  return clock_ms() - clock_start_ms_ >=
         iteration_deadline(budget_.optimum, best_stable_, drop, root_effort_.share(best, nodes()));
}

Result Searcher::run(const Position& pos, const Limits& limits, const std::atomic<bool>& stop, const InfoCallback& info) {
  s_ = settings_;
  start_ = std::chrono::steady_clock::now();
  clock_start_ms_ = 0;
  pondering_ = limits.ponder && limits.ponder->load();  // a ponderhit that came first is kept
  pos_ = pos;
  limits_ = limits;
  const SkillPlan skill = skill_plan(s_.skill_level);
  if (skill.nodes) limits_.nodes = limits_.nodes ? std::min(limits_.nodes, skill.nodes) : skill.nodes;
  budget_ = allocate_time(limits, pos.side_to_move());
  stop_ = &stop;
  stopped_ = false;
  answered_ = false;
  node_limit_ = NO_NODE_LIMIT;  // until depth 1 has an answer
  nodes_.store(0);
  root_best_ = MOVE_NONE;
  last_best_ = MOVE_NONE;
  best_stable_ = 0;
  prev_score_ = 0;
  root_effort_.clear();
  if (ages_table_) tt_.new_search();
  rep_filter_.reset(pos_.history());
  root_index_ = int(pos_.history().size()) - 1;
  judge_stats_ = JudgeStats{};
  for (int i = 0; i < MAX_PLY + STACK_OFFSET + 2; ++i) {
    const Move k0 = stack_[i].killers[0], k1 = stack_[i].killers[1];
    stack_[i] = Stack{};
    stack_[i].ply = i - STACK_OFFSET;
    stack_[i].killers[0] = k0, stack_[i].killers[1] = k1;
    // Below the root there was no move: the pass's table, which nothing ever writes (only
    // entries under a real move learn), so it reads as zeros.
    stack_[i].cont = hist_->continuation.at(NO_PIECE, 0);
  }
  evaluator_.reset(pos_);
  // "go mate N" asks for a mate whatever the eval says: the hunt is on from the start.
  decided_game_ = limits_.mate > 0 || decided(static_eval());

  Result result;
  MoveList root_moves;
  for (Move m : legal_moves(pos_))
    if (limits.searchmoves.empty() || std::find(limits.searchmoves.begin(), limits.searchmoves.end(), m) != limits.searchmoves.end())
      root_moves.push(m);
  if (root_moves.empty()) {  // lost (nothing to play), or none of the searchmoves is legal
    wait_for_stop();
    return result;
  }
  result.best = root_moves[0];  // an answer even if stopped before depth 1 finishes
  const int lines = std::clamp(std::max(limits.multipv, skill.lines), 1, std::min(root_moves.size(), 128));
  std::vector<InfoLine> ranked;  // the last ranked lines, for a strength level's pick
  std::vector<int> line_scores(lines, 0);

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
  for (int depth = std::min(first_depth_, max_depth); depth <= max_depth && !stopped_; ++depth) {
    depth_limit_ = depth;
    root_done_.clear();
    int deepest = 0;  // the longest line of this iteration, over all MultiPV lines
    std::vector<InfoLine> found;  // MultiPV: this depth's lines, reported together once ranked
    // MultiPV: each line is the best root move left out of the lines found before it.
    for (int k = 0; k < lines; ++k) {
      seldepth_ = 0;
      root_best_ = k == 0 ? result.best : MOVE_NONE;
      root_find_.found = false;
      const int s = aspiration(depth, line_scores[k], k + 1, info);
      if (k == 0 && root_best_ != MOVE_NONE) result.best = root_best_;  // good even if stopped
      deepest = std::max(deepest, seldepth_);
      if (stopped_) {
        if (k == 0 && lines == 1 && root_find_.found) answer_partial(depth, result, info);
        break;
      }
      line_scores[k] = s;
      if (k == 0 && !answered_) {
        // An answer exists: from now on every limit may stop the search.
        answered_ = true;
        node_limit_ = limits_.nodes ? limits_.nodes : NO_NODE_LIMIT;
      }
      if (k == 0) {
        result.score = s;
        result.depth = depth;
        result.ponder = pv_len_[0] > 1 ? pv_[0][1] : MOVE_NONE;
      }
      if (lines == 1) {
        if (info) info(make_info(depth, s, 1));
      } else {
        found.push_back(make_info(depth, s, k + 1));
      }
      root_done_.push(root_best_);
    }
    if (!found.empty()) {
      report_ranked(found, result, info);
      ranked = std::move(found);
    }
    if (stopped_) break;
    if (out_of_time(depth, result.score, result.best)) break;
    const int s = result.score;
    decided_game_ = limits_.mate > 0 || decided(s);
    // "go mate N": a mate in N moves (or fewer) is found.
    if (limits.mate > 0 && s > MATE_BOUND && MATE - s <= 2 * limits.mate - 1) break;
    // A mate or a ruling is found for a side and a deeper search cannot change it: the loser's
    // every way out was searched well beyond the distance. Without this a ruling inside the tree
    // would keep the loop deepening to MAX_PLY on a handful of nodes (issue 25).
    if (!limits.infinite && !limits.depth && !limits.mate && is_decisive(s) && depth > 2 * decisive_distance(s) + 2) break;
    // Every line ended (a ruling, the move limit) long before the depth: PV nodes take no
    // table cut-offs, so an open tree always reaches the depth, and a closed one only repeats
    // itself. A forced move into a ruled draw deepened to MAX_PLY in a millisecond before.
    if (!limits.infinite && !limits.depth && !limits.mate && depth > 2 * deepest + 4) break;
  }
  root_done_.clear();
  if (skill.lines > 1 && ranked.size() > 1) {
    const Move pick = skill_pick(ranked, s_.skill_level, s_.noise_seed, pos_.key());
    if (pick != MOVE_NONE && pick != result.best) {
      for (const InfoLine& line : ranked)
        if (line.pv[0] == pick) result.score = line.score, result.ponder = line.pv.size() > 1 ? line.pv[1] : MOVE_NONE;
      result.best = pick;
    }
  }
  if (result.best != MOVE_NONE && result.ponder == MOVE_NONE) result.ponder = ponder_from_table(result.best);
  wait_for_stop();
  result.nodes = nodes();
  result.time_ms = elapsed_ms();
  result.judge = judge_stats_;
  return result;
}

}  // namespace xq::search
