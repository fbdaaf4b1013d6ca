// Whole games ruled from records (judge/game_review.h over records/): a constructed perpetual
// check, and the 173 WXF diagram cases written as PGN in each notation, read back and ruled as
// the JSON path rules them.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "judge/game_review.h"
#include "records/move_text.h"
#include "records/pgn.h"
#include "../wxf_data.h"

using namespace xq;

namespace {

std::vector<Move> iccs_moves(const std::string& fen, const std::vector<std::string>& texts) {
  Position pos;
  REQUIRE(set_fen(pos, fen).ok);
  std::vector<Move> out;
  for (const auto& t : texts) {
    const MoveResult mr = parse_move(pos, t);
    REQUIRE(mr.ok());
    out.push_back(mr.move);
    pos.do_move(mr.move);
  }
  return out;
}

judge::GameReview review(const std::string& fen, const std::vector<Move>& moves, int ntimes) {
  Position pos;
  REQUIRE(set_fen(pos, fen).ok);
  return judge::review_game(pos, moves, ntimes);
}

// A PGN game of the moves in `n`, with the FEN tag and move numbers.
std::string pgn_text(const std::string& fen, const std::vector<Move>& moves, records::Notation n) {
  Position pos;
  REQUIRE(set_fen(pos, fen).ok);
  std::string text = "[Game \"Chinese Chess\"]\n[FEN \"" + fen + "\"]\n\n";
  for (const Move m : moves) {
    if (pos.side_to_move() == RED) text += std::to_string(pos.fullmove_number()) + ". ";
    else if (&m == &moves.front()) text += std::to_string(pos.fullmove_number()) + "... ";
    text += records::write_move(pos, m, n) + " ";
    pos.do_move(m);
  }
  return text + "*\n";
}

}  // namespace

TEST_CASE("a perpetual check in a game: where it was ruled, who must vary, and the end", "[records][review]") {
  const std::string fen = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w";
  const std::vector<std::string> cycle = {"h8h9", "f9f8", "h9h8", "f8f9"};
  std::vector<std::string> texts;
  for (int k = 0; k < 3; ++k) texts.insert(texts.end(), cycle.begin(), cycle.end());
  texts.push_back("h8h9");
  SECTION("the game ends in the repetition") {
    const judge::GameReview r = review(fen, iccs_moves(fen, texts), 2);
    REQUIRE(r.rulings.size() == 1);
    const judge::RulingPoint& p = r.rulings[0];
    // Ply 10 (f9f8 for the third time): the first position at which both players' windows
    // span two earlier occurrences (Red's from P0, Black's from P1).
    CHECK(p.ply == 10);
    CHECK(!p.draw);
    CHECK(p.offender == RED);
    CHECK(!p.game_went_on);
    CHECK(p.last_ruled_ply == 13);
    REQUIRE(!p.windows.empty());
    bool red_checks = false;
    for (const auto& w : p.windows) red_checks |= w.player == RED && w.level == judge::Level::Check;
    CHECK(red_checks);
    CHECK(p.moves.front().ply == p.cycle_from);
    CHECK(p.moves.back().ply == p.cycle_to);
    CHECK(r.end.reason == judge::EndReason::Repetition);
    CHECK(r.end.result == "0-1");
    CHECK(std::string(judge::result_agreement("0-1", r.end)) == "agrees");
    CHECK(std::string(judge::result_agreement("1-0", r.end)) == "contradicts");
    CHECK(std::string(judge::result_agreement("", r.end)) == "undecided");
  }
  SECTION("Red varies: the game goes on and the end is not ruled") {
    std::vector<std::string> varied(texts.begin(), texts.begin() + 10);  // up to the ruled ply
    // Red leaves the check cycle. The judge still rules the cycle while it ends within the
    // last two positions (case 120), so the game goes on a few moves more.
    for (const char* m : {"h9i9", "a9b9", "e1e0", "b9a9"}) varied.push_back(m);
    const judge::GameReview r = review(fen, iccs_moves(fen, varied), 2);
    REQUIRE(r.rulings.size() == 1);
    CHECK(r.rulings[0].game_went_on);
    CHECK(r.rulings[0].last_ruled_ply < 14);
    CHECK(r.end.result.empty());
    CHECK(std::string(judge::result_agreement("1-0", r.end)) == "undecided");
  }
}

TEST_CASE("no legal move ends the game under the rules", "[records][review]") {
  // Two rooks: a8 holds rank 8, b7-b9 checks along rank 9.
  const std::string fen = "4k4/R8/1R7/9/9/9/9/9/9/3K5 w";
  const judge::GameReview r = review(fen, iccs_moves(fen, {"b7b9"}), 2);
  CHECK(r.end.reason == judge::EndReason::Mate);
  CHECK(r.end.result == "1-0");
}

TEST_CASE("the WXF cases written as PGN in each notation are ruled as the JSON path rules them", "[records][review][wxf]") {
  const wxf::Data& data = test::wxf_data();
  REQUIRE(data.cases.size() == 173);
  for (const records::Notation n : {records::Notation::Iccs, records::Notation::Wxf, records::Notation::Chinese}) {
    int agreed = 0;
    for (const wxf::Case& c : data.cases) {
      const std::vector<Move> moves = iccs_moves(c.fen, c.moves);
      const std::string text = pgn_text(c.fen, moves, n);
      const records::RecordFile f = records::read_pgn(text);
      INFO("case " << c.id << " in " << records::to_string(n) << ":\n" << text);
      REQUIRE(f.games.size() == 1);
      REQUIRE(f.games[0].error.empty());
      REQUIRE(f.games[0].moves == moves);
      Position pos;
      REQUIRE(set_fen(pos, f.games[0].start_fen).ok);
      const judge::GameReview r = judge::review_game(pos, f.games[0].moves, 1);
      // The JSON path: judge_full on the final history, ntimes 1.
      const char* json_path = judge::to_string(judge::judge_full(pos.history(), 1).verdict);
      CHECK(json_path == c.expected);
      if (r.end.reason == judge::EndReason::Repetition) CHECK(judge::to_string(r.end.verdict) == c.expected);
      if (c.expected != "undecided" && has_legal_move(pos)) CHECK(r.end.reason == judge::EndReason::Repetition);
      agreed += json_path == c.expected;
    }
    CHECK(agreed == 173);
  }
}
