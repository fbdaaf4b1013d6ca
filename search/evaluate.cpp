#include "evaluate.h"

#include <algorithm>

#include "engine/tables.h"

namespace xq::search {

namespace {

// Flat indices of the terms (eval_params.h); a table's entry adds row * cols + col.
constexpr int I_PIECE_VALUE = XQ_PARAM_INDEX(piece_value);
constexpr int I_ROOK_MOBILITY = XQ_PARAM_INDEX(rook_mobility);
constexpr int I_HORSE_MOBILITY = XQ_PARAM_INDEX(horse_mobility);
constexpr int I_ADVISORS_MISSING = XQ_PARAM_INDEX(advisors_missing);
constexpr int I_ELEPHANTS_MISSING = XQ_PARAM_INDEX(elephants_missing);
constexpr int I_TEMPO = XQ_PARAM_INDEX(tempo);

constexpr SquareSet RED_HALF = (SquareSet(1) << 45) - 1;  // ranks 0-4
constexpr SquareSet enemy_half(Color c) { return c == RED ? ((SquareSet(1) << SQUARE_NB) - 1) & ~RED_HALF : RED_HALF; }

// The first occupied square along a ray from s, or SQ_NONE; `empty` gets the squares passed.
Square first_blocker(const Position& pos, const Ray& ray, int& empty) {
  for (empty = 0; empty < ray.size; ++empty)
    if (!pos.empty(ray.sq[empty])) return ray.sq[empty];
  return SQ_NONE;
}

// One pass over the board for both sides. With Trace, every value added is also counted in
// the trace, so that the trace's sum is the evaluation by construction.
template <bool Trace>
class Evaluator {
 public:
  Evaluator(const Position& pos, const EvalModel& model, EvalTrace* trace)
      : pos_(pos), m_(model), trace_(trace) {}

  int run();

 private:
  void add(Color c, int index, int count = 1) {
    score_[c] += m_.param(index) * count;
    if constexpr (Trace) trace_->coeff[c][index] += count;
  }
  void material(Color c);
  void rooks(Color c);
  void horses(Color c);
  void shelter(Color c);

