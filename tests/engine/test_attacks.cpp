// The attack module (engine/attacks.h) against a slow reference: a walk square by square in
// the four directions, written here independently of the tables. Random occupancies of every
// density, and positions along random games for the queries that read the board.
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "engine/attacks.h"
#include "engine/movegen.h"

using namespace xq;

namespace {

// What a slider on s hits, walking: the empty squares up to the first piece each way and that
// piece (reach), and the piece behind it (jump).
struct Walk {
  SquareSet reach = 0, jump = 0;
};
Walk walk(Square s, SquareSet occ) {
  Walk w;
  const int df[] = {0, 0, 1, -1}, dr[] = {1, -1, 0, 0};
  for (int d = 0; d < 4; ++d) {
    int seen = 0;
    for (int f = file_of(s) + df[d], r = rank_of(s) + dr[d]; on_board(f, r); f += df[d], r += dr[d]) {
      const Square t = make_square(f, r);
      if (seen == 0) w.reach |= square_bit(t);
      if (!contains(occ, t)) continue;
      if (++seen == 2) {
        w.jump |= square_bit(t);
        break;
      }
    }
  }
  return w;
}

SquareSet random_occupancy(std::mt19937& rng, int percent) {
  SquareSet occ = 0;
  for (Square s = 0; s < SQUARE_NB; ++s)
    if (int(rng() % 100) < percent) occ |= square_bit(s);
  return occ;
}

// attackers() by brute force: every piece of `by` asked whether it could capture on s, by
// geometry written out here (a king attacks along the file only onto the other king).
SquareSet attackers_by_walk(const Position& pos, Square s, Color by) {
  SquareSet out = 0;
  const SquareSet occ = pos.occupied();
  const Walk w = walk(s, occ);
  const Piece target = pos.piece_on(s);
  const bool target_is_king = target != NO_PIECE && type_of(target) == KING && color_of(target) != by;
  for (Square t = 0; t < SQUARE_NB; ++t) {
    const Piece p = pos.piece_on(t);
    if (p == NO_PIECE || color_of(p) != by) continue;
    const int df = file_of(s) - file_of(t), dr = rank_of(s) - rank_of(t);
    const int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
    bool hits = false;
    switch (type_of(p)) {
      case ROOK: hits = contains(w.reach, t); break;
      case CANNON: hits = contains(w.jump, t); break;
      case KING:
        hits = (adf + adr == 1 && in_palace(by, s)) || (target_is_king && df == 0 && contains(w.reach, t));
        break;
      case ADVISOR: hits = adf == 1 && adr == 1 && in_palace(by, s); break;
      case ELEPHANT:
        hits = adf == 2 && adr == 2 && on_own_half(by, s) && pos.empty(make_square(file_of(t) + df / 2, rank_of(t) + dr / 2));
        break;
      case HORSE: {
        if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1))) break;
        // The leg is the square next to the horse in the long direction.
        const Square leg = adr == 2 ? make_square(file_of(t), rank_of(t) + dr / 2) : make_square(file_of(t) + df / 2, rank_of(t));
        hits = pos.empty(leg);
        break;
      }
      case PAWN: {
        const int forward = by == RED ? 1 : -1;
        hits = (df == 0 && dr == forward) || (dr == 0 && adf == 1 && pawn_crossed(by, t));
        break;
      }
      default: break;
    }
    if (hits) out |= square_bit(t);
  }
  return out;
}

}  // namespace

TEST_CASE("line tables equal a walk over random occupancies of every density", "[engine][attacks]") {
  std::mt19937 rng(90);
  long long jumps = 0;
  for (int round = 0; round < 2000; ++round) {
    const SquareSet occ = random_occupancy(rng, int(round % 100));
    const LineOccupancy lines = LineOccupancy::of(occ);
    // Plain comparisons and one assertion per occupancy: millions of REQUIREs would take
    // minutes in the sanitizer build.
    int wrong = 0;
    for (Square s = 0; s < SQUARE_NB; ++s) {
      const Walk w = walk(s, occ);
      wrong += attacks::rook(s, lines) != w.reach;
      wrong += attacks::cannon_captures(s, lines) != w.jump;
      // The occupancy as a set of squares gives the same lookups as the kept lines.
      const attacks::SliderHits a = attacks::slider(s, lines), b = attacks::slider(s, occ);
      wrong += a.rank.reach != b.rank.reach || a.rank.jump != b.rank.jump;
      wrong += a.file.reach != b.file.reach || a.file.jump != b.file.jump;
      jumps += popcount(w.jump);
    }
    INFO("round " << round);
    REQUIRE(wrong == 0);
  }
  CHECK(jumps > 10000);  // the densities gave cannons plenty to capture
}

