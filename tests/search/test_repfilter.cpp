// The repetition pre-filter may only skip judge calls that would rule nothing. Random games
// that shuffle pieces back and forth (so cycles of checks, chases and idle moves arise), with
// an occasional capture or pawn move that resets the windows: wherever the filter says "no
// repetition possible", judge_prune must be undecided, for both rule sets and both sides of
// beta. The test also counts that the judge did rule somewhere, so it cannot pass vacuously.
#include <catch2/catch.hpp>
#include <random>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "judge/judge.h"
#include "search/repfilter.h"

using namespace xq;

namespace {

// A random legal move: mostly one that undoes the mover's move two plies back (so positions
// recur), sometimes any legal move.
Move pick(Position& pos, std::mt19937& rng) {
  const MoveList legal = legal_moves(pos);
  if (legal.empty()) return MOVE_NONE;
  const auto& h = pos.history();
  if (h.size() >= 3 && rng() % 4 != 0) {
    const Move back = h[h.size() - 2].move;
    const Move undo = make_move(to_sq(back), from_sq(back));
    for (Move m : legal)
      if (m == undo) return m;
  }
  if (rng() % 3 != 0) {  // prefer reversible moves: long windows
    MoveList quiet;
    for (Move m : legal)
      if (!pos.is_capture(m) && !pos.is_pawn_advance(m)) quiet.push(m);
    if (!quiet.empty()) return quiet[int(rng() % quiet.size())];
  }
  return legal[int(rng() % legal.size())];
}

// A random game of fewer than `max_plies` moves from the start (mostly shuffles), recorded by
// the judge: the game before a search's root.
Position random_game(std::mt19937& rng, unsigned max_plies) {
  Position pos;
  judge::record_root(pos);
  for (int ply = 0, target = int(rng() % max_plies); ply < target; ++ply) {
    const Move m = pick(pos, rng);
    if (m == MOVE_NONE) break;
    judge::play(pos, m);
  }
  return pos;
}

}  // namespace

TEST_CASE("repetition filter: a skipped judge call never had a ruling to give", "[search][judge][repfilter]") {
  std::mt19937 rng(20261122);
  int skipped = 0, asked = 0, ruled = 0;
  for (int game = 0; game < 150; ++game) {
    Position pos = random_game(rng, 30);  // the game before the root
    search::RepetitionFilter filter;
    filter.reset(pos.history());
    for (int ply = 0; ply < 80; ++ply) {
      const Move m = pick(pos, rng);
      if (m == MOVE_NONE) break;
      judge::play(pos, m);
      filter.add(pos.key());
      const auto& h = pos.history();
      if (h.size() < 3) continue;
      const bool may = filter.may_repeat(h[h.size() - 3].key);
      for (judge::RuleSet rules : {judge::RuleSet::Wxf, judge::RuleSet::CheckOnly})
        for (int beta : {-1, 1}) {
          const judge::PruneResult r = judge::judge_prune(h, 0, beta, rules);
          if (!may) {
            ++skipped;
            CHECK(r.verdict == judge::Verdict::Undecided);
          } else {
            ++asked;
            ruled += r.verdict != judge::Verdict::Undecided;
          }
        }
      if (judge::judge_ntimes(h, 2) != judge::Verdict::Undecided) break;  // the game would be over
    }
  }
  INFO("skipped " << skipped << ", asked " << asked << ", ruled " << ruled);
  CHECK(skipped > 1000);
  CHECK(ruled > 100);
}

TEST_CASE("repetition filter: counts follow add and remove, and reset starts at the last irreversible move",
          "[search][repfilter]") {
  Position pos;
  judge::record_root(pos);
  search::RepetitionFilter filter;
  filter.reset(pos.history());
  const Key root = pos.key();
  CHECK_FALSE(filter.may_repeat(root));
  filter.add(root);
  CHECK(filter.may_repeat(root));
  filter.remove(root);
  CHECK_FALSE(filter.may_repeat(root));

  // Horses out and back: the start position comes again. Then a pawn advance makes every
  // earlier position unreachable.
  for (const char* text : {"h0g2", "h9g7", "g2h0", "g7h9"}) {
    const MoveResult mr = parse_move(pos, text);
    REQUIRE(mr.ok());
    judge::play(pos, mr.move);
  }
  filter.reset(pos.history());
  CHECK(filter.may_repeat(root));  // the start position stands twice in the line
  MoveList legal = legal_moves(pos);
  Move pawn = MOVE_NONE;
  for (Move m : legal)
    if (pos.is_pawn_advance(m)) pawn = m;
  REQUIRE(pawn != MOVE_NONE);
  judge::play(pos, pawn);
  filter.reset(pos.history());
  CHECK_FALSE(filter.may_repeat(root));
}

