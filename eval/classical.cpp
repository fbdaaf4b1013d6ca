#include "classical.h"

#include <algorithm>

#include "engine/attacks.h"
#include "engine/tables.h"

namespace xq::eval {

namespace {

// Flat indices of the terms (params.h); a table's entry adds row * cols + col.
constexpr int I_PIECE_VALUE = XQ_PARAM_INDEX(piece_value);
constexpr int I_ROOK_MOBILITY = XQ_PARAM_INDEX(rook_mobility);
constexpr int I_HORSE_MOBILITY = XQ_PARAM_INDEX(horse_mobility);
constexpr int I_ADVISORS_MISSING = XQ_PARAM_INDEX(advisors_missing);
constexpr int I_ELEPHANTS_MISSING = XQ_PARAM_INDEX(elephants_missing);
constexpr int I_TEMPO = XQ_PARAM_INDEX(tempo);
constexpr int I_HOLLOW_CANNON = XQ_PARAM_INDEX(hollow_cannon);
constexpr int I_CANNON_TWO_SCREENS = XQ_PARAM_INDEX(cannon_two_screens);
constexpr int I_BOTTOM_CANNON = XQ_PARAM_INDEX(bottom_cannon);
constexpr int I_ROOK_PALACE_FILE = XQ_PARAM_INDEX(rook_palace_file);
constexpr int I_ACROSS_RIVER = XQ_PARAM_INDEX(attacker_across_river);
constexpr int I_MISSING_ADVISOR_VS = XQ_PARAM_INDEX(missing_advisor_vs);
constexpr int I_MISSING_ELEPHANT_VS = XQ_PARAM_INDEX(missing_elephant_vs);
constexpr int I_ADVISORS_LINKED = XQ_PARAM_INDEX(advisors_linked);
constexpr int I_ELEPHANTS_LINKED = XQ_PARAM_INDEX(elephants_linked);
constexpr int I_HORSE_LEG_BLOCKED = XQ_PARAM_INDEX(horse_leg_blocked);
constexpr int I_HORSE_EDGE_TRAPPED = XQ_PARAM_INDEX(horse_edge_trapped);
constexpr int I_ROOK_OPEN_FILE = XQ_PARAM_INDEX(rook_open_file);
constexpr int I_ROOK_SEMI_OPEN_FILE = XQ_PARAM_INDEX(rook_semi_open_file);
constexpr int I_CANNON_ROOK_BATTERY = XQ_PARAM_INDEX(cannon_rook_battery);
constexpr int I_DOUBLE_CANNON = XQ_PARAM_INDEX(double_cannon);
constexpr int I_ROOK_PIN = XQ_PARAM_INDEX(rook_pin);
constexpr int I_CANNON_PIN = XQ_PARAM_INDEX(cannon_pin);
constexpr int I_PAWN_LINKED = XQ_PARAM_INDEX(pawn_linked);

constexpr SquareSet RED_HALF = (SquareSet(1) << 45) - 1;  // ranks 0-4
constexpr SquareSet enemy_half(Color c) { return c == RED ? ((SquareSet(1) << SQUARE_NB) - 1) & ~RED_HALF : RED_HALF; }
constexpr int back_rank(Color c) { return c == RED ? 0 : RANK_NB - 1; }

// The board's occupancy by lines (attacks.h), as the position keeps it: a line's blockers
// and the pieces between two squares are a few bit operations instead of a walk.
struct Lines {
  const LineOccupancy& occ;

  // The empty squares a rook on s reaches along its rank and file.
  int rook_mobility(Square s) const {
    const attacks::SliderHits h = attacks::slider(s, occ);
    return __builtin_popcount(h.rank.reach & ~unsigned(occ.rank[rank_of(s)])) +
           __builtin_popcount(h.file.reach & ~unsigned(occ.file[file_of(s)]));
  }
  // The occupied squares strictly between a and b, which share a file or a rank: as bits of
  // that line (file: bit = rank, rank: bit = file).
  unsigned between(Square a, Square b) const {
    const bool on_file = file_of(a) == file_of(b);
    const int i = on_file ? rank_of(a) : file_of(a), j = on_file ? rank_of(b) : file_of(b);
    const int lo = std::min(i, j), hi = std::max(i, j);
    const unsigned mask = (1u << hi) - (2u << lo);  // bits lo+1 .. hi-1
    return (on_file ? occ.file[file_of(a)] : occ.rank[rank_of(a)]) & mask;
  }
  // Square of bit `bit` of a between() mask for the line through a and b.
  static Square square_of(Square a, Square b, int bit) {
    return file_of(a) == file_of(b) ? make_square(file_of(a), bit) : make_square(bit, rank_of(a));
  }
};

bool same_line(Square a, Square b) { return file_of(a) == file_of(b) || rank_of(a) == rank_of(b); }

int phase_of(const int count[COLOR_NB][PIECE_TYPE_NB]) {
  const auto both = [&](PieceType t) { return count[RED][t] + count[BLACK][t]; };
  return std::min(PHASE_MAX, PHASE_ROOK * both(ROOK) + PHASE_HORSE * both(HORSE) + PHASE_CANNON * both(CANNON));
}

// One pass over the board for both sides. With Trace, every value added is also counted in
// the trace, so that the trace's sum is the evaluation by construction.
template <bool Trace>
class Terms {
 public:
  // Material and piece-square values come from `sums` (psq_sums.h); the walk only counts.
  Terms(const Position& pos, const EvalModel& model, EvalTrace* trace, const PsqSums& sums)
      : pos_(pos), m_(model), trace_(trace), tables_(tables()), lines_{pos.lines()} {
    score_[RED] = sums.side[RED], score_[BLACK] = sums.side[BLACK];
  }

