#include "judge.h"

#include <algorithm>

#include "chase.h"

namespace xq::judge {

namespace {

PlyStatus move_status(const StateInfo& e) {
  if (e.irreversible) return PlyStatus::Cancel;
  if (e.in_check) return PlyStatus::Check;  // the move left the other side in check
  return e.judge.chased ? PlyStatus::Chase : PlyStatus::Idle;
}

// Records the ply just played, given the mover's chases before the move.
void record(Position& pos, const MoveList& before) {
  MoveList after;
  mover_chases(pos, after);
  StateInfo& e = pos.st();
  e.judge.threats = victims_of(after);
  e.judge.chased = new_chase_victims(before, after, e.move);
  e.judge.status = move_status(e);
}

}  // namespace

// The walk finds each earlier occurrence in turn; with an index, each step is one look-up
// (the nearest earlier occurrence of an occurrence is the next one the walk would reach, and
// the plies between them are reversible, as the walk found them), so a long reversible game
// is not walked even for the arbiter's count.
int earlier_occurrence(const std::vector<StateInfo>& h, int index, int ntimes, const OccurrenceIndex* occ) {
  if (index < 0 || index >= int(h.size()) || ntimes < 1) return -1;
  if (index + 1 < int(h.size()) && h[index + 1].irreversible) return -1;
  if (occ) {
    int j = index;
    while (j >= 0 && ntimes-- > 0) j = occ->earlier(h, j);
    return j;
  }
  for (int j = index; j - 2 >= 0;) {
    if (h[j].irreversible || h[j - 1].irreversible) return -1;
    j -= 2;
    if (h[j].key == h[index].key && --ntimes == 0) return j;
  }
  return -1;
}

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::Win: return "win";
    case Verdict::Loss: return "loss";
    case Verdict::Draw: return "draw";
    default: return "undecided";
  }
}

const char* to_string(Level l) {
  switch (l) {
    case Level::Idle: return "idle";
    case Level::Chase: return "chase";
    case Level::Check: return "check";
    default: return "undecided";
  }
}

const char* to_string(PlyStatus s) {
  switch (s) {
    case PlyStatus::Idle: return "idle";
    case PlyStatus::Chase: return "chase";
    case PlyStatus::Check: return "check";
    case PlyStatus::Cancel: return "cancel";
    default: return "unknown";
  }
}

void record_root(Position& pos) {
  MoveList after;
  mover_chases(pos, after);
  JudgeInfo& j = pos.st().judge;
  j = JudgeInfo{};
  j.threats = victims_of(after);
}

void record_move(Position& pos) {
  const Move m = pos.st().move;
  pos.undo_move();
  MoveList before;
  get_chases(pos, before);
  pos.do_move(m);
  record(pos, before);
}

void play(Position& pos, Move m) {
  MoveList before;
  get_chases(pos, before);
  pos.do_move(m);
  record(pos, before);
}

int complete_chase_data(Position& pos, int from) {
  const auto& h = pos.history();
  const int n = int(h.size()) - 1;
  int first = std::max(from, 1);
  while (first <= n && h[first].judge.status != PlyStatus::Unknown) ++first;
  if (first > n) return 0;
  std::vector<Move> line;  // the moves from `first` on, latest first (rare: a repetition)
  for (int p = n; p >= first; --p) {
    line.push_back(h[p].move);
    pos.undo_move();
  }
  for (auto it = line.rbegin(); it != line.rend(); ++it) play(pos, *it);
  return n - first + 1;
}

PlayerWindow judge_player_window(const std::vector<StateInfo>& h, int index, int ntimes, RuleSet rules,
                                 const OccurrenceIndex* occ) {
  PlayerWindow w;
  w.index = index;
  w.occurrence = earlier_occurrence(h, index, ntimes, occ);
  if (w.occurrence < 0) return w;
  bool all_check = true, all_chase = rules == RuleSet::Wxf;
  SquareSet common = 0;
  // The player's moves are the ones played from its own positions: plies k+1, k+3, ..., i-1.
  for (int ply = w.occurrence + 1; ply < index; ply += 2) {
    const PlyStatus s = h[ply].judge.status;
    all_check &= s == PlyStatus::Check;
    all_chase &= s == PlyStatus::Chase;
    if (!all_chase) continue;
    // Follow the victims through the opponent's move and this one, then keep the common ones:
    // chasing different pieces in turn is no perpetual chase.
    const SquareSet chased = h[ply].judge.chased;
    common = ply == w.occurrence + 1 ? chased : follow(follow(common, h[ply - 1].move), h[ply].move) & chased;
    all_chase = common != 0;
  }
  w.level = all_check ? Level::Check : all_chase ? Level::Chase : Level::Idle;
  // Report the victims as they stand at the end of the window.
  if (w.level == Level::Chase) w.victims = follow(common, h[index].move);
  return w;
}

Level judge_player(const std::vector<StateInfo>& h, int index, int ntimes, RuleSet rules, const OccurrenceIndex* occ) {
  return judge_player_window(h, index, ntimes, rules, occ).level;
}

Ruling judge_full(const std::vector<StateInfo>& h, int ntimes, RuleSet rules, const OccurrenceIndex* occ) {
  Ruling r;
  const int n = int(h.size()) - 1;
  r.last_mover = judge_player_window(h, n - 1, ntimes, rules, occ);
  if (r.last_mover.level == Level::Undecided) return r;
  r.side_to_move = judge_player_window(h, n - 2, ntimes, rules, occ);
  if (r.side_to_move.level == Level::Undecided) return r;
  const Level ours = r.side_to_move.level, theirs = r.last_mover.level;
  r.verdict = ours == theirs ? Verdict::Draw : ours > theirs ? Verdict::Loss : Verdict::Win;
  return r;
}

Verdict judge_ntimes(const std::vector<StateInfo>& h, int ntimes, RuleSet rules, const OccurrenceIndex* occ) {
  return judge_full(h, ntimes, rules, occ).verdict;
}

bool is_repetition(const std::vector<StateInfo>& h, int index, int ntimes, const OccurrenceIndex* occ) {
  return earlier_occurrence(h, index, ntimes, occ) >= 0;
}

PruneResult judge_prune(const std::vector<StateInfo>& h, int draw_score, int beta, RuleSet rules,
                        const OccurrenceIndex* occ) {
  const int n = int(h.size()) - 1;
  const Level ours = judge_player(h, n - 2, 1, rules, occ);
  if (ours == Level::Undecided) return {};
  // Idle moves cannot lose a repetition: if a draw is already enough, skip classifying the
  // opponent and only ask whether its position repeats.
  if (ours == Level::Idle && draw_score >= beta)
    return is_repetition(h, n - 1, 1, occ) ? PruneResult{Verdict::Draw, true} : PruneResult{};
  return {judge_ntimes(h, 1, rules, occ), false};
}

}  // namespace xq::judge
