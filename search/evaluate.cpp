#include "evaluate.h"

#include "engine/tables.h"

namespace xq::search {

namespace {

// Piece-square tables from Red's side: row r is rank r (rank 0 = Red's back rank), column f is
// file a..i. Black reads them with the rank mirrored. Values are bonuses on top of piece_value.
using Table = int[RANK_NB][FILE_NB];

// Pawns: worthless sideways before the river; across it they grow as they near the palace,
// and fade again on the last rank, where they can only move sideways.
constexpr Table PAWN_PST = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0},           {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},           {0, 0, -2, 0, 4, 0, -2, 0, 0},
    {2, 0, 8, 0, 10, 0, 8, 0, 2},          {50, 60, 70, 75, 80, 75, 70, 60, 50},
    {60, 75, 90, 100, 110, 100, 90, 75, 60}, {65, 80, 100, 120, 140, 120, 100, 80, 65},
    {65, 85, 105, 130, 150, 130, 105, 85, 65}, {40, 45, 50, 55, 60, 55, 50, 45, 40},
};
// Horses: bad on the edge and blocking their own king's file; best on the "horse ports"
// around the enemy palace (c8/g8, d7/f7).
constexpr Table HORSE_PST = {
    {0, -4, 0, 0, -10, 0, 0, -4, 0},    {0, 2, 4, 4, -10, 4, 4, 2, 0},   {4, 2, 8, 8, 4, 8, 8, 2, 4},
    {2, 6, 8, 6, 10, 6, 8, 6, 2},       {4, 12, 16, 14, 12, 14, 16, 12, 4}, {6, 16, 14, 18, 16, 18, 14, 16, 6},
    {8, 24, 18, 24, 20, 24, 18, 24, 8}, {12, 14, 16, 20, 18, 20, 16, 14, 12}, {4, 10, 28, 16, 8, 16, 28, 10, 4},
    {4, 8, 16, 12, 4, 12, 16, 8, 4},
};
// Rooks: central files and the enemy's second rank (pins on the palace) are worth most.
constexpr Table ROOK_PST = {
    {-2, 10, 6, 14, 12, 14, 6, 10, -2},  {8, 4, 8, 16, 8, 16, 8, 4, 8},     {4, 8, 6, 14, 12, 14, 6, 8, 4},
    {6, 10, 8, 14, 14, 14, 8, 10, 6},    {12, 16, 14, 20, 20, 20, 14, 16, 12}, {12, 14, 12, 18, 18, 18, 12, 14, 12},
    {12, 18, 16, 22, 22, 22, 16, 18, 12}, {12, 12, 12, 18, 18, 18, 12, 12, 12}, {16, 20, 18, 24, 26, 24, 18, 20, 16},
    {14, 14, 12, 18, 16, 18, 12, 14, 14},
};
// Cannons: the central cannon (e-file, own side) and the "bottom cannon" in the enemy corner;
// a cannon right in front of the enemy palace has no screen and is easily trapped.
constexpr Table CANNON_PST = {
    {0, 0, 2, 6, 6, 6, 2, 0, 0},       {0, 2, 4, 6, 6, 6, 4, 2, 0},      {4, 0, 8, 6, 10, 6, 8, 0, 4},
    {0, 0, 0, 2, 4, 2, 0, 0, 0},       {-2, 0, 4, 2, 6, 2, 4, 0, -2},    {0, 0, 0, 2, 8, 2, 0, 0, 0},
    {0, 0, -2, 4, 10, 4, -2, 0, 0},    {2, 2, 0, -10, -8, -10, 0, 2, 2}, {2, 2, 0, -4, -14, -4, 0, 2, 2},
    {6, 4, 0, -10, -12, -10, 0, 4, 6},
};
// Advisors and elephants defend best in the middle of their formation.
constexpr Table ADVISOR_PST = {{0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 3, 0, 0, 0, 0}};
constexpr Table ELEPHANT_PST = {{0, 0, 0, 0, 0, 0, 0, 0, 0}, {0}, {-2, 0, 0, 0, 6, 0, 0, 0, -2}, {0}, {0, 0, -2, 0, 0, 0, -2, 0, 0}};
// The king is safest at home; every step up the palace exposes it.
constexpr Table KING_PST = {{0, 0, 0, -2, 0, -2, 0, 0, 0}, {0, 0, 0, -10, -8, -10, 0, 0, 0}, {0, 0, 0, -18, -15, -18, 0, 0, 0}};

const Table* const TABLES[PIECE_TYPE_NB] = {nullptr, &KING_PST, &ADVISOR_PST, &ELEPHANT_PST, &HORSE_PST, &ROOK_PST, &CANNON_PST, &PAWN_PST};

constexpr SquareSet RED_HALF = (SquareSet(1) << 45) - 1;  // ranks 0-4
constexpr SquareSet own_half_mask(Color c) { return c == RED ? RED_HALF : ((SquareSet(1) << SQUARE_NB) - 1) & ~RED_HALF; }

int table_bonus(PieceType t, Color c, Square s) {
  const int r = c == RED ? rank_of(s) : RANK_NB - 1 - rank_of(s);
  return (*TABLES[t])[r][file_of(s)];
}

// Rooks live on open lines: two centipawns per empty square they see.
int rook_mobility(const Position& pos, Color c) {
  int n = 0;
  for (SquareSet b = pos.pieces(c, ROOK); b;) {
    const Square s = pop_lsb(b);
    for (const Ray& ray : tables().rays[s])
      for (int i = 0; i < ray.size && pos.empty(ray.sq[i]); ++i) ++n;
  }
  return 2 * n;
}

// A horse with its legs blocked is nearly worthless ("hobbled horse").
int horse_mobility(const Position& pos, Color c) {
  int n = 0;
  for (SquareSet b = pos.pieces(c, HORSE); b;) {
    const Square s = pop_lsb(b);
    for (const Step& st : tables().horse_moves[s])
      if (pos.empty(st.block) && (pos.empty(st.to) || color_of(pos.piece_on(st.to)) != c)) ++n;
  }
  return 4 * n - 12;
}

// Missing advisors and elephants hurt in proportion to the attackers left on the other side:
// with the enemy's rooks gone, a bare king is no longer in much danger.
int king_safety(const Position& pos, Color c) {
  const Color them = ~c;
  const int attack = 3 * popcount(pos.pieces(them, ROOK)) + 2 * popcount(pos.pieces(them, HORSE)) +
                     2 * popcount(pos.pieces(them, CANNON)) + popcount(pos.pieces(them, PAWN) & ~own_half_mask(them));
  const int missing_adv = 2 - popcount(pos.pieces(c, ADVISOR));
  const int missing_ele = 2 - popcount(pos.pieces(c, ELEPHANT));
  return -(missing_adv * 2 * attack + missing_ele * 3 * attack / 2);
}

}  // namespace

int evaluate(const Position& pos) {
  int score[COLOR_NB] = {0, 0};
  for (Color c : {RED, BLACK}) {
    for (int t = KING; t <= PAWN; ++t)
      for (SquareSet b = pos.pieces(c, PieceType(t)); b;) {
        const Square s = pop_lsb(b);
        score[c] += piece_value(PieceType(t)) + table_bonus(PieceType(t), c, s);
      }
    score[c] += rook_mobility(pos, c) + horse_mobility(pos, c) + king_safety(pos, c);
  }
  constexpr int TEMPO = 10;  // the side to move is a little better off than a static count says
  const Color us = pos.side_to_move();
  return score[us] - score[~us] + TEMPO;
}

}  // namespace xq::search
