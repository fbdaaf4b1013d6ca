// The arbiter: plays one game between two players and decides it. The runner owns the
// authoritative position; engines only propose moves. It rules
//   - an illegal, malformed or missing move, a crash, a hang or garbage: a loss for that engine;
//   - no legal move for the side to move (mate and stalemate alike): a loss for it;
//   - a flag fall (beyond the engine's margin): a loss;
//   - repetitions by the WXF judge (xq_judge) at the configured occurrence count, with its
//     explanation kept for the PGN;
//   - the natural move limit (60 moves by each side without a capture, configurable; ruled by
//     judge::natural_limit, counted from the opening FEN's halfmove clock) and -maxmoves: draws;
//   - adjudication by score agreement (-draw, -resign).
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "judge/judge.h"
#include "player.h"

namespace xq::match {

struct DrawAdjudication {
  int movenumber = 0;  // not before this full-move number
  int movecount = 0;   // 0: off. Consecutive moves (each side) with both scores within ±score
  int score = 0;
};
struct ResignAdjudication {
  int movecount = 0;   // 0: off. Consecutive moves of the loser at or below -score
  int score = 0;
  bool twosided = false;  // the winner's score must agree (at or above +score)
};

struct GameRules {
  int repetitions = judge::ARBITER_OCCURRENCES;  // occurrence of a position at which the judge rules
  int natural_moves = 60;  // moves by each side without a capture before a draw; 0: off
  int maxmoves = 0;        // full moves before a draw; 0: off
  DrawAdjudication draw;
  ResignAdjudication resign;
};

struct Opening {
  std::string fen;                 // empty: the standard start position
  std::vector<std::string> moves;  // ICCS, played before the engines take over
};

struct GameRecord {
  std::string start_fen;               // as in the Opening
  std::vector<std::string> moves;      // every move, the opening's included
  std::vector<std::string> comments;   // one per move ("book", "+0.35/12 0.52s")
  std::string result = "*";            // "1-0", "0-1", "1/2-1/2", "*"
  std::string reason;                  // cutechess style: "Red mates", "Black loses on time"
  std::string termination = "unterminated";  // PGN Termination tag
  std::string explanation;             // the judge's words for a repetition or natural-limit ruling
  bool engine_failed[2] = {false, false};  // [RED, BLACK]: crashed, hung or stopped answering
  bool aborted = false;                // interrupted (Ctrl-C, SPRT decided): not counted
};

// Plays from `opening`; red and black must be started. `abort` ends the game at once as "*".
GameRecord play_game(Player& red, Player& black, const Opening& opening, const GameRules& rules,
                     const std::atomic<bool>& abort);

}  // namespace xq::match
