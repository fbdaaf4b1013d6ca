// The WXF repetition judge (seed 002, Algorithms 7, 8 and 10) over the position's state stack.
//
// Per ply i (the move that led to history[i]) the judge records:
//   status   Cancel if the move captured or advanced a pawn, Check if it gave check, Chase if it
//            created a free capture (a chase, see chase.h), else Idle;
//   threats  every victim the mover could take for free right after the move;
//   chased   the victims of the attacks this move created.
// record_move() keeps this up to date incrementally: the work per move does not depend on the
// length of the game.
//
// Windows (Algorithm 7 as the 173 WXF cases rule it): a player is judged at a position where it
// is to move, P(i). If P(i) occurred before, at P(k), after the last irreversible move, and the
// move played from P(i) is reversible too, the player's moves from P(k), P(k+2), ..., P(i-2)
// form its window. At the final position P(n) the last mover is judged at P(n-1) and the side
// to move at P(n-2) (case 120: the last move may leave the cycle, the cycle is still ruled).
#pragma once

#include <vector>

#include "engine/movelist.h"
#include "engine/position.h"

namespace xq::judge {

enum class Verdict { Undecided, Win, Loss, Draw };

// The arbiter's count: a game's repetition is ruled when a position stands for the third
// time (two earlier occurrences, ntimes = 2). xqmatch rules games by it (-repetitions counts
// occurrences) and the engine plays by it for cycles that reach into the game's history;
// the 173 WXF cases and the search's own tree rule at the first repetition (ntimes = 1).
constexpr int ARBITER_OCCURRENCES = 3;  // from the side to move's point of view

// Which offences a ruling knows. Wxf: the full rules. CheckOnly: only perpetual check loses and
// chases count as idle, as most Xiangqi software rules; xqengine offers it ("Repetition Rule")
// so a match can measure what the full rules are worth (test: "check-only rules ignore chases").
enum class RuleSet { Wxf, CheckOnly };
enum class Level : int { Undecided = -1, Idle = 0, Chase = 1, Check = 2 };

const char* to_string(Verdict v);
const char* to_string(Level l);
const char* to_string(PlyStatus s);  // "idle", "chase", "check", "cancel", "unknown"

// Fill in the judge data of the root (history[0]); call after setting a position.
void record_root(Position& pos);
// Fill in the judge data after pos.do_move(m) (it takes the move back for a moment to see the
// attacks that stood before it).
void record_move(Position& pos);
// Plays a legal move and records it; cheaper than do_move + record_move. (The search plays
// with play_lazy below and completes the data only where a repetition needs it.)
void play(Position& pos, Move m);

// Finds the earlier occurrence a window starts at without walking the whole history: a long
// game of reversible moves would otherwise make every judge call walk it. The search keeps one
// (search/repfilter.h). earlier() must answer exactly as the walk does for ntimes = 1: the
// latest j < index with h[j].key == h[index].key, two plies apart, and no irreversible entry
// in j+1 .. index; -1 if there is none. A property test compares the two on random games.
class OccurrenceIndex {
 public:
  virtual ~OccurrenceIndex() = default;
  virtual int earlier(const std::vector<StateInfo>& h, int index) const = 0;
};

// What play_lazy records once the move is on the board.
inline void mark_lazy(StateInfo& e) {
  if (e.irreversible) e.judge.status = PlyStatus::Cancel;
  else if (e.in_check) e.judge.status = PlyStatus::Check;  // the move checked: a check is a check, chases or not
  // else: Unknown until complete_chase_data
}
// The search's way to play, one stage lazier than seed 002's: only what costs nothing is
// recorded (Cancel for a capture or pawn advance, Check for a check); a quiet move's chase
// data is left Unknown until a repetition makes it matter. Bench profile: computing chases
// at every node took about 30 % of the search; repetitions are rare. Inline, like the
// search's other calls of every move.
inline void play_lazy(Position& pos, Move m) {
  pos.do_move(m);
  mark_lazy(pos.st());
}
// The same, when the caller already knows whether m gives check (Position::do_move's overload).
inline void play_lazy(Position& pos, Move m, bool gives_check) {
  pos.do_move(m, gives_check);
  mark_lazy(pos.st());
}
// Fills in the chase data play_lazy left out, for the plies from `from` to the end of the
// history: the line is taken back to the first such ply and played again with the judge
// recording, so the position ends as it was. Plies from `from` on must be reversible (a
// repetition window's are), so the line holds no null move to take back.
// Returns how many plies were played again (0: nothing was missing).
int complete_chase_data(Position& pos, int from);

// The ntimes-th earlier occurrence of history[index] reached without an irreversible move in
// between, or -1. The move played from history[index], if any, must be reversible as well:
// a capture or pawn advance ends the repetition (Algorithm 7's first test). `occ`, when
// given, answers each step instead of the walk.
int earlier_occurrence(const std::vector<StateInfo>& h, int index, int ntimes = 1,
                       const OccurrenceIndex* occ = nullptr);

// How one player's repetition window was classified.
struct PlayerWindow {
  Level level = Level::Undecided;
  int occurrence = -1;    // history index of the earlier occurrence (the window starts here)
  int index = -1;         // history index of the position judged (the window ends here)
  SquareSet victims = 0;  // for a perpetual chase: victims chased throughout, as of history[index]
};

// Judges the player to move at history[index] over its moves between the ntimes-th earlier
// occurrence of that position and it.
// `occ`, when given, finds the earlier occurrences (ntimes = 1) instead of the walk.
PlayerWindow judge_player_window(const std::vector<StateInfo>& h, int index, int ntimes = 1,
                                 RuleSet rules = RuleSet::Wxf, const OccurrenceIndex* occ = nullptr);
Level judge_player(const std::vector<StateInfo>& h, int index, int ntimes = 1, RuleSet rules = RuleSet::Wxf,
                   const OccurrenceIndex* occ = nullptr);

struct Ruling {
  Verdict verdict = Verdict::Undecided;
  PlayerWindow last_mover;    // judged at P(n-1)
  PlayerWindow side_to_move;  // judged at P(n-2)
};

Ruling judge_full(const std::vector<StateInfo>& h, int ntimes = 1, RuleSet rules = RuleSet::Wxf,
                  const OccurrenceIndex* occ = nullptr);
Verdict judge_ntimes(const std::vector<StateInfo>& h, int ntimes = 1, RuleSet rules = RuleSet::Wxf,
                     const OccurrenceIndex* occ = nullptr);

// Section 5.2 shortcut. When our own moves are idle and a draw already reaches beta, only test
// whether the opponent's position repeats: the result is then at least a draw (lower_bound).
// Otherwise it is the full judge's verdict.
struct PruneResult {
  Verdict verdict = Verdict::Undecided;
  bool lower_bound = false;  // verdict is "at least this" (Draw means draw or win)
};
PruneResult judge_prune(const std::vector<StateInfo>& h, int draw_score, int beta, RuleSet rules = RuleSet::Wxf,
                        const OccurrenceIndex* occ = nullptr);

// Would judge_player(h, index, ntimes) find a window (is the position a repetition)?
bool is_repetition(const std::vector<StateInfo>& h, int index, int ntimes = 1, const OccurrenceIndex* occ = nullptr);

}  // namespace xq::judge
