// The evaluation's parameters: every number the evaluation uses, by name, each a middlegame/
// endgame pair. The values live in eval/params.cpp, a file the tuner (tools/xqtune.cpp)
// rewrites, so a tuning run shows up as a plain `git diff` of numbers.
//
// EvalParams holds nothing but Tapered values, in the order of TERMS below, so every value
// also has a flat index (param_index): the evaluation's trace counts how often each index
// applied for each side, and the tuner fits the values as one vector.
//
// Conventions: tables are seen from the owner's side (rank 0 = its own back rank) and hold
// files a-e only: the board is left-right symmetric, so file i reads file a, h reads b, and so
// on. A term "for a side" is added to that side's score; the evaluation is Red's total minus
// Black's, from the side to move's point of view at the end.
#pragma once

#include <cstddef>
#include <type_traits>

#include "engine/types.h"
#include "tapered.h"

namespace xq::eval {

constexpr int HALF_FILES = 5;          // files a..e; the other four mirror them
constexpr int ROOK_MOBILITY_NB = 18;   // empty squares a rook sees: 0..17
constexpr int HORSE_MOBILITY_NB = 9;   // horse moves: 0..8
// The enemy's attacking force against a side's shelter, in units: 3 per rook, 2 per horse or
// cannon, 1 per pawn across the river; at most 19.
constexpr int ATTACK_UNITS_NB = 20;
constexpr int ATTACKER_NB = 3;         // horse, rook, cannon (indexed by type - HORSE)

struct EvalParams {
  // Material and piece-square tables: a piece is worth piece_value + its square's entry.
  Tapered piece_value[PIECE_TYPE_NB];
  Tapered pst_king[3][2];         // ranks 0-2, files d-e (the palace)
  Tapered pst_advisor[3][2];      // ranks 0-2, files d-e
  Tapered pst_elephant[5][HALF_FILES];  // ranks 0-4 (own half)
  Tapered pst_horse[RANK_NB][HALF_FILES];
  Tapered pst_rook[RANK_NB][HALF_FILES];
  Tapered pst_cannon[RANK_NB][HALF_FILES];
  Tapered pst_pawn[RANK_NB][HALF_FILES];

  // Mobility, by count: rooks by the empty squares they see, horses by the moves they have
  // (leg free, target empty or an enemy piece).
  Tapered rook_mobility[ROOK_MOBILITY_NB];
  Tapered horse_mobility[HORSE_MOBILITY_NB];

  // Shelter: one ([0]) or both ([1]) advisors (elephants) missing, by the enemy's attack units.
  Tapered advisors_missing[2][ATTACK_UNITS_NB];
  Tapered elephants_missing[2][ATTACK_UNITS_NB];

  Tapered tempo;  // for the side to move

  // King safety as Xiangqi players see it.
  Tapered hollow_cannon;          // our cannon on the enemy king's file, nothing between (空头炮)
  Tapered cannon_two_screens;     // ... with exactly two pieces between: one step from check
  Tapered bottom_cannon;          // our cannon on the enemy back rank, the enemy king on it too (沉底炮)
  Tapered rook_palace_file;       // our rook on file d-f, its line toward the enemy open into the palace
  Tapered attacker_across_river[ATTACKER_NB];  // per horse, rook, cannon on the enemy half
  // Per missing enemy advisor (elephant), per attacker of ours of each type: "missing advisors
  // fear the rooks, missing elephants fear the cannons" (缺仕怕车, 缺相怕炮).
  Tapered missing_advisor_vs[ATTACKER_NB];
  Tapered missing_elephant_vs[ATTACKER_NB];
  Tapered advisors_linked;        // both advisors present and guarding each other
  Tapered elephants_linked;       // both elephants present and guarding each other

