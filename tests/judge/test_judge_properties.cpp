// Properties the WXF judge must have in every position, checked on all diagram cases:
// left-right mirror, colour swap, extra cycles, and judge_prune never contradicting the full judge.
#include <catch2/catch.hpp>

#include "board_transform.h"
#include "../wxf_data.h"

using namespace xq;

namespace {

const std::vector<wxf::Case>& cases() { return test::wxf_data().cases; }

// Replays and judges; a move the engine refuses is reported as the verdict text.
std::string ruling_of(const std::string& fen, const std::vector<std::string>& moves, Position& pos) {
  const std::string err = wxf::replay(pos, fen, moves);
  return err.empty() ? judge::to_string(judge::judge_full(pos.history()).verdict) : "replay failed: " + err;
}

// The latest earlier occurrence of P(n-1), where the last mover's window ends (judge/judge.h,
// "Windows"), found from the keys alone so the test does not lean on the judge it checks: same
// side to move (even distance), no capture or pawn advance in between or in the last move.
// -1 when there is none.
int cycle_start(const std::vector<StateInfo>& h) {
  const int i = int(h.size()) - 2;
  if (i < 0 || h[i + 1].irreversible) return -1;
  for (int j = i - 2; j >= 0; j -= 2) {
    if (h[j + 2].irreversible || h[j + 1].irreversible) return -1;
    if (h[j].key == h[i].key) return j;
  }
  return -1;
}

int rank_of_verdict(judge::Verdict v) {
  return v == judge::Verdict::Loss ? 0 : v == judge::Verdict::Draw ? 1 : v == judge::Verdict::Win ? 2 : -1;
}

// judge_prune's contract (judge/judge.h): equal to the full verdict, or, as a lower bound,
// never above it in Loss < Draw < Win. An undecided full verdict satisfies no lower bound.
bool prune_agrees(judge::PruneResult p, judge::Verdict full) {
  if (!p.lower_bound) return p.verdict == full;
  return rank_of_verdict(full) >= 0 && rank_of_verdict(full) >= rank_of_verdict(p.verdict);
}

}  // namespace

TEST_CASE("board transforms are symmetries of the start position and involutions", "[judge][property]") {
  const std::string start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
  CHECK(test::mirror_fen(start) == start);
  CHECK(test::swap_colours_fen(start) == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b");
  const std::string odd = "3aka3/7R1/7c1/9/9/9/9/9/4A4/3AK1p2 b";
  CHECK(test::mirror_fen(odd) == "3aka3/1R7/1c7/9/9/9/9/9/4A4/2p1KA3 b");
  CHECK(test::swap_colours_fen(test::swap_colours_fen(odd)) == odd);
  CHECK(test::mirror_moves({"h7c7", "a0i9"}) == std::vector<std::string>{"b7g7", "i0a9"});
  CHECK(test::swap_colours_moves({"h7c7", "a0i9"}) == std::vector<std::string>{"b2g2", "i9a0"});
}

TEST_CASE("mirroring a case left to right keeps its ruling", "[judge][property]") {
  for (const auto& c : cases()) {
    Position pos;
    const std::string got = ruling_of(test::mirror_fen(c.fen), test::mirror_moves(c.moves), pos);
    INFO("case " << c.id << " mirrored: " << test::mirror_fen(c.fen) << "\n"
                 << wxf::describe(pos, test::mirror_fen(c.fen)) << "expected " << c.expected << ", got " << got);
    CHECK(got == c.expected);
  }
}

TEST_CASE("swapping colours keeps the ruling from the side to move's view", "[judge][property]") {
  for (const auto& c : cases()) {
    Position pos;
    const std::string fen = test::swap_colours_fen(c.fen);
    const std::string got = ruling_of(fen, test::swap_colours_moves(c.moves), pos);
    INFO("case " << c.id << " colours swapped: " << fen << "\n"
                 << wxf::describe(pos, fen) << "expected " << c.expected << ", got " << got);
    CHECK(got == c.expected);
  }
}

TEST_CASE("running a decided cycle once or twice more keeps the ruling", "[judge][property]") {
  int extended = 0;
  for (const auto& c : cases()) {
    if (c.expected == "undecided") continue;
    Position pos;
    REQUIRE(wxf::replay(pos, c.fen, c.moves).empty());
    const int start = cycle_start(pos.history());
    INFO("case " << c.id << "\n" << wxf::describe(pos, c.fen));
    if (start < 0) {  // a decided ruling needs the last mover's position P(n-1) to have repeated
      FAIL_CHECK("decided case whose position before the last move has no earlier occurrence");
      continue;
    }
    // moves[k] leads to history[k + 1]: the cycle history[start] -> history[n-1] is
    // moves[start .. n-2]. It is run again just before the last move, which stays last (in
    // case 120 the last move leaves the cycle; in the others it starts the next round).
    const std::vector<std::string> cycle(c.moves.begin() + start, c.moves.end() - 1);
    std::vector<std::string> moves = c.moves;
    for (int extra = 1; extra <= 2; ++extra) {
      moves.insert(moves.end() - 1, cycle.begin(), cycle.end());
      const std::string got = ruling_of(c.fen, moves, pos);
      INFO("cycle of " << cycle.size() << " plies run " << extra << " more time(s)\n"
                       << wxf::describe(pos, c.fen) << "expected " << c.expected << ", got " << got);
      CHECK(got == c.expected);
    }
    ++extended;
  }
  CHECK(extended == 171);  // every decided case was extended (173 minus the 2 undecided)
}

TEST_CASE("judge_prune never disagrees with the full judge", "[judge][property]") {
  const int draw_beta[][2] = {{0, -100}, {0, 0}, {0, 100}, {-50, -100}, {-50, 0}, {50, 0}, {50, 100}};
  int checked = 0;
  for (const auto& c : cases()) {
    Position pos;
    REQUIRE(set_fen(pos, c.fen).ok);
    judge::record_root(pos);
    // Every prefix, judged as the search would see it: no reply played yet after the last move.
    for (size_t k = 0; k <= c.moves.size(); ++k) {
      if (k > 0) {
        const MoveResult mr = parse_move(pos, c.moves[k - 1]);
        REQUIRE(mr.ok());
        judge::play(pos, mr.move);
      }
      const judge::Verdict full = judge::judge_full(pos.history()).verdict;
      for (const auto& db : draw_beta) {
        const judge::PruneResult p = judge::judge_prune(pos.history(), db[0], db[1]);
        INFO("case " << c.id << " after " << k << " moves, draw_score " << db[0] << " beta " << db[1] << ": prune "
                     << judge::to_string(p.verdict) << (p.lower_bound ? " (lower bound)" : "") << ", full "
                     << judge::to_string(full));
        CHECK(prune_agrees(p, full));
        ++checked;
      }
    }
  }
  CHECK(checked > 173 * 7 * 5);
}
