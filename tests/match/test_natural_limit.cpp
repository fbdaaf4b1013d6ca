// xqmatch's arbiter and the natural move limit (-natural N): play_game between two scripted
// in-process players draws exactly when judge::natural_limit says so, counting from the
// opening FEN's halfmove clock, and a mate on the limit's last move still wins.
#include <catch2/catch.hpp>

#include <atomic>
#include <string>
#include <vector>

#include "tools/match/game.h"

using namespace xq::match;

namespace {

// Plays its moves in order, then resigns. No process, no clock.
class ScriptedPlayer : public Player {
 public:
  explicit ScriptedPlayer(std::vector<std::string> moves) : Player(EngineConfig{}), moves_(std::move(moves)) {}
  bool new_game(const std::string&) override {
    next_ = 0;
    return true;
  }
  TurnReply think(const TurnRequest&) override {
    TurnReply r;
    r.status = next_ < moves_.size() ? TurnReply::Moved : TurnReply::Resigned;
    if (r.status == TurnReply::Moved) r.move = moves_[next_++];
    return r;
  }
  bool settle(std::int64_t) override { return true; }

 protected:
  bool handshake(std::string&) override { return true; }

 private:
  std::vector<std::string> moves_;
  size_t next_ = 0;
};

// Red's rook and Black's king step back and forth without capturing; three moves each, so
// no position occurs a third time (the default -repetitions 3 stays silent).
const std::vector<std::string> RED_SHUFFLE = {"a0a1", "a1a0", "a0a1"};
const std::vector<std::string> BLACK_SHUFFLE = {"d9d8", "d8d9", "d9d8"};
const std::string SHUFFLE = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - ";

GameRecord play(const std::string& fen, int natural_moves, std::vector<std::string> red = RED_SHUFFLE,
                std::vector<std::string> black = BLACK_SHUFFLE) {
  ScriptedPlayer r(std::move(red)), b(std::move(black));
  GameRules rules;
  rules.natural_moves = natural_moves;
  const std::atomic<bool> abort{false};
  return play_game(r, b, Opening{fen, {}}, rules, abort);
}

}  // namespace

TEST_CASE("xqmatch natural limit: drawn on the ply that reaches 120, counted from the FEN", "[match][natural]") {
  const GameRecord at_4 = play(SHUFFLE + "116 40", 60);
  CHECK(at_4.result == "1/2-1/2");
  CHECK(at_4.reason == "Draw by 60-move rule");
  CHECK(at_4.moves.size() == 4);  // 116 + 4 = 120: not a ply earlier
  CHECK_THAT(at_4.explanation, Catch::Contains("the FEN's halfmove clock of 116, then 4 plies"));
  CHECK(play(SHUFFLE + "115 40", 60).moves.size() == 5);
}

// Issue 24: the PGN comment under "40. a0a1 d9d8 41. a1a0 ..." names the capture as the PGN
// numbers it, not as the game's first move ("move 1").
TEST_CASE("xqmatch natural limit: the explanation counts in the PGN's move numbers", "[match][natural]") {
  const GameRecord g = play("3k5/9/9/9/9/9/9/9/p8/R3K4 w - - 0 40", 2, {"a0a1", "a1a0", "a0a1"}, {"d9d8", "d8d9"});
  CHECK(g.result == "1/2-1/2");
  CHECK(g.moves.size() == 5);
  CHECK_THAT(g.explanation, Catch::StartsWith("The last capture was 40. a0a1, 4 plies ago;"));
}

TEST_CASE("xqmatch natural limit: -natural N counts N moves by each side, 0 turns it off", "[match][natural]") {
  const GameRecord three = play(SHUFFLE + "0 1", 3);
  CHECK(three.result == "1/2-1/2");
  CHECK(three.reason == "Draw by 3-move rule");
  CHECK(three.moves.size() == 6);
  // Off: far past any limit, the game goes on until Red's script runs out and it resigns.
  const GameRecord off = play(SHUFFLE + "500 1", 0);
  CHECK(off.result == "0-1");
  CHECK(off.moves.size() == 6);
}

TEST_CASE("xqmatch natural limit: a mate on the move that reaches the limit wins", "[match][natural]") {
  const std::string mate_in_one = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 119 80";
  const GameRecord mate = play(mate_in_one, 60, {"b0b9"}, {});
  CHECK(mate.result == "1-0");
  CHECK(mate.reason == "Red mates");
  const GameRecord quiet = play(mate_in_one, 60, {"e0f0"}, {});
  CHECK(quiet.result == "1/2-1/2");
  CHECK(quiet.reason == "Draw by 60-move rule");
}
