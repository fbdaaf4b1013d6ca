// The judge on positions nobody wrote down: random games that shuffle pieces back and forth,
// so that repetitions with checks and chases of every kind arise. The rulings must not depend
// on left/right or on colour, must not change when the cycle runs on, and judge_prune must
// never contradict the full judge.
#include <catch2/catch.hpp>
#include <random>

#include "board_transform.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "judge/chase.h"
#include "judge/judge.h"

using namespace xq;

namespace {

struct Game {
  std::string fen;
  std::vector<std::string> moves;
};

bool reversible(Position& pos, Move m) { return !pos.is_capture(m) && !pos.is_pawn_advance(m); }

// Picks a random reversible legal move, or MOVE_NONE.
Move random_quiet(Position& pos, std::mt19937& rng) {
  MoveList list;
  generate_legal<QUIETS>(pos, list);
  for (int i = 0; i < list.size();)
    if (reversible(pos, list[i])) ++i;
    else list.remove_at(i);
  return list.empty() ? MOVE_NONE : list[int(rng() % list.size())];
}

// A random middle-game position, then two moves each way played back and forth a few times.
Game shuffle_game(std::mt19937& rng) {
  Position pos;
  for (int ply = 0, target = 10 + int(rng() % 50); ply < target; ++ply) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    pos.do_move(moves[int(rng() % moves.size())]);
  }
  Game g{to_fen(pos), {}};
  Position p;
  REQUIRE(set_fen(p, g.fen).ok);
  std::vector<Move> cycle;
  for (int i = 0; i < 2; ++i) {
    const Move m = random_quiet(p, rng);
    if (m == MOVE_NONE) return g;
    cycle.push_back(m);
    p.do_move(m);
  }
  for (Move m : {make_move(to_sq(cycle[0]), from_sq(cycle[0])), make_move(to_sq(cycle[1]), from_sq(cycle[1]))}) cycle.push_back(m);
  // Repeat the four-ply cycle while it stays legal (a reversed move can be blocked).
  Position q;
  REQUIRE(set_fen(q, g.fen).ok);
  for (int lap = 0; lap < 3; ++lap)
    for (Move m : cycle) {
      if (!q.is_pseudo_legal(m) || !q.is_legal(m)) return g;
      q.do_move(m);
      g.moves.push_back(move_to_string(m));
    }
  return g;
}

// Replays the game and returns the ruling after every ply.
std::vector<judge::Verdict> rulings(const std::string& fen, const std::vector<std::string>& moves) {
  Position pos;
  REQUIRE(set_fen(pos, fen).ok);
  judge::record_root(pos);
  std::vector<judge::Verdict> out;
  for (const auto& text : moves) {
    const MoveResult mr = parse_move(pos, text);
    REQUIRE(mr.ok());
    judge::play(pos, mr.move);
    out.push_back(judge::judge_ntimes(pos.history()));
  }
  return out;
}

int rank(judge::Verdict v) { return v == judge::Verdict::Loss ? 0 : v == judge::Verdict::Draw ? 1 : 2; }

}  // namespace

TEST_CASE("random shuffles: rulings are symmetric left-right and in colour, and survive another lap", "[judge][property]") {
  std::mt19937 rng(2026);
  int games = 0, decided = 0, extended = 0;
  for (int i = 0; i < 300; ++i) {
    const Game g = shuffle_game(rng);
    if (g.moves.size() < 8) continue;
    ++games;
    const auto base = rulings(g.fen, g.moves);
    const auto mirrored = rulings(test::mirror_fen(g.fen), test::mirror_moves(g.moves));
    const auto swapped = rulings(test::swap_colours_fen(g.fen), test::swap_colours_moves(g.moves));
    INFO(g.fen);
    REQUIRE(base == mirrored);
    REQUIRE(base == swapped);
    for (auto v : base) decided += v != judge::Verdict::Undecided;
    // The games are whole four-ply cycles: one more lap must not change a ruling.
    for (size_t i = 4; i < base.size(); ++i)
      if (base[i - 4] != judge::Verdict::Undecided) {
        ++extended;
        REQUIRE(base[i] == base[i - 4]);
      }
  }
  CHECK(extended >= 300);
  CHECK(games >= 150);    // the generator must really produce cycles
  CHECK(decided >= 300);  // and the judge must really decide some of them
}

TEST_CASE("random shuffles: judge_prune never disagrees with the full judge", "[judge][property]") {
  std::mt19937 rng(99);
  int shortcuts = 0;
  for (int i = 0; i < 200; ++i) {
    const Game g = shuffle_game(rng);
    Position pos;
    REQUIRE(set_fen(pos, g.fen).ok);
    judge::record_root(pos);
    for (const auto& text : g.moves) {
      judge::play(pos, parse_move(pos, text).move);
      const judge::Verdict full = judge::judge_ntimes(pos.history());
      for (auto [draw, beta] : {std::pair{0, 50}, {0, 0}, {0, -50}}) {
        const judge::PruneResult p = judge::judge_prune(pos.history(), draw, beta);
        if (p.lower_bound) {
          ++shortcuts;
          CHECK(rank(full) >= rank(p.verdict));
          CHECK(full != judge::Verdict::Undecided);
        } else {
          CHECK(p.verdict == full);
        }
      }
    }
  }
  CHECK(shortcuts > 0);  // the shortcut path was exercised
}

TEST_CASE("incremental chase data equals data recomputed from scratch", "[judge][property]") {
  // record_move after a plain do_move (recomputing the attacks before the move) and play()
  // (reusing them) must record the same thing.
  std::mt19937 rng(5);
  for (int i = 0; i < 100; ++i) {
    const Game g = shuffle_game(rng);
    Position a, b;
    REQUIRE(set_fen(a, g.fen).ok);
    REQUIRE(set_fen(b, g.fen).ok);
    judge::record_root(a);
    judge::record_root(b);
    for (const auto& text : g.moves) {
      const Move m = parse_move(a, text).move;
      judge::play(a, m);
      b.do_move(m);
      judge::record_move(b);
      CHECK(a.st().judge.status == b.st().judge.status);
      CHECK(a.st().judge.chased == b.st().judge.chased);
      CHECK(a.st().judge.threats == b.st().judge.threats);
    }
  }
}