  const Position& pos_;
  const EvalModel& m_;
  EvalTrace* trace_;
  Tapered score_[COLOR_NB];
};

template <bool Trace>
void Evaluator<Trace>::material(Color c) {
  for (int t = KING; t <= PAWN; ++t)
    for (SquareSet b = pos_.pieces(c, PieceType(t)); b;) {
      const Square s = pop_lsb(b);
      score_[c] += m_.psq(c, PieceType(t), s);
      if constexpr (Trace) {
        ++trace_->coeff[c][I_PIECE_VALUE + t];
        if (const int i = pst_index(PieceType(t), c, s); i >= 0) ++trace_->coeff[c][i];
      }
    }
}

// Rooks live on open lines: mobility counts the empty squares they see.
template <bool Trace>
void Evaluator<Trace>::rooks(Color c) {
  for (SquareSet b = pos_.pieces(c, ROOK); b;) {
    const Square s = pop_lsb(b);
    int mobility = 0;
    for (const Ray& ray : tables().rays[s]) {
      int empty;
      first_blocker(pos_, ray, empty);
      mobility += empty;
    }
    add(c, I_ROOK_MOBILITY + mobility);
  }
}

// A horse with its legs blocked is nearly worthless ("hobbled horse"): mobility counts its
// moves (leg free, target empty or an enemy piece).
template <bool Trace>
void Evaluator<Trace>::horses(Color c) {
  for (SquareSet b = pos_.pieces(c, HORSE); b;) {
    const Square s = pop_lsb(b);
    int moves = 0;
    for (const Step& st : tables().horse_moves[s])
      if (pos_.empty(st.block) && (pos_.empty(st.to) || color_of(pos_.piece_on(st.to)) != c)) ++moves;
    add(c, I_HORSE_MOBILITY + moves);
  }
}

// Missing advisors and elephants hurt in proportion to the enemy's attacking force: with
// the enemy's rooks gone, a bare king is no longer in much danger.
template <bool Trace>
void Evaluator<Trace>::shelter(Color c) {
  const Color them = ~c;
  const int rooks = popcount(pos_.pieces(them, ROOK)), horses = popcount(pos_.pieces(them, HORSE));
  const int cannons = popcount(pos_.pieces(them, CANNON));
  const int attack = std::min(ATTACK_UNITS_NB - 1, 3 * rooks + 2 * horses + 2 * cannons +
                                                       popcount(pos_.pieces(them, PAWN) & enemy_half(them)));
  const int missing_adv = 2 - popcount(pos_.pieces(c, ADVISOR));
  const int missing_ele = 2 - popcount(pos_.pieces(c, ELEPHANT));
  if (missing_adv > 0) add(c, I_ADVISORS_MISSING + (missing_adv - 1) * ATTACK_UNITS_NB + attack);
  if (missing_ele > 0) add(c, I_ELEPHANTS_MISSING + (missing_ele - 1) * ATTACK_UNITS_NB + attack);
}

template <bool Trace>
int Evaluator<Trace>::run() {
  for (Color c : {RED, BLACK}) {
    material(c);
    rooks(c);
    horses(c);
    shelter(c);
  }
  const Color us = pos_.side_to_move();
  add(us, I_TEMPO);  // the side to move is a little better off than a static count says
  const int phase = game_phase(pos_);
  const int red = blend(score_[RED] - score_[BLACK], phase);
  const int eval = us == RED ? red : -red;
  if constexpr (Trace) {
    trace_->total[RED] = score_[RED];
    trace_->total[BLACK] = score_[BLACK];
    trace_->phase = phase;
    trace_->side_to_move = us;
    trace_->eval = eval;
  }
  return eval;
}

}  // namespace

int pst_index(PieceType t, Color c, Square s) {
  const int r = c == RED ? rank_of(s) : RANK_NB - 1 - rank_of(s);
  const int f = std::min(file_of(s), FILE_NB - 1 - file_of(s));
  switch (t) {
    case KING:
      return r < 3 && f >= 3 ? XQ_PARAM_INDEX(pst_king) + r * 2 + f - 3 : -1;
    case ADVISOR:
      return r < 3 && f >= 3 ? XQ_PARAM_INDEX(pst_advisor) + r * 2 + f - 3 : -1;
    case ELEPHANT:
      return r < 5 ? XQ_PARAM_INDEX(pst_elephant) + r * HALF_FILES + f : -1;
    case HORSE:
      return XQ_PARAM_INDEX(pst_horse) + r * HALF_FILES + f;
    case ROOK:
      return XQ_PARAM_INDEX(pst_rook) + r * HALF_FILES + f;
    case CANNON:
      return XQ_PARAM_INDEX(pst_cannon) + r * HALF_FILES + f;
    case PAWN:
      return XQ_PARAM_INDEX(pst_pawn) + r * HALF_FILES + f;
    default:
      return -1;
  }
}

EvalModel::EvalModel(const EvalParams& params) : params_(params) {
  for (Color c : {RED, BLACK})
    for (int t = 0; t < PIECE_TYPE_NB; ++t)
      for (Square s = 0; s < SQUARE_NB; ++s) {
        const int i = t == NO_PIECE_TYPE ? -1 : pst_index(PieceType(t), c, s);
        psq_[c][t][s] = param(I_PIECE_VALUE + t) + (i >= 0 ? param(i) : Tapered());
      }
}

// A function-local static rather than a global: built on first use, so no other file's static
// initialisation can see it half built.
const EvalModel& default_model() {
  static const EvalModel model(DEFAULT_EVAL_PARAMS);
  return model;
}

int game_phase(const Position& pos) {
  const auto count = [&](PieceType t) { return popcount(pos.pieces(RED, t)) + popcount(pos.pieces(BLACK, t)); };
  const int phase = PHASE_ROOK * count(ROOK) + PHASE_HORSE * count(HORSE) + PHASE_CANNON * count(CANNON);
  return std::min(phase, PHASE_MAX);
}

int blend(Tapered red_minus_black, int phase) {
  const int mg = red_minus_black.mg(), eg = red_minus_black.eg();
  return (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
}

int evaluate(const Position& pos, const EvalModel& model) { return Evaluator<false>(pos, model, nullptr).run(); }

int evaluate(const Position& pos) { return evaluate(pos, default_model()); }

EvalTrace trace(const Position& pos, const EvalModel& model) {
  EvalTrace t;
  Evaluator<true>(pos, model, &t).run();
  return t;
}

}  // namespace xq::search
