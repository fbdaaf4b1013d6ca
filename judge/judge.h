// The WXF repetition judge (seed 002, Algorithms 7, 8 and 10) over the position's state stack.
//
// Per ply i (the move that led to history[i]) the judge records:
//   status   Check if the move gave check, Cancel if it captured or advanced a pawn,
//            Chase if it threatened victims the reply had to save, else Idle;
//   threats  the victims the mover could take for free right after the move;
//   chased   those of them the opponent's reply saved (known once the reply is played).
// record_move() keeps this up to date incrementally: its cost does not grow with game length.
#pragma once

#include <vector>

#include "engine/position.h"

namespace xq::judge {

enum class Verdict { Undecided, Win, Loss, Draw };  // from the side to move's point of view
enum class Level : int { Undecided = -1, Idle = 0, Chase = 1, Check = 2 };

const char* to_string(Verdict v);
const char* to_string(Level l);

// Fill in the judge data of the root (history[0]); call after setting a position.
void record_root(Position& pos);
// Fill in the judge data after pos.do_move(m): the new ply's status and threats, and the
// previous ply's chased set (this move is its reply).
void record_move(Position& pos);
// Plays a move and records it.
void play(Position& pos, Move m);

// How one player's repetition window was classified.
struct PlayerWindow {
  Level level = Level::Undecided;
  int occurrence = -1;      // index of the earlier occurrence the window starts from
  int index = -1;           // index of the position judged (the window ends here)
  SquareSet victims = 0;    // for a perpetual chase: the victims chased throughout, as of `index`
};

// Judges the player who made the move leading to history[index]: finds the ntimes-th earlier
// occurrence of that position (same side to move, after the last irreversible move) and
// classifies the player's moves in between.
PlayerWindow judge_player_window(const std::vector<StateInfo>& h, int index, int ntimes = 1);
Level judge_player(const std::vector<StateInfo>& h, int index, int ntimes = 1);

struct Ruling {
  Verdict verdict = Verdict::Undecided;
  PlayerWindow last_mover;     // judged on the final position
  PlayerWindow side_to_move;   // judged on the position before it
};

Ruling judge_full(const std::vector<StateInfo>& h, int ntimes = 1);
Verdict judge_ntimes(const std::vector<StateInfo>& h, int ntimes = 1);

// Section 5.2 shortcut. When our own moves are idle and a draw already reaches beta, only test
// whether the position repeats: then the result is at least a draw (lower_bound is true).
// Otherwise it is the full judge's verdict.
struct PruneResult {
  Verdict verdict = Verdict::Undecided;
  bool lower_bound = false;  // verdict is "at least this" (Draw means draw or win)
};
PruneResult judge_prune(const std::vector<StateInfo>& h, int draw_score, int beta);

// Does history[index] have an earlier occurrence since the last irreversible move?
bool is_repetition(const std::vector<StateInfo>& h, int index, int ntimes = 1);

}  // namespace xq::judge
