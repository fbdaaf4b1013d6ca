#include "tables.h"

namespace xq {

namespace {

constexpr int DF[DIRECTION_NB] = {0, 0, 1, -1};
constexpr int DR[DIRECTION_NB] = {1, -1, 0, 0};

int forward(Color c) { return c == RED ? 1 : -1; }

void build_horse(Tables& t, Square s) {
  // A horse steps one square orthogonally (the leg) then one diagonally outward.
  for (int d = 0; d < DIRECTION_NB; ++d) {
    const int lf = file_of(s) + DF[d], lr = rank_of(s) + DR[d];
    if (!on_board(lf, lr)) continue;
    for (int side : {-1, 1}) {
      const int tf = lf + DF[d] + (DF[d] == 0 ? side : 0), tr = lr + DR[d] + (DR[d] == 0 ? side : 0);
      if (!on_board(tf, tr)) continue;
      const Square to = make_square(tf, tr), leg = make_square(lf, lr);
      t.horse_moves[s].add(to, leg);
      t.horse_attackers[to].add(s, leg);
    }
  }
}

void build_palace_and_elephants(Tables& t, Color c, Square s) {
  const int f = file_of(s), r = rank_of(s);
  for (int df : {-1, 1})
    for (int dr : {-1, 1}) {
      if (in_palace(c, s) && on_board(f + df, r + dr) && in_palace(c, make_square(f + df, r + dr)))
        t.advisor_moves[c][s].add(make_square(f + df, r + dr), SQ_NONE);
      const int ef = f + 2 * df, er = r + 2 * dr;
      if (on_own_half(c, s) && on_board(ef, er) && on_own_half(c, make_square(ef, er)))
        t.elephant_moves[c][s].add(make_square(ef, er), make_square(f + df, r + dr));
    }
  for (int d = 0; d < DIRECTION_NB; ++d) {
    const int kf = f + DF[d], kr = r + DR[d];
    if (in_palace(c, s) && on_board(kf, kr) && in_palace(c, make_square(kf, kr)))
      t.king_moves[c][s].add(make_square(kf, kr), SQ_NONE);
  }
}

void build_pawns(Tables& t, Color c, Square s) {
  const int f = file_of(s), r = rank_of(s);
  if (on_board(f, r + forward(c))) t.pawn_moves[c][s].add(make_square(f, r + forward(c)), SQ_NONE);
  if (pawn_crossed(c, s))
    for (int df : {-1, 1})
      if (on_board(f + df, r)) t.pawn_moves[c][s].add(make_square(f + df, r), SQ_NONE);
  for (const Step& st : t.pawn_moves[c][s]) t.pawn_attackers[c][st.to].add(s, SQ_NONE);
}

void build_points(Tables& t) {
  // The squares advisors and elephants can reach in play; others get a FEN warning.
  for (Color c : {RED, BLACK}) {
    const int base = c == RED ? 0 : 9, dir = c == RED ? 1 : -1;
    for (auto [f, r] : {std::pair{3, 0}, {5, 0}, {4, 1}, {3, 2}, {5, 2}})
      t.advisor_point[c][make_square(f, base + dir * r)] = true;
    for (auto [f, r] : {std::pair{2, 0}, {6, 0}, {0, 2}, {4, 2}, {8, 2}, {2, 4}, {6, 4}})
      t.elephant_point[c][make_square(f, base + dir * r)] = true;
  }
}

template <int N>
SquareSet set_of(const StepList<N>& steps) {
  SquareSet set = 0;
  for (const Step& st : steps) set |= square_bit(st.to);
  return set;
}

void build_sets(Tables& t) {
  for (Square s = 0; s < SQUARE_NB; ++s) {
    t.horse_attacker_set[s] = set_of(t.horse_attackers[s]);
    for (Square o = 0; o < SQUARE_NB; ++o)
      if (o != s && (file_of(o) == file_of(s) || rank_of(o) == rank_of(s))) t.lines_through[s] |= square_bit(o);
    for (Color c : {RED, BLACK}) {
      t.elephant_set[c][s] = set_of(t.elephant_moves[c][s]);
      t.advisor_set[c][s] = set_of(t.advisor_moves[c][s]);
      t.king_set[c][s] = set_of(t.king_moves[c][s]);
      t.pawn_attacker_set[c][s] = set_of(t.pawn_attackers[c][s]);
      t.pawn_move_set[c][s] = set_of(t.pawn_moves[c][s]);
      t.palace_point[c][s] = t.advisor_set[c][s] || t.king_set[c][s];
    }
  }
}

Tables build() {
  Tables t{};
  for (Square s = 0; s < SQUARE_NB; ++s) {
    build_horse(t, s);
    for (Color c : {RED, BLACK}) {
      build_palace_and_elephants(t, c, s);
      build_pawns(t, c, s);
    }
  }
  build_points(t);
  build_sets(t);
  return t;
}

}  // namespace

const Tables& tables() {
  static const Tables t = build();
  return t;
}

}  // namespace xq