TEST_CASE("line bits and square sets convert both ways", "[engine][attacks]") {
  for (int r = 0; r < RANK_NB; ++r)
    for (int f = 0; f < FILE_NB; ++f) {
      const Square s = make_square(f, r);
      CHECK(attacks::rank_set(r, 1u << f) == square_bit(s));
      CHECK(attacks::file_set(f, 1u << r) == square_bit(s));
      CHECK(attacks::rank_bits(square_bit(s), r) == 1u << f);
      CHECK(attacks::file_bits(square_bit(s), f) == 1u << r);
      CHECK(attacks::rank_square(r, f) == s);
      CHECK(attacks::file_square(f, r) == s);
    }
}

TEST_CASE("for_each_square gives a set's squares in pop_lsb's order", "[engine][attacks]") {
  std::mt19937_64 rng(11);
  int visited = 0, high = 0;
  for (int round = 0; round < 2000; ++round) {
    // Sparse and dense sets over all 128 bits (both halves, and their edges 63, 64 and 127).
    SquareSet set = SquareSet(rng()) << 64 | rng();
    if (round % 3 == 0) set &= SquareSet(rng()) << 64 | rng();
    if (round % 3 == 1) set &= (SquareSet(rng()) << 64 | rng()) & (SquareSet(rng()) << 64 | rng());
    if (round % 100 == 0) set = square_bit(63) | square_bit(64) | square_bit(127);
    if (round % 100 == 1) set = 0;
    std::vector<Square> want, got;
    for (SquareSet b = set; b;) want.push_back(pop_lsb(b));
    for_each_square(set, [&](Square s) { got.push_back(s); });
    INFO("round " << round);
    REQUIRE(got == want);
    visited += int(got.size());
    for (Square s : got) high += s >= 64;
  }
  CHECK(visited > 30000);
  CHECK(high > 10000);
}

TEST_CASE("the position's lines, attackers and slider moves hold along random games", "[engine][attacks]") {
  std::mt19937 rng(2027);
  int facing = 0, cannon_attacks = 0;
  for (int game = 0; game < 25; ++game) {  // about 5,000 positions: each checks 180 attacker sets
    Position pos;
    for (int ply = 0; ply < 200; ++ply) {
      INFO("game " << game << " ply " << ply);
      // The kept lines equal the board's occupancy, after moves, undos and what-if moves.
      const LineOccupancy expected = LineOccupancy::of(pos.occupied());
      int wrong = 0;
      for (int r = 0; r < RANK_NB; ++r) wrong += pos.lines().rank[r] != expected.rank[r];
      for (int f = 0; f < FILE_NB; ++f) wrong += pos.lines().file[f] != expected.file[f];
      REQUIRE(wrong == 0);
      for (Square s = 0; s < SQUARE_NB; ++s)
        for (Color by : {RED, BLACK}) {
          const SquareSet a = pos.attackers(s, by);
          wrong += a != attackers_by_walk(pos, s, by);
          cannon_attacks += popcount(a & pos.pieces(by, CANNON));
        }
      REQUIRE(wrong == 0);
      facing += pos.kings_facing();
      // Every rook or cannon move on the board is pseudo-legal, and only those generated.
      MoveList pseudo;
      generate_pseudo<ALL>(pos, pseudo);
      const Color us = pos.side_to_move();
      for (SquareSet b = pos.pieces(us, ROOK) | pos.pieces(us, CANNON); b;) {
        const Square from = pop_lsb(b);
        for (Square to = 0; to < SQUARE_NB; ++to) {
          const Move m = make_move(from, to);
          bool generated = false;
          for (Move g : pseudo) generated |= g == m;
          wrong += pos.is_pseudo_legal(m) != generated;
        }
      }
      REQUIRE(wrong == 0);
      MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      // A what-if move and its undo leave the lines as they were.
      const Move probe = moves[int(rng() % moves.size())];
      const Piece captured = pos.make_board(probe);
      const LineOccupancy during = LineOccupancy::of(pos.occupied());
      for (int f = 0; f < FILE_NB; ++f) wrong += pos.lines().file[f] != during.file[f];
      for (int r = 0; r < RANK_NB; ++r) wrong += pos.lines().rank[r] != during.rank[r];
      REQUIRE(wrong == 0);
      pos.unmake_board(probe, captured);
      if (ply % 7 == 6 && pos.game_ply() > 0) {
        pos.undo_move();
        continue;
      }
      pos.do_move(moves[int(rng() % moves.size())]);
    }
  }
  CHECK(facing == 0);          // legal play never leaves the kings facing
  CHECK(cannon_attacks > 50);  // cannons over screens were met
}