  int run();

 private:
  void add(Color c, int index, int count = 1) {
    score_[c] += m_.param(index) * count;
    if constexpr (Trace) trace_->coeff[c][index] += count;
  }
  void material(Color c);
  void rooks(Color c);
  void horses(Color c);
  void cannons(Color c);
  void guards(Color c);
  void shelter(Color c);
  void pawns(Color c);
  int scale_for(Color strong) const;

  const Position& pos_;
  const EvalModel& m_;
  EvalTrace* trace_;
  const Tables& tables_;
  Tapered score_[COLOR_NB];
  // Filled in by material(), which runs first for both sides: piece counts, and the files
  // (bit f for file f) holding a pawn.
  int count_[COLOR_NB][PIECE_TYPE_NB] = {};
  unsigned pawn_files_[COLOR_NB] = {};
  Lines lines_;
};

// Counts the pieces and their lines; their values and table entries came in with the sums
// (the trace still counts each one, so that the tuner sees them).
template <bool Trace>
void Terms<Trace>::material(Color c) {
  for (int t = KING; t <= PAWN; ++t)
    for (SquareSet b = pos_.pieces(c, PieceType(t)); b;) {
      const Square s = pop_lsb(b);
      ++count_[c][t];
      if (t == PAWN) pawn_files_[c] |= 1u << file_of(s);
      if constexpr (Trace) {
        ++trace_->coeff[c][I_PIECE_VALUE + t];
        if (const int i = pst_index(PieceType(t), c, s); i >= 0) ++trace_->coeff[c][i];
      }
    }
}

// Rooks: mobility, open files, a line into the enemy palace, pins against the enemy king.
template <bool Trace>
void Terms<Trace>::rooks(Color c) {
  const Color them = ~c;
  const Square their_king = pos_.king_square(them);
  for (SquareSet b = pos_.pieces(c, ROOK); b;) {
    const Square s = pop_lsb(b);
    add(c, I_ROOK_MOBILITY + lines_.rook_mobility(s));
    const unsigned file = 1u << file_of(s);
    if (!(file & pawn_files_[c])) add(c, file & pawn_files_[them] ? I_ROOK_SEMI_OPEN_FILE : I_ROOK_OPEN_FILE);
    if (!on_own_half(c, s)) add(c, I_ACROSS_RIVER + ROOK - HORSE);
    // The palace file: looking toward the enemy, the first piece is inside their palace, or
    // there is none (the line runs through the palace to the back rank).
    if (file_of(s) >= 3 && file_of(s) <= 5 && rank_of(s) != back_rank(them)) {
      const unsigned occ = lines_.occ.file[file_of(s)];
      const int r = rank_of(s);
      const unsigned ahead = c == RED ? ~0u << (r + 1) : (1u << r) - 1;
      const unsigned first = attacks::FILE_HITS[r][occ].reach & occ & ahead;  // at most one piece
      if (!first || in_palace(them, make_square(file_of(s), __builtin_ctz(first)))) add(c, I_ROOK_PALACE_FILE);
    }
    if (same_line(s, their_king)) {
      const unsigned between = lines_.between(s, their_king);
      if (between && !(between & (between - 1)) &&
          color_of(pos_.piece_on(Lines::square_of(s, their_king, __builtin_ctz(between)))) == them)
        add(c, I_ROOK_PIN);
    }
  }
}

// Horses: moves (a blocked leg or an own piece on the target takes one away), blocked legs,
// the edge. A leg is a square some move of the horse passes: a piece beside a horse on the
// edge side (the rook next to a horse at home) blocks nothing and does not count.
template <bool Trace>
void Terms<Trace>::horses(Color c) {
  for (SquareSet b = pos_.pieces(c, HORSE); b;) {
    const Square s = pop_lsb(b);
    int moves = 0;
    SquareSet blocked = 0;  // each leg serves up to two moves: count it once
    for (const Step& st : tables_.horse_moves[s]) {
      if (!pos_.empty(st.block)) blocked |= square_bit(st.block);
      else if (pos_.empty(st.to) || color_of(pos_.piece_on(st.to)) != c) ++moves;
    }
    add(c, I_HORSE_MOBILITY + moves);
    if (blocked) add(c, I_HORSE_LEG_BLOCKED, popcount(blocked));
    if ((file_of(s) == 0 || file_of(s) == FILE_NB - 1) && moves <= 2) add(c, I_HORSE_EDGE_TRAPPED);
    if (!on_own_half(c, s)) add(c, I_ACROSS_RIVER + HORSE - HORSE);
  }
}

// Cannons: facing the enemy king (hollow, or with two screens), on the enemy back rank,
// batteries with a rook or a second cannon, pins.
template <bool Trace>
void Terms<Trace>::cannons(Color c) {
  const Color them = ~c;
  const Square their_king = pos_.king_square(them);
  for (SquareSet b = pos_.pieces(c, CANNON); b;) {
    const Square s = pop_lsb(b);
    if (!on_own_half(c, s)) add(c, I_ACROSS_RIVER + CANNON - HORSE);
    if (same_line(s, their_king)) {
      const unsigned between = lines_.between(s, their_king);
      const bool on_file = file_of(s) == file_of(their_king);
      if (!between && on_file) add(c, I_HOLLOW_CANNON);
      if (between && __builtin_popcount(between) == 2) {
        if (on_file) add(c, I_CANNON_TWO_SCREENS);
        const Square a = Lines::square_of(s, their_king, __builtin_ctz(between));
        const Square z = Lines::square_of(s, their_king, 31 - __builtin_clz(between));
        const int pinned = (color_of(pos_.piece_on(a)) == them) + (color_of(pos_.piece_on(z)) == them);
        if (pinned) add(c, I_CANNON_PIN, pinned);
      }
    }
    if (rank_of(s) == back_rank(them) && rank_of(their_king) == back_rank(them)) add(c, I_BOTTOM_CANNON);
    // Batteries: the rook, or the other cannon, right in front of the cannon on its line
    // screens it. Pairs are few (at most two rooks and one other cannon), so testing them is
    // cheaper than walking the cannon's rays.
    for (SquareSet r = pos_.pieces(c, ROOK); r;)
      if (const Square t = pop_lsb(r); same_line(s, t) && !lines_.between(s, t)) add(c, I_CANNON_ROOK_BATTERY);
    for (SquareSet o = b; o;)  // the cannons after this one: each pair once
      if (const Square t = pop_lsb(o); same_line(s, t) && !lines_.between(s, t)) add(c, I_DOUBLE_CANNON);
  }
}

// Advisors and elephants that guard each other hold the palace together.
template <bool Trace>
void Terms<Trace>::guards(Color c) {
  const SquareSet advisors = pos_.pieces(c, ADVISOR);
  if (count_[c][ADVISOR] == 2) {
    const Square a = lsb(advisors);
    for (const Step& st : tables_.advisor_moves[c][a])
      if (contains(advisors, st.to)) add(c, I_ADVISORS_LINKED);
  }
  const SquareSet elephants = pos_.pieces(c, ELEPHANT);
  if (count_[c][ELEPHANT] == 2) {
    const Square e = lsb(elephants);
    for (const Step& st : tables_.elephant_moves[c][e])
      if (contains(elephants, st.to) && pos_.empty(st.block)) add(c, I_ELEPHANTS_LINKED);
  }
}

// Missing advisors and elephants hurt in proportion to the enemy's attacking force: with
// the enemy's rooks gone, a bare king is no longer in much danger.
template <bool Trace>
void Terms<Trace>::shelter(Color c) {
  const Color them = ~c;
  const int rooks = count_[them][ROOK], horses = count_[them][HORSE], cannons = count_[them][CANNON];
  const int attack = std::min(ATTACK_UNITS_NB - 1, 3 * rooks + 2 * horses + 2 * cannons +
                                                       popcount(pos_.pieces(them, PAWN) & enemy_half(them)));
  const int missing_adv = 2 - count_[c][ADVISOR];
  const int missing_ele = 2 - count_[c][ELEPHANT];
  if (missing_adv > 0) {
    add(c, I_ADVISORS_MISSING + (missing_adv - 1) * ATTACK_UNITS_NB + attack);
    // Credited to the attacker: it is their pieces that exploit the gap.
    if (horses) add(them, I_MISSING_ADVISOR_VS + HORSE - HORSE, missing_adv * horses);
    if (rooks) add(them, I_MISSING_ADVISOR_VS + ROOK - HORSE, missing_adv * rooks);
    if (cannons) add(them, I_MISSING_ADVISOR_VS + CANNON - HORSE, missing_adv * cannons);
  }
  if (missing_ele > 0) {
    add(c, I_ELEPHANTS_MISSING + (missing_ele - 1) * ATTACK_UNITS_NB + attack);
    if (horses) add(them, I_MISSING_ELEPHANT_VS + HORSE - HORSE, missing_ele * horses);
    if (rooks) add(them, I_MISSING_ELEPHANT_VS + ROOK - HORSE, missing_ele * rooks);
    if (cannons) add(them, I_MISSING_ELEPHANT_VS + CANNON - HORSE, missing_ele * cannons);
  }
}

// Crossed pawns side by side guard each other's flank.
template <bool Trace>
void Terms<Trace>::pawns(Color c) {
  const SquareSet crossed = pos_.pieces(c, PAWN) & enemy_half(c);
  int linked = 0;
  for (SquareSet b = crossed; b;) {
    const Square s = pop_lsb(b);
    linked += file_of(s) < FILE_NB - 1 && contains(crossed, s + 1);
  }
  if (linked) add(c, I_PAWN_LINKED, linked);
}

// How much of its endgame edge `strong` keeps, out of SCALE_NORMAL, by what it could attack with.
template <bool Trace>
int Terms<Trace>::scale_for(Color strong) const {
  const EndgameScales& sc = m_.scales();
  const Color weak = ~strong;
  const int rooks = count_[strong][ROOK], horses = count_[strong][HORSE];
  const int cannons = count_[strong][CANNON], pawns = count_[strong][PAWN];
  const int guards = count_[weak][ADVISOR] + count_[weak][ELEPHANT];
  if (rooks + horses + cannons + pawns == 0) return sc.no_attackers;
  if (rooks == 1 && horses + cannons + pawns == 0 && guards == 4) return sc.rook_vs_full_guard;
  if (horses + cannons == 1 && rooks + pawns == 0 && guards == 4) return sc.minor_vs_full_guard;
  if (cannons == 1 && rooks + horses + pawns == 0) return sc.lone_cannon;
  if (rooks + horses + cannons == 0 && guards > 0) return sc.pawns_only;
  return SCALE_NORMAL;
}

template <bool Trace>
int Terms<Trace>::run() {
  material(RED);
  material(BLACK);
  for (Color c : {RED, BLACK}) {
    rooks(c);
    horses(c);
    cannons(c);
    guards(c);
    shelter(c);
    pawns(c);
  }
  const Color us = pos_.side_to_move();
  add(us, I_TEMPO);  // the side to move is a little better off than a static count says
  const int phase = phase_of(count_);
  const int scale[COLOR_NB] = {scale_for(RED), scale_for(BLACK)};
  const int red = blend(score_[RED] - score_[BLACK], phase, scale);
  const int eval = us == RED ? red : -red;
  if constexpr (Trace) {
    trace_->total[RED] = score_[RED];
    trace_->total[BLACK] = score_[BLACK];
    trace_->phase = phase;
    trace_->scale[RED] = scale[RED];
    trace_->scale[BLACK] = scale[BLACK];
    trace_->side_to_move = us;
    trace_->eval = eval;
  }
  return eval;
}

}  // namespace

int game_phase(const Position& pos) {
  int count[COLOR_NB][PIECE_TYPE_NB];
  for (Color c : {RED, BLACK})
    for (int t = 0; t < PIECE_TYPE_NB; ++t) count[c][t] = popcount(pos.pieces(c, PieceType(t)));
  return phase_of(count);
}

// The scale applies to the whole score, not only its endgame half: the scales describe material
// that cannot win whatever the phase, and a fitted middlegame half (material worth more there)
// would otherwise keep a hopeless side's edge at the small phases these endings have.
int blend(Tapered red_minus_black, int phase, const int scale[COLOR_NB]) {
  const int v = (red_minus_black.mg() * phase + red_minus_black.eg() * (PHASE_MAX - phase)) / PHASE_MAX;
  return v * scale[v > 0 ? RED : BLACK] / SCALE_NORMAL;
}

int evaluate(const Position& pos, const EvalModel& model) {
  return evaluate(pos, model, PsqSums::compute(pos, model));
}

int evaluate(const Position& pos) { return evaluate(pos, default_model()); }

int evaluate(const Position& pos, const EvalModel& model, const PsqSums& sums) {
  return Terms<false>(pos, model, nullptr, sums).run();
}

EvalTrace trace(const Position& pos, const EvalModel& model) {
  EvalTrace t;
  Terms<true>(pos, model, &t, PsqSums::compute(pos, model)).run();
  return t;
}


}  // namespace xq::eval
