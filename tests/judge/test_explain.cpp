// Rulings in plain words (judge/explain.h), checked on WXF diagram cases: the text must name the
// offender, the pieces of a chase and the reason a game is still undecided.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "board_transform.h"
#include "judge/explain.h"
#include "../wxf_data.h"

using namespace xq;
using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using test::wxf_case;

namespace {

// A game replayed through the judge, with its ruling.
struct Ruled {
  Position pos;
  judge::Ruling ruling;
  std::string text, summary;
};

Ruled rule(const std::string& fen, const std::vector<std::string>& moves, int ntimes = 1) {
  Ruled r;
  const std::string err = wxf::replay(r.pos, fen, moves);
  INFO(fen);
  REQUIRE(err.empty());
  r.ruling = judge::judge_full(r.pos.history(), ntimes);
  r.text = judge::explain(r.pos, r.ruling, ntimes);
  r.summary = judge::ruling_summary(r.pos, r.ruling);
  return r;
}

Ruled rule_case(int id) { return rule(wxf_case(id).fen, wxf_case(id).moves); }

}  // namespace

TEST_CASE("explain: a perpetual check loses to a perpetual chase (case 3)", "[judge][explain]") {
  const Ruled r = rule_case(3);
  INFO(r.text);
  CHECK_THAT(r.text, Contains("Red's moves 3, 5 (h9h8, h8h9) each gave check: perpetual check."));
  CHECK_THAT(r.text, Contains("the black cannon on a9 chased the red rook on h9 on move 2"));
  CHECK_THAT(r.text, EndsWith("Perpetual check is the greater offence: Red loses."));
  CHECK(r.summary == "Red loses by perpetual check");
  CHECK(judge::window_player(r.pos, r.ruling.last_mover) == RED);
  CHECK(judge::window_player(r.pos, r.ruling.side_to_move) == BLACK);
}

TEST_CASE("explain: the same perpetual check with colours swapped names Black", "[judge][explain]") {
  const wxf::Case& c = wxf_case(3);
  const Ruled r = rule(test::swap_colours_fen(c.fen), test::swap_colours_moves(c.moves));
  INFO(r.text);
  CHECK_THAT(r.text, Contains("Black's moves 3, 5 (") && Contains(") each gave check: perpetual check."));
  CHECK_THAT(r.text, EndsWith("Black loses."));
  CHECK(r.summary == "Black loses by perpetual check");
  CHECK(judge::window_player(r.pos, r.ruling.last_mover) == BLACK);
}

TEST_CASE("explain: a rook chasing a cannon names both pieces (case 50, diagram 34)", "[judge][explain]") {
  const Ruled r = rule_case(50);
  INFO(r.text);
  CHECK_THAT(r.text, Contains("the red rook on c8 chased the black cannon on c7 on move 2; "
                              "the red rook on h8 chased the black cannon on h7 on move 4"));
  CHECK_THAT(r.text, Contains("The black cannon on c7 was chased on every one of these moves"));
  CHECK_THAT(r.text, Contains("Black's moves 1, 3 (h7c7, c7h7) were idle: neither check nor chase."));
  CHECK_THAT(r.text, EndsWith("Perpetual chase is the greater offence: Red loses."));
  CHECK(r.summary == "Red loses by perpetual chase");
}

TEST_CASE("explain: an unanswered threat is still a chase (case 34)", "[judge][explain]") {
  const Ruled r = rule_case(34);
  INFO(r.text);
  CHECK_THAT(r.text, Contains("the red horse on d4 chased the black rook on c2 on move 5"));
  CHECK_THAT(r.text, Contains("Black's move 6 (g2g1) left the threat unanswered, which does not undo a chase."));
  CHECK(r.summary == "Red loses by perpetual chase");
}

TEST_CASE("explain: Black's perpetual chase against idle Red (case 61)", "[judge][explain]") {
  const Ruled r = rule_case(61);
  INFO(r.text);
  CHECK_THAT(r.text, Contains("Black repeated the position"));
  CHECK_THAT(r.text, Contains("the black horse on h5 chased the red rook on f6 on move 2"));
  CHECK_THAT(r.text, Contains("so Red's moves count as idle"));
  CHECK(r.summary == "Black loses by perpetual chase");
  CHECK(judge::window_player(r.pos, r.ruling.last_mover) == BLACK);
}

