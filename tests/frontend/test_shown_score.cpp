// Scores as GUIs see them (frontend/shown_score.h): the search's units times 100 / SCORE_UNIT,
// mates and repetition rulings as they are; UCI and UCCI print the shown score, and
// UCI_ShowWDL's model reads it.
#include <catch2/catch.hpp>

#include <regex>
#include <sstream>

#include "frontend/protocol.h"
#include "frontend/shown_score.h"
#include "nnue/network.h"
#include "protocol_driver.h"
#include "search/score.h"
#include "../temp_dir.h"

using namespace xq;
using xq::frontend::Protocol;
using xq::frontend::SCORE_UNIT;
using xq::frontend::shown_score;
using namespace xq::test;

TEST_CASE("shown score: scaled to 100 per SCORE_UNIT, rounded, symmetric; mates and rulings kept", "[frontend][score]") {
  CHECK(shown_score(0) == 0);
  CHECK(shown_score(SCORE_UNIT) == 100);
  CHECK(shown_score(-SCORE_UNIT) == -100);
  CHECK(shown_score(2 * SCORE_UNIT) == 200);
  CHECK(shown_score(1) == 1);  // 0.61 rounds up
  CHECK(shown_score(2) == 1);  // 1.22 rounds down
  for (int s = -12000; s <= 12000; s += 13) {
    INFO("score " << s);
    CHECK(shown_score(-s) == -shown_score(s));
    CHECK(std::abs(shown_score(s) * SCORE_UNIT - s * 100) <= SCORE_UNIT / 2);
  }
  for (int ply : {0, 1, 7, 60}) {
    INFO("ply " << ply);
    CHECK(shown_score(search::mate_in(ply)) == search::mate_in(ply));
    CHECK(shown_score(search::mated_in(ply)) == search::mated_in(ply));
    CHECK(shown_score(search::rep_win_in(ply)) == search::rep_win_in(ply));
    CHECK(shown_score(search::rep_loss_in(ply)) == search::rep_loss_in(ply));
  }
}

TEST_CASE("shown score: UCI and UCCI print the search's score scaled", "[frontend][score]") {
  // A network worth +700 to the side to move everywhere (its output bias only), on a board with
  // no rook, cannon or horse: every leaf is 700 scaled by the attacking material (none) to 500
  // (eval/material_scale.h), so the search says -500 one ply deep and +500 two plies deep,
  // which GUIs are shown as -305 and +305.
  nnue::Network net = nnue::zero_network();
  net.out_bias.fill(700 * nnue::QA * nnue::QB / nnue::SCALE);
  net.description = "constant +700";
  TempDir dir("shown_score");
  const std::string path = dir.write("constant.nnue", nnue::serialise(net));
  REQUIRE(shown_score(-500) == -305);
  const std::string fen = "2bakab2/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/2BAKAB2 w - - 0 1";

  std::ostringstream out;
  Protocol p(out);
  send(p, out, "uci\n");
  CHECK(has(send(p, out, "setoption name EvalFile value " + path + "\n"), "info string EvalFile: loaded " + path));
  send(p, out, "setoption name Sixty Move Rule value false\n");
  const std::string uci = send(p, out, "position fen " + fen + "\ngo depth 2\n");
  INFO(uci);
  CHECK(std::regex_search(uci, std::regex("info depth 1 [^\n]*score cp -305 ")));
  CHECK(std::regex_search(uci, std::regex("info depth 2 [^\n]*score cp 305 ")));

  std::ostringstream out2;
  Protocol q(out2);
  send(q, out2, "ucci\nsetoption usebook false\nsetoption sixtymoverule false\n");
  CHECK(has(send(q, out2, "setoption evalfile " + path + "\n"), "loaded " + path));
  const std::string ucci = send(q, out2, "position fen " + fen + "\ngo depth 2\n");
  INFO(ucci);
  CHECK(std::regex_search(ucci, std::regex("info depth 1 [^\n]*score -305 ")));
  CHECK(std::regex_search(ucci, std::regex("info depth 2 [^\n]*score 305 ")));
}