  // Pieces.
  Tapered horse_leg_blocked;      // per occupied leg square (蹩马腿)
  Tapered horse_edge_trapped;     // horse on file a or i with at most two moves
  Tapered rook_open_file;         // no pawn on the rook's file
  Tapered rook_semi_open_file;    // no pawn of ours on the file, an enemy pawn on it
  Tapered cannon_rook_battery;    // our cannon and rook on one line, nothing between
  Tapered double_cannon;          // our two cannons on one line, nothing between (重炮)
  Tapered rook_pin;               // our rook, one enemy piece, then the enemy king on a line
  Tapered cannon_pin;             // per enemy piece among exactly two between our cannon and the enemy king
  Tapered pawn_linked;            // per pair of our crossed pawns side by side
};

// Endgame scaling: where the side the score favours lacks the material to win, the score
// (both halves, blended) is multiplied by scale / SCALE_NORMAL. Not linear, so the tuner leaves them
// as they are; SCALE_NORMAL everywhere means no scaling.
constexpr int SCALE_NORMAL = 64;
struct EndgameScales {
  int no_attackers = SCALE_NORMAL;       // no rook, horse, cannon or pawn: it cannot mate
  int rook_vs_full_guard = SCALE_NORMAL; // one rook alone vs two advisors and two elephants
  int lone_cannon = SCALE_NORMAL;        // one cannon, nothing else that attacks
  int pawns_only = SCALE_NORMAL;         // only pawns, against a defender with advisors or elephants
  // One horse or one cannon, nothing else that attacks, vs two advisors and two elephants: a
  // book draw (马/炮难胜士象全), though the piece outweighs the guards once material is fitted.
  int minor_vs_full_guard = SCALE_NORMAL;
};

// The game phase from the material left: rooks weigh 4, horses and cannons 2 each;
// PHASE_MAX (the start) is all middlegame, 0 (no rook, horse or cannon) all endgame.
constexpr int PHASE_ROOK = 4, PHASE_HORSE = 2, PHASE_CANNON = 2;
constexpr int PHASE_MAX = 2 * (2 * PHASE_ROOK + 2 * PHASE_HORSE + 2 * PHASE_CANNON);

// The values the engine plays with (eval/params.cpp).
extern const EvalParams DEFAULT_EVAL_PARAMS;
extern const EndgameScales DEFAULT_ENDGAME_SCALES;

static_assert(std::is_standard_layout_v<EvalParams>);
constexpr int PARAM_NB = int(sizeof(EvalParams) / sizeof(Tapered));

// One named term of EvalParams: where its values start in the flat order and its shape.
struct TermInfo {
  const char* name;
  int offset;
  int rows, cols;
  int size() const { return rows * cols; }
};

namespace detail {
template <class T>
struct Shape {
  static constexpr int rows = 1, cols = 1;
};
template <class T, std::size_t N>
struct Shape<T[N]> {
  static constexpr int rows = int(N), cols = int(sizeof(T) / sizeof(Tapered));
};
}  // namespace detail

#define XQ_PARAM_INDEX(member) int(offsetof(::xq::eval::EvalParams, member) / sizeof(::xq::eval::Tapered))
#define XQ_TERM(member)                                                                          \
  ::xq::eval::TermInfo {                                                                         \
    #member, XQ_PARAM_INDEX(member), ::xq::eval::detail::Shape<decltype(EvalParams::member)>::rows, \
        ::xq::eval::detail::Shape<decltype(EvalParams::member)>::cols                            \
  }

inline constexpr TermInfo TERMS[] = {
    XQ_TERM(piece_value),         XQ_TERM(pst_king),          XQ_TERM(pst_advisor),
    XQ_TERM(pst_elephant),        XQ_TERM(pst_horse),         XQ_TERM(pst_rook),
    XQ_TERM(pst_cannon),          XQ_TERM(pst_pawn),          XQ_TERM(rook_mobility),
    XQ_TERM(horse_mobility),      XQ_TERM(advisors_missing),  XQ_TERM(elephants_missing),
    XQ_TERM(tempo),               XQ_TERM(hollow_cannon),     XQ_TERM(cannon_two_screens),
    XQ_TERM(bottom_cannon),       XQ_TERM(rook_palace_file),  XQ_TERM(attacker_across_river),
    XQ_TERM(missing_advisor_vs),  XQ_TERM(missing_elephant_vs), XQ_TERM(advisors_linked),
    XQ_TERM(elephants_linked),    XQ_TERM(horse_leg_blocked), XQ_TERM(horse_edge_trapped),
    XQ_TERM(rook_open_file),      XQ_TERM(rook_semi_open_file), XQ_TERM(cannon_rook_battery),
    XQ_TERM(double_cannon),       XQ_TERM(rook_pin),          XQ_TERM(cannon_pin),
    XQ_TERM(pawn_linked),
};
constexpr int TERM_NB = int(sizeof(TERMS) / sizeof(TERMS[0]));

// TERMS lists every member, in order, with nothing left out (the tuner and the file writer
// rely on it).
constexpr bool terms_cover_params() {
  int next = 0;
  for (const TermInfo& t : TERMS) {
    if (t.offset != next) return false;
    next += t.rows * t.cols;
  }
  return next == PARAM_NB;
}
static_assert(terms_cover_params(), "TERMS must list EvalParams' members in order");

// The flat view: value i of the params, i in [0, PARAM_NB).
inline const Tapered& param_at(const EvalParams& p, int i) { return reinterpret_cast<const Tapered*>(&p)[i]; }
inline Tapered& param_at(EvalParams& p, int i) { return reinterpret_cast<Tapered*>(&p)[i]; }

// The endgame scales by name, for the file writer and reader.
struct ScaleInfo {
  const char* name;
  int EndgameScales::*member;
};
inline constexpr ScaleInfo SCALES[] = {
    {"no_attackers", &EndgameScales::no_attackers},
    {"rook_vs_full_guard", &EndgameScales::rook_vs_full_guard},
    {"lone_cannon", &EndgameScales::lone_cannon},
    {"pawns_only", &EndgameScales::pawns_only},
    {"minor_vs_full_guard", &EndgameScales::minor_vs_full_guard},
};

}  // namespace xq::eval