TEST_CASE("explain: equal offences draw", "[judge][explain]") {
  const Ruled checks = rule_case(10), chases = rule_case(69), idle = rule_case(14);
  CHECK_THAT(checks.text, EndsWith("Both sides' moves are of the same class (perpetual check): a draw."));
  CHECK(checks.summary == "draw by repetition (both checking)");
  CHECK_THAT(chases.text, EndsWith("(perpetual chase): a draw."));
  CHECK(chases.summary == "draw by repetition (both chasing)");
  CHECK_THAT(idle.text, EndsWith("(idle play): a draw."));
  CHECK(idle.summary == "draw by repetition (both idle)");
}

TEST_CASE("explain: a cycle the last move left is still ruled (case 120)", "[judge][explain]") {
  const Ruled r = rule_case(120);
  INFO(r.text);
  CHECK_THAT(r.text, Contains("The position after move 14 already occurred after move 2; "
                              "the last move (h5h7) left the cycle, which is still ruled."));
  CHECK(r.summary == "Red loses by perpetual chase");
}

TEST_CASE("explain: why a game is undecided", "[judge][explain]") {
  const wxf::Case& c = wxf_case(3);
  SECTION("no moves") {
    const Ruled r = rule(c.fen, {});
    CHECK(r.text == "No moves were played: nothing can have repeated yet.");
    CHECK(r.summary.empty());
  }
  SECTION("the position has not occurred before") {
    const Ruled r = rule(c.fen, {c.moves.begin(), c.moves.begin() + 3});
    CHECK(r.ruling.verdict == judge::Verdict::Undecided);
    // Red moved last, so Red is judged first, at the position after move 2 where it was to move.
    CHECK(r.text == "No repetition to rule on yet: the position after move 2 (Red to move) has not occurred before "
                    "since the last capture or pawn advance.");
    CHECK(r.summary.empty());
  }
  SECTION("ntimes asks for more occurrences than there are") {
    const Ruled r = rule(c.fen, c.moves, 2);
    CHECK(r.ruling.verdict == judge::Verdict::Undecided);
    CHECK_THAT(r.text, Contains("has not occurred before 2 times"));
  }
  SECTION("a pawn advance ends any repetition") {
    const Ruled r = rule("4ka3/4a4/4b4/p7p/9/4C4/4P4/4B4/3K5/3Ac1B2 w", {"e4e5", "a6a5"});
    CHECK(r.text == "No repetition to rule on yet: move 2 (a6a5) was a capture or a pawn advance, which ends any repetition.");
    CHECK(r.summary.empty());
  }
}

TEST_CASE("explain and ruling_summary agree with the ruling on every WXF case", "[judge][explain][wxf]") {
  int checked = 0;
  for (const auto& c : test::wxf_data().cases) {
    const Ruled r = rule(c.fen, c.moves);
    INFO("case " << c.id << ": " << r.text << " | " << r.summary);
    const Color stm = r.pos.side_to_move();
    switch (r.ruling.verdict) {
      case judge::Verdict::Win:
      case judge::Verdict::Loss: {
        const std::string loser = r.ruling.verdict == judge::Verdict::Win ? (stm == RED ? "Black" : "Red")
                                                                          : (stm == RED ? "Red" : "Black");
        CHECK_THAT(r.text, EndsWith(loser + " loses."));
        CHECK(r.summary.rfind(loser + " loses by perpetual ", 0) == 0);
        break;
      }
      case judge::Verdict::Draw:
        CHECK_THAT(r.text, EndsWith("a draw."));
        CHECK(r.summary.rfind("draw by repetition (both ", 0) == 0);
        break;
      default:
        CHECK_THAT(r.text, Contains("yet"));
        CHECK(r.summary.empty());
    }
    ++checked;
  }
  CHECK(checked == int(test::wxf_data().cases.size()));
  CHECK(checked >= 173);
}