// The filter is also the judge's occurrence index: with it, a judge call must find the same
// earlier occurrence as the judge's own walk, for every position of the line (before and after
// the root), and every ruling must stay the same. Random shuffle games, the root anywhere.
TEST_CASE("repetition filter: as the judge's occurrence index it finds what the walk finds",
          "[search][judge][repfilter]") {
  std::mt19937 rng(7031);
  int found = 0, compared = 0, ruled = 0, found_deeper = 0;
  for (int game = 0; game < 150; ++game) {
    Position pos = random_game(rng, 120);  // the game before the root
    search::RepetitionFilter filter;
    filter.reset(pos.history());
    for (int ply = 0; ply < 40; ++ply) {  // the search's line
      const Move m = pick(pos, rng);
      if (m == MOVE_NONE) break;
      judge::play(pos, m);
      filter.add(pos.key());
      const auto& h = pos.history();
      for (int index = 0; index < int(h.size()); ++index) {
        const int walked = judge::judge_player_window(h, index).occurrence;
        const int indexed = judge::judge_player_window(h, index, 1, judge::RuleSet::Wxf, &filter).occurrence;
        CHECK(walked == indexed);
        ++compared;
        found += walked >= 0;
        // The arbiter's count (issue 25): the second and third earlier occurrences, found by
        // chaining the index, are the walk's too.
        for (int ntimes : {2, 3}) {
          const int walked_n = judge::earlier_occurrence(h, index, ntimes);
          CHECK(walked_n == judge::earlier_occurrence(h, index, ntimes, &filter));
          found_deeper += walked_n >= 0;
        }
      }
      for (int beta : {-1, 1}) {
        const judge::PruneResult a = judge::judge_prune(h, 0, beta);
        const judge::PruneResult b = judge::judge_prune(h, 0, beta, judge::RuleSet::Wxf, &filter);
        CHECK(a.verdict == b.verdict);
        CHECK(a.lower_bound == b.lower_bound);
        ruled += a.verdict != judge::Verdict::Undecided;
      }
    }
  }
  INFO("compared " << compared << ", found " << found << ", ruled " << ruled << ", deeper " << found_deeper);
  CHECK(found > 1000);
  CHECK(found_deeper > 500);
  CHECK(ruled > 100);
}

// A GUI may send a game of 100,000 shuffling moves. The filter's counts are capped so they
// cannot overflow, and the index still answers for a position first seen at the game's start.
TEST_CASE("repetition filter: a game of 100,000 reversible moves", "[search][repfilter]") {
  Position pos;
  judge::record_root(pos);
  const char* cycle[] = {"h0g2", "h9g7", "g2h0", "g7h9"};
  for (int i = 0; i < 100000; ++i) {
    const MoveResult mr = parse_move(pos, cycle[i % 4]);
    REQUIRE(mr.ok());
    pos.do_move(mr.move);  // no judge data needed: only keys and irreversibility are read
  }
  search::RepetitionFilter filter;
  filter.reset(pos.history());
  const auto& h = pos.history();
  const int n = int(h.size()) - 1;
  CHECK(filter.may_repeat(pos.key()));
  CHECK(filter.earlier(h, n) == n - 4);
  CHECK(filter.earlier(h, 4) == 0);
  CHECK(filter.earlier(h, 0) == -1);
  CHECK(filter.earlier(h, 3) == -1);  // h[3] first stood there
}

// The search plays with judge::play_lazy (chase data left out) and fills the data in only
// when a repetition needs it (judge::complete_chase_data). Random shuffle games, played both
// ways: once filled in, every ply's data equals what judge::play recorded, the position is
// unchanged by the replay, and judge_prune rules alike — after completing only the windows'
// plies, exactly as Searcher::repetition_score does.
TEST_CASE("lazy chase data: filled in on demand, it equals the recorded data and rules alike",
          "[search][judge][repfilter]") {
  std::mt19937 rng(424242);
  int ruled = 0, replayed = 0, checks = 0, compared = 0;
  for (int game = 0; game < 150; ++game) {
    Position full = random_game(rng, 40);  // the game before the root
    Position lazy = full;
    search::RepetitionFilter filter;
    filter.reset(lazy.history());
    for (int ply = 0; ply < 60; ++ply) {  // the search's line
      const Move m = pick(full, rng);
      if (m == MOVE_NONE) break;
      judge::play(full, m);
      judge::play_lazy(lazy, m);
      filter.add(lazy.key());
      const auto& h = lazy.history();
      const int n = int(h.size()) - 1;
      if (n < 2) continue;
      const int ours = h[n - 1].irreversible ? -1 : filter.earlier(h, n - 2);
      const int theirs = h[n].irreversible ? -1 : filter.earlier(h, n - 1);
      for (int beta : {-1, 1}) {
        const judge::PruneResult expected = judge::judge_prune(full.history(), 0, beta);
        if (ours < 0 || theirs < 0) {  // the search skips the judge: it must have nothing to say
          CHECK(expected.verdict == judge::Verdict::Undecided);
          continue;
        }
        const Key key = lazy.key();
        replayed += judge::complete_chase_data(lazy, std::min(ours, theirs) + 1);
        CHECK(lazy.key() == key);
        CHECK(to_fen(lazy) == to_fen(full));
        const judge::PruneResult got = judge::judge_prune(h, 0, beta, judge::RuleSet::Wxf, &filter);
        CHECK(got.verdict == expected.verdict);
        CHECK(got.lower_bound == expected.lower_bound);
        ruled += got.verdict != judge::Verdict::Undecided;
        ++checks;
      }
    }
    // Everything filled in: the lazy history is the recorded one, ply for ply.
    replayed += judge::complete_chase_data(lazy, 1);
    const auto& a = full.history();
    const auto& b = lazy.history();
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 1; i < a.size(); ++i) {
      CHECK(b[i].judge.status == a[i].judge.status);
      if (a[i].judge.status != PlyStatus::Cancel) {  // the search never needs a capture's threats
        CHECK(b[i].judge.chased == a[i].judge.chased);
        CHECK(b[i].judge.threats == a[i].judge.threats);
      }
      ++compared;
    }
  }
  INFO("judged " << checks << ", ruled " << ruled << ", plies replayed " << replayed << ", compared " << compared);
  CHECK(ruled > 100);
  CHECK(replayed > 1000);
}
