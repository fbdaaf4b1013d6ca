// A whole game ruled move by move, for arbiters and sites judging a record: where a repetition
// ruling applied (the cycle, each side's class, what was chased, who had to vary or that the
// position is a draw), whether the game went on past it, and how the game ended under the
// rules. Pure: a start position and legal moves in, a review out.
#pragma once

#include <string>
#include <vector>

#include "engine/position.h"
#include "judge/judge.h"

namespace xq::judge {

// One move inside a ruled cycle.
struct CycleMove {
  int ply = 0;  // 1 = the first move of the game
  Move move = MOVE_NONE;
  Color mover = RED;
  PlyStatus status = PlyStatus::Unknown;  // Idle, Chase, Check (Cancel cannot be in a cycle)
  std::vector<Square> chased;    // victims this move chased
  std::vector<Square> chasing;   // the mover's pieces attacking them after the move
};

// A window of one player's moves over the cycle and how the judge classed it.
struct WindowReview {
  Color player = RED;
  Level level = Level::Undecided;
  std::vector<int> plies;  // the player's moves in the window
  std::vector<Square> victims;  // for a perpetual chase: chased throughout
};

// The first ply at which a decided repetition ruling applied, and what followed.
struct RulingPoint {
  int ply = 0;                 // the position after this move is the ruled one
  Verdict verdict = Verdict::Undecided;  // for the side to move there
  Color side_to_move = RED;
  bool draw = false;
  Color offender = RED;        // the side that must vary (loses if it does not); meaningless for a draw
  int cycle_from = 0, cycle_to = 0;  // plies of the cycle: moves cycle_from..cycle_to
  std::vector<WindowReview> windows;
  std::vector<CycleMove> moves;  // cycle_from..cycle_to
  std::string explanation;     // judge/explain.h's words
  int last_ruled_ply = 0;      // the repetition stood, ruled the same way, through this ply
  bool game_went_on = false;   // moves were played after `last_ruled_ply`
};

enum class EndReason { None, Mate, Repetition, NaturalLimit };

// How the position at the end of the game stands under the rules.
struct GameEnd {
  Verdict verdict = Verdict::Undecided;  // for the side to move at the end
  EndReason reason = EndReason::None;
  std::string explanation;
  // The result in PGN terms: "1-0", "0-1", "1/2-1/2", or "" when the rules do not decide.
  std::string result;
};

struct GameReview {
  std::vector<RulingPoint> rulings;
  GameEnd end;
};

// Replays `moves` (legal from `pos`, which is set to the start and left at the end) through the
// judge. ntimes: earlier occurrences a repetition needs (the arbiter's count is 2: the third
// occurrence, ARBITER_OCCURRENCES).
GameReview review_game(Position& pos, const std::vector<Move>& moves, int ntimes = ARBITER_OCCURRENCES - 1);

// The game's end under the rules at pos: a side without a legal move has lost; a decided
// repetition; the natural move limit.
GameEnd game_end(Position& pos, int ntimes = ARBITER_OCCURRENCES - 1);

// "agrees", "contradicts" or "undecided" (the rules do not decide the game, or no result was
// recorded): the recorded result ("1-0", "0-1", "1/2-1/2") against the rules' one.
const char* result_agreement(const std::string& recorded, const GameEnd& end);

}  // namespace xq::judge
