// UCI_ShowWDL: the win/draw/loss model of frontend/wdl.h (fitted to our self-play games), and
// the "wdl W D L" words it adds to UCI info lines (never to UCCI's).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <regex>
#include <sstream>

#include "frontend/protocol.h"
#include "frontend/shown_score.h"
#include "frontend/wdl.h"
#include "protocol_driver.h"
#include "search/score.h"

using xq::frontend::Protocol;
using xq::frontend::Wdl;
using xq::frontend::wdl_of;
using namespace xq::test;

namespace {

bool same(const Wdl& a, const Wdl& b) { return a.win == b.win && a.draw == b.draw && a.loss == b.loss; }

}  // namespace

TEST_CASE("wdl: per mille that sum to 1000, monotone in the score, symmetric", "[frontend][wdl]") {
  int checked = 0;
  for (int move : {1, 10, 25, 50, 80, 100, 300}) {
    Wdl prev = wdl_of(-3000, move);
    for (int s = -3000; s <= 3000; s += 7) {
      const Wdl w = wdl_of(s, move);
      INFO("score " << s << " move " << move << ": " << w.win << ' ' << w.draw << ' ' << w.loss);
      CHECK(w.win + w.draw + w.loss == 1000);
      CHECK(w.win >= 0);
      CHECK(w.draw >= 0);
      CHECK(w.loss >= 0);
      CHECK(w.win >= prev.win);    // a better score never wins less often ...
      CHECK(w.loss <= prev.loss);  // ... nor loses more often
      const Wdl m = wdl_of(-s, move);
      CHECK((m.win == w.loss && m.draw == w.draw && m.loss == w.win));
      prev = w;
      ++checked;
    }
  }
  CHECK(checked == 7 * 858);
}

TEST_CASE("wdl: the fitted numbers, the move clamp and decisive scores", "[frontend][wdl]") {
  // From the formula by hand, in shown centipawns (x = move / 50, a = (165 - x) * 100 / 164,
  // b = (126 - 42 x) * 100 / 164: gen17's fit).
  CHECK(same(wdl_of(0, 1), {211, 578, 211}));
  CHECK(same(wdl_of(100, 1), {498, 435, 67}));
  CHECK(same(wdl_of(160, 40), {743, 247, 10}));
  CHECK(same(wdl_of(30, 60), {180, 764, 56}));
  CHECK(same(wdl_of(-75, 10), {80, 508, 412}));
  // The shown unit's definition: 100 at move 32 is the model's midpoint, half the games won;
  // SCORE_UNIT is that midpoint rounded to a whole unit (164.36 -> 164), so within one per mille.
  CHECK(std::abs(wdl_of(100, 32).win - 500) <= 1);
  using xq::frontend::SCORE_UNIT;
  using xq::frontend::WDL_FIT;
  CHECK(std::abs(WDL_FIT.a0 + WDL_FIT.a1 * 32.0 / 50 - SCORE_UNIT) <= 0.5);
  // Later in the game the curve is steeper (gen14's and gen15's fits: b falls with the move): a small
  // advantage is more often a draw, a large one more often a win. Beyond move 100 nothing changes.
  CHECK(wdl_of(50, 80).draw > wdl_of(50, 5).draw);
  CHECK(wdl_of(150, 80).win > wdl_of(150, 5).win);
  CHECK(same(wdl_of(150, 100), wdl_of(150, 400)));
  // Mates are certain; a repetition ruling (about +-19900) comes out certain by the model.
  CHECK(same(wdl_of(xq::search::mate_in(5), 30), {1000, 0, 0}));
  CHECK(same(wdl_of(xq::search::mated_in(4), 30), {0, 0, 1000}));
  CHECK(same(wdl_of(xq::search::rep_win_in(3), 30), {1000, 0, 0}));
  CHECK(same(wdl_of(xq::search::rep_loss_in(6), 30), {0, 0, 1000}));
}

TEST_CASE("wdl: UCI_ShowWDL adds wdl W D L to every UCI info line, and only when on", "[frontend][wdl][uci]") {
  std::ostringstream out;
  Protocol p(out);
  CHECK(has(send(p, out, "uci\n"), "option name UCI_ShowWDL type check default false\n"));
  // Move 30 of a game: the model's move number is FEN field 6 plus the moves played.
  const std::string position = "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 29 moves h2e2 h9g7\n";
  const std::string off = send(p, out, position + "go depth 3\n");
  CHECK(has(off, "info depth 3 "));
  CHECK_FALSE(has(off, "wdl"));

  CHECK(send(p, out, "setoption name UCI_ShowWDL value true\n").empty());
  const std::string on = send(p, out, position + "go depth 3\n");
  INFO(on);
  const std::regex info("info depth (\\d+) [^\n]*score cp (-?\\d+) wdl (\\d+) (\\d+) (\\d+)( lowerbound| upperbound)? nodes [^\n]*\n");
  int lines = 0;
  bool depth3 = false;
  for (std::sregex_iterator it(on.begin(), on.end(), info), end; it != end; ++it, ++lines) {
    const std::smatch& m = *it;
    const int w = std::stoi(m[3]), d = std::stoi(m[4]), l = std::stoi(m[5]);
    CHECK(w + d + l == 1000);
    CHECK(same({w, d, l}, wdl_of(std::stoi(m[2]), 30)));
    depth3 = depth3 || m[1] == "3";
  }
  CHECK(lines == count_of(on, "info depth"));
  CHECK(depth3);

  CHECK(has(send(p, out, "setoption name UCI_ShowWDL value maybe\n"), "bad value 'maybe' for UCI_ShowWDL"));
  CHECK(has(send(p, out, "go depth 2\n"), " wdl "));  // the bad value kept it on
  CHECK(send(p, out, "setoption name UCI_ShowWDL value false\n").empty());
  CHECK_FALSE(has(send(p, out, "go depth 2\n"), "wdl"));
}

TEST_CASE("wdl: a mate score carries 1000 0 0", "[frontend][wdl][uci]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string reply =
      send(p, out, "uci\nsetoption name UCI_ShowWDL value true\nposition fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\ngo depth 3\n");
  INFO(reply);
  CHECK(std::regex_search(reply, std::regex("score mate 1 wdl 1000 0 0 ")));
}

TEST_CASE("wdl: UCCI has no wdl", "[frontend][wdl][ucci]") {
  std::ostringstream out;
  Protocol p(out);
  send(p, out, "ucci\nsetoption usebook false\n");
  CHECK(has(send(p, out, "setoption UCI_ShowWDL true\n"), "unknown option 'UCI_ShowWDL true'"));
  const std::string reply = send(p, out, "position startpos\ngo depth 3\n");
  CHECK(has(reply, "info depth 3 "));
  CHECK_FALSE(has(reply, "wdl"));
}
