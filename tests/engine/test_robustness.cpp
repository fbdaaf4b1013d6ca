// Bad input never crashes: thousands of mutated FENs and move strings go through the parsers
// (under ASan and UBSan in the sanitizer run). Whatever a parser accepts must be a position the
// rest of the engine can work with, and whatever it rejects leaves the position untouched.
#include <catch2/catch.hpp>
#include <random>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "judge/judge.h"

using namespace xq;

namespace {

const char* SEEDS[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "2bakab2/3r5/2n1c2c1/p1R1p1p2/7np/2P2CP2/P2rP3P/2N1C1N2/4A4/2B1KAB1R w",
    "3k5/9/8p/9/9/9/9/9/9/4K4 w",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
};
const std::string ALPHABET = "kabnrcpKABNRCPehEH0123456789/ wbr-x\t";

std::string mutate(std::string s, std::mt19937& rng) {
  const int edits = 1 + int(rng() % 4);
  for (int i = 0; i < edits; ++i) {
    const size_t pos = s.empty() ? 0 : rng() % s.size();
    const char c = ALPHABET[rng() % ALPHABET.size()];
    switch (rng() % 3) {
      case 0: if (!s.empty()) s[pos] = c; break;
      case 1: s.insert(s.begin() + long(pos), c); break;
      default: if (!s.empty()) s.erase(pos, 1); break;
    }
  }
  return s;
}

}  // namespace

TEST_CASE("mutated FENs are either rejected cleanly or give a usable position", "[engine][robustness]") {
  std::mt19937 rng(424242);
  int accepted = 0, rejected = 0;
  for (int i = 0; i < 20000; ++i) {
    const std::string fen = mutate(SEEDS[i % 4], rng);
    Position pos;
    const std::string before = to_fen(pos);
    const FenResult r = set_fen(pos, fen);
    if (!r.ok) {
      ++rejected;
      REQUIRE_FALSE(r.error.empty());
      REQUIRE(to_fen(pos) == before);
      continue;
    }
    ++accepted;
    // An accepted position obeys the invariants the rest of the engine relies on.
    REQUIRE(pos.key() == pos.compute_key());
    REQUIRE_FALSE(pos.in_check(~pos.side_to_move()));
    REQUIRE_FALSE(pos.kings_facing());
    Position again;
    REQUIRE(set_fen(again, to_fen(pos)).ok);
    REQUIRE(again.key() == pos.key());
    judge::record_root(pos);
    const MoveList moves = legal_moves(pos);
    for (int k = 0; k < moves.size() && k < 6; ++k) {
      judge::play(pos, moves[k]);
      (void)judge::judge_full(pos.history());
      pos.undo_move();
    }
  }
  CHECK(accepted > 200);  // the mutations must also produce valid positions
  CHECK(rejected > 5000);
}

TEST_CASE("random move strings are rejected with a reason and change nothing", "[engine][robustness]") {
  std::mt19937 rng(7);
  Position pos;
  const Key key = pos.key();
  int legal = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    const int len = int(rng() % 7);
    for (int k = 0; k < len; ++k) text += char(32 + rng() % 95);
    if (rng() % 2) text = {char('a' + rng() % 10), char('0' + rng() % 11), char('a' + rng() % 10), char('0' + rng() % 11)};
    const MoveResult r = parse_move(pos, text);
    if (r.ok()) {
      ++legal;
      REQUIRE(legal_moves(pos).contains(r.move));
    } else {
      REQUIRE_FALSE(r.error.empty());
    }
    REQUIRE(pos.key() == key);
    REQUIRE(pos.game_ply() == 0);
  }
  CHECK(legal > 0);
}
