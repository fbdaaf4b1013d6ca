// Every tuning constant of the search, named in one place. The values are starting points
// taken from the usual ranges in public engines and then kept or changed only by self-play
// matches (bench/results/search/changes.md). Scores are centipawns on our scale (pawn 100,
// rook 900); depths are plies.
//
// XQ_SEARCH_PARAMS is the one list: X(TYPE, NAME, DEFAULT, MIN, MAX, C_END, R_END) per
// parameter. DEFAULT is the value the engine plays with. MIN and MAX bound what a tuner may try
// (outside them a formula breaks, e.g. a divisor of 0, or the idea stops making sense). C_END
// and R_END are SPSA's final perturbation and learning rate (bench/spsa.py): C_END about a
// twentieth of the range, R_END 0.002 (in the UCI option's units, see tune.h).
//
// A normal build makes each one `inline constexpr`, so the search compiles exactly as if the
// numbers were written in place. A tuning build (cmake -DXQ_TUNE=ON) makes each one a plain
// variable with that default, which the UCI option of the same name sets (frontend/
// tune_options.h; `xqengine tune-params` lists them for the SPSA driver). Either way the search
// reads them by the same names.
//
// To change a value by hand or paste a tuning result: edit DEFAULT in the list below.
#pragma once

// clang-format off
#define XQ_SEARCH_PARAMS(X)                                                                    \
  /* Aspiration windows: the first window's half width, from this depth on. */                 \
  X(int,    ASPIRATION_DELTA,        25,    8,     80,    4,    0.002)                         \
  X(int,    ASPIRATION_MIN_DEPTH,    4,     1,     10,    1,    0.002)                         \
  /* Razoring: at depth <= RAZOR_DEPTH, an eval RAZOR_MARGIN per ply below alpha drops */      \
  /* into quiescence. */                                                                       \
  X(int,    RAZOR_DEPTH,             2,     0,     6,     1,    0.002)                         \
  X(int,    RAZOR_MARGIN,            350,   100,   800,   30,   0.002)                         \
  /* Reverse futility: at depth <= RFP_DEPTH, an eval RFP_MARGIN per ply above beta returns */ \
  /* at once (one ply less when the eval is improving). */                                     \
  X(int,    RFP_DEPTH,               8,     2,     14,    1,    0.002)                         \
  X(int,    RFP_MARGIN,              85,    30,    200,   8,    0.002)                         \
  /* Null move: reduction = BASE + depth / DEPTH_DIV + min((eval - beta) / EVAL_DIV, */        \
  /* EVAL_MAX). The divisors stay >= 1. */                                                     \
  X(int,    NMP_MIN_DEPTH,           3,     1,     8,     1,    0.002)                         \
  X(int,    NMP_BASE,                3,     1,     6,     1,    0.002)                         \
  X(int,    NMP_DEPTH_DIV,           3,     1,     8,     1,    0.002)                         \
  X(int,    NMP_EVAL_DIV,            200,   50,    600,   25,   0.002)                         \
  X(int,    NMP_EVAL_MAX,            3,     0,     8,     1,    0.002)                         \
  /* Internal iterative reduction: a node without a table move at this depth is searched */    \
  /* one ply shallower (its move ordering is poor anyway). */                                  \
  X(int,    IIR_MIN_DEPTH,           4,     2,     10,    1,    0.002)                         \
  /* Late-move pruning: quiet moves after (LMP_BASE + depth^2) / (2 - improving) are */        \
  /* skipped, up to LMP_MAX_DEPTH. */                                                          \
  X(int,    LMP_BASE,                3,     0,     12,    1,    0.002)                         \
  X(int,    LMP_MAX_DEPTH,           8,     2,     16,    1,    0.002)                         \
  /* Futility pruning of quiet moves by the reduced depth d: eval + BASE + PER_DEPTH * d */    \
  /* <= alpha. */                                                                              \
  X(int,    FUTILITY_MAX_DEPTH,      8,     2,     16,    1,    0.002)                         \
  X(int,    FUTILITY_BASE,           100,   0,     300,   15,   0.002)                         \
  X(int,    FUTILITY_PER_DEPTH,      100,   30,    250,   10,   0.002)                         \
  /* History pruning: a quiet move whose continuation histories sum below -MARGIN * depth. */  \
  X(int,    HISTORY_PRUNE_DEPTH,     3,     0,     8,     1,    0.002)                         \
  X(int,    HISTORY_PRUNE_MARGIN,    3000,  500,   8000,  350,  0.002)                         \
  /* SEE pruning: a quiet move may risk QUIET_MARGIN * lmr_depth^2, a capture */               \
  /* CAPTURE_MARGIN * depth, below SEE_MAX_DEPTH. */                                           \
  X(int,    SEE_QUIET_MARGIN,        25,    5,     80,    4,    0.002)                         \
  X(int,    SEE_CAPTURE_MARGIN,      100,   20,    300,   14,   0.002)                         \
  X(int,    SEE_MAX_DEPTH,           8,     2,     16,    1,    0.002)                         \
  /* Late-move reductions: BASE + log(depth) * log(moves) / DIVISOR, adjusted by the move's */ \
  /* history (one ply per HISTORY_DIV). */                                                     \
  X(double, LMR_BASE,                0.5,   0.0,   1.5,   0.07, 0.002)                         \
  X(double, LMR_DIVISOR,             2.2,   1.2,   4.0,   0.14, 0.002)                         \
  X(int,    LMR_HISTORY_DIV,         8192,  2048,  32768, 1500, 0.002)                         \
  /* Singular extensions: from this depth, SINGULAR_MARGIN * depth below the table score. */   \
  X(int,    SINGULAR_MIN_DEPTH,      7,     4,     14,    1,    0.002)                         \
  X(int,    SINGULAR_MARGIN,         2,     0,     6,     1,    0.002)                         \
  /* Quiescence: delta pruning margin on top of the victim's value. */                         \
  X(int,    QS_DELTA,                200,   50,    500,   22,   0.002)                         \
  /* History statistics: the bonus for a cut-off at a depth, and the gravity limit (at most */ \
  /* what an int16 entry holds). */                                                            \
  X(int,    HISTORY_BONUS_PER_DEPTH, 300,   100,   800,   35,   0.002)                         \
  X(int,    HISTORY_BONUS_OFFSET,    250,   0,     800,   40,   0.002)                         \
  X(int,    HISTORY_BONUS_MAX,       1500,  500,   4000,  175,  0.002)                         \
  X(int,    HISTORY_MAX,             16384, 4096,  32000, 1400, 0.002)
// clang-format on

namespace xq::search::params {

#ifdef XQ_TUNE
#define XQ_DECLARE_PARAM(TYPE, NAME, DEFAULT, MIN, MAX, C_END, R_END) inline TYPE NAME = DEFAULT;
#else
#define XQ_DECLARE_PARAM(TYPE, NAME, DEFAULT, MIN, MAX, C_END, R_END) inline constexpr TYPE NAME = DEFAULT;
#endif
XQ_SEARCH_PARAMS(XQ_DECLARE_PARAM)
#undef XQ_DECLARE_PARAM

}  // namespace xq::search::params
