// Every tuning constant of the search, named in one place. The values are starting points
// taken from the usual ranges in public engines and then kept or changed only by self-play
// matches (bench/results/search/changes.md). Scores are centipawns on our scale (pawn 100,
// rook 900); depths are plies; times are milliseconds.
//
// Two lists, each X(TYPE, NAME, DEFAULT, MIN, MAX, C_END, R_END) per parameter:
//   XQ_SEARCH_PARAMS  what shapes the tree: pruning, reductions, extensions, move ordering,
//                     the transposition table's replacement. A fixed-node or fixed-depth game
//                     (and bench) depends on these.
//   XQ_TIME_PARAMS    the time manager (timeman.cpp): how much of the clock a move may use and
//                     when the next iteration is not started. Kept apart because they act only
//                     under a clock: bench and a fixed-node match never read them, so a tuner
//                     must play with a clock to learn anything about them (bench/spsa.py leaves
//                     them out of --nodes runs). Their names start with TM_.
// DEFAULT is the value the engine plays with. MIN and MAX bound what a tuner may try (outside
// them a formula breaks, e.g. a divisor of 0 or a clamp whose bounds cross, or the idea stops
// making sense). C_END and R_END are SPSA's final perturbation and learning rate (bench/
// spsa.py): C_END about a twentieth of the range, R_END 0.002 (in the UCI option's units, see
// tune.h).
//
// TYPE is int or double. A ratio in integer arithmetic is an int in per-mille or per-cent (the
// name's comment says which), written so that the default computes exactly what the bare
// fraction did (inc * 3 / 4 is inc * 750 / 1000 for every integer inc); a ratio in floating
// point arithmetic stays a double, which a tuner sees in hundredths.
//
// A normal build makes each one `inline constexpr`, so the search compiles exactly as if the
// numbers were written in place. A tuning build (cmake -DXQ_TUNE=ON) makes each one a plain
// variable with that default, which the UCI option of the same name sets (frontend/
// tune_options.h; `xqengine tune-params` lists them for the SPSA driver). Either way the search
// reads them by the same names.
//
// What is not here, on purpose: numbers that are structure rather than taste (array sizes,
// MAX_PLY, the score bands of score.h, the one-ply steps of extensions and of LMR's
// adjustments, the evasion stage's capture band, how often the clock is polled), the SEE
// piece values (see.h) and the evaluation's terms (eval/params.h, their own tuner).
//
// To change a value by hand or paste a tuning result: edit DEFAULT in the list below.
#pragma once

// clang-format off
#define XQ_SEARCH_PARAMS(X)                                                                    \
  /* Aspiration windows: the first window's half width, from this depth on. */                 \
  X(int,    ASPIRATION_DELTA,        25,    8,     80,    4,    0.002)                         \
  X(int,    ASPIRATION_MIN_DEPTH,    4,     1,     10,    1,    0.002)                         \
  /* ... which grows by GROWTH per cent after each failure (DELTA's and GROWTH's minimums */   \
  /* make that at least 1 cp), until it passes MAX_DELTA and the window opens in full. */      \
  X(int,    ASPIRATION_GROWTH,       50,    20,    200,   9,    0.002)                         \
  X(int,    ASPIRATION_MAX_DELTA,    1000,  200,   4000,  190,  0.002)                         \
  /* Razoring: at depth <= RAZOR_DEPTH, an eval RAZOR_MARGIN per ply below alpha drops */      \
  /* into quiescence. */                                                                       \
  X(int,    RAZOR_DEPTH,             2,     0,     6,     1,    0.002)                         \
  X(int,    RAZOR_MARGIN,            350,   100,   800,   30,   0.002)                         \
  /* Reverse futility: at depth <= RFP_DEPTH, an eval RFP_MARGIN per ply above beta returns */ \
  /* at once (one ply less when the eval is improving). */                                     \
  X(int,    RFP_DEPTH,               8,     2,     14,    1,    0.002)                         \
  /* The eval margins below (RFP, futility, the null move's EVAL_DIV) were set for the */      \
  /* classical scale (win midpoint about 400); the network's is 164 (gen17): halved, they */   \
  /* gained +13.0 +/- 10.2 at 30,000 nodes (changes.md, 2026-12-06_0747). */                   \
  X(int,    RFP_MARGIN,              43,    15,    200,   5,    0.002)                         \
  /* A game is decided where the root's eval or score is this far from 0: the question is a */ \
  /* mate, so razoring and reverse futility stay out and late-move pruning keeps checks. In */ \
  /* the network's units: 2000 suited the classical scale; with gen17 (midpoint 164) mates */  \
  /* slipped, and 1000 solved the most of the suite (decided_eval_2026-12-06.md). */           \
  X(int,    DECIDED_EVAL,            1000,  300,   6000,  275,  0.002)                         \
  /* Null move: reduction = BASE + depth / DEPTH_DIV + min((eval - beta) / EVAL_DIV, */        \
  /* EVAL_MAX). The divisors stay >= 1. */                                                     \
  X(int,    NMP_MIN_DEPTH,           3,     1,     8,     1,    0.002)                         \
  X(int,    NMP_BASE,                3,     1,     6,     1,    0.002)                         \
  X(int,    NMP_DEPTH_DIV,           3,     1,     8,     1,    0.002)                         \
  X(int,    NMP_EVAL_DIV,            100,   25,    600,   12,   0.002)                         \
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
  X(int,    FUTILITY_BASE,           50,    0,     300,   8,    0.002)                         \
  X(int,    FUTILITY_PER_DEPTH,      50,    15,    250,   6,    0.002)                         \
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
  /* ... for quiet moves from this depth on. */                                                \
  X(int,    LMR_MIN_DEPTH,           2,     1,     8,     1,    0.002)                         \
  /* Singular extensions: from this depth, when the table entry is at most TT_DEPTH_MARGIN */  \
  /* plies shallower than the node; the other moves are searched at (depth - 1) / DEPTH_DIV */ \
  /* against SINGULAR_MARGIN * depth below the table score. */                                 \
  X(int,    SINGULAR_MIN_DEPTH,      7,     4,     14,    1,    0.002)                         \
  X(int,    SINGULAR_MARGIN,         2,     0,     6,     1,    0.002)                         \
  X(int,    SINGULAR_TT_DEPTH_MARGIN, 3,     0,     8,     1,    0.002)                        \
  X(int,    SINGULAR_DEPTH_DIV,      2,     1,     4,     1,    0.002)                         \
  /* Quiescence: delta pruning margin on top of the victim's exchange value (see.h). The */    \
  /* fitted evaluation moves far more than that when a piece is taken (middlegame rook */      \
  /* 1572 against 900, plus mobility and tables), and every step up paid at fixed nodes: */    \
  /* 200 -> 450 +69, -> 700 +44, -> 1200 +54 Elo. At 1200 it prunes only hopeless captures. */ \
  X(int,    QS_DELTA,                1200,  50,    3000,  150,  0.002)                         \
  /* Capture ordering: VICTIM times the victim's exchange value (see.h), plus the capture */   \
  /* history divided by HISTORY_DIV. */                                                        \
  X(int,    CAPTURE_ORDER_VICTIM,    8,     1,     32,    2,    0.002)                         \
  X(int,    CAPTURE_ORDER_HISTORY_DIV, 16,    2,     64,    3,    0.002)                       \
  /* Transposition table: a slot's worth for replacement is its depth less AGE_WEIGHT per */   \
  /* search it is old; an exact entry of this search is kept against a bound of the same */    \
  /* position at least EXACT_KEEP_MARGIN + 1 plies shallower. */                               \
  X(int,    TT_AGE_WEIGHT,           8,     0,     32,    2,    0.002)                         \
  X(int,    TT_EXACT_KEEP_MARGIN,    3,     0,     10,    1,    0.002)                         \
  /* History statistics: the bonus for a cut-off at a depth, and the gravity limit (at most */ \
  /* what an int16 entry holds). */                                                            \
  X(int,    HISTORY_BONUS_PER_DEPTH, 300,   100,   800,   35,   0.002)                         \
  X(int,    HISTORY_BONUS_OFFSET,    250,   0,     800,   40,   0.002)                         \
  X(int,    HISTORY_BONUS_MAX,       1500,  500,   4000,  175,  0.002)                         \
  X(int,    HISTORY_MAX,             16384, 4096,  32000, 1400, 0.002)                         \
  /* Correction history (correction.h): each of its entries averages errors of at most MAX */  \
  /* cp; a search of depth d weighs (d + 1) / 256 in the running average, at most */           \
  /* WEIGHT_MAX / 256. MAX * 64 must fit an int16 entry. */                                    \
  X(int,    CORRECTION_MAX,          128,   16,    500,   24,   0.002)                         \
  X(int,    CORRECTION_WEIGHT_MAX,   16,    1,     128,   6,    0.002)

#define XQ_TIME_PARAMS(X)                                                                      \
  /* Kept back from every clock for pipes and process switches (on top of the protocol's */    \
  /* Move Overhead), but never more than a 1/MOVETIME_OVERHEAD_DIV of a fixed move time. */    \
  X(int,    TM_OVERHEAD,             30,    0,     500,   25,   0.002)                         \
  X(int,    TM_MOVETIME_OVERHEAD_DIV, 10,    2,     100,   5,    0.002)                        \
  /* Moves the clock is spread over: MOVES_LEFT in sudden death, else movestogo, at most */    \
  /* MOVESTOGO_MAX. */                                                                         \
  X(int,    TM_MOVES_LEFT,           20,    10,    80,    4,    0.002)                         \
  X(int,    TM_MOVESTOGO_MAX,        40,    10,    80,    4,    0.002)                         \
  /* Per-mille of the increment added to the optimum. */                                       \
  X(int,    TM_INC_SHARE,            750,   0,     1000,  50,   0.002)                         \
  /* The cap of both limits: 1/CAP_DIV of the clock, or, on the last move before the time */   \
  /* control, LAST_MOVE_SHARE per-mille of it. */                                              \
  X(int,    TM_CAP_DIV,              3,     2,     10,    1,    0.002)                         \
  X(int,    TM_LAST_MOVE_SHARE,      900,   500,   990,   25,   0.002)                         \
  /* The hard limit, in per-mille of the optimum (capped as above). */                         \
  X(int,    TM_MAXIMUM_RATIO,        4000,  1000,  10000, 450,  0.002)                         \
  /* The plan between iterations (iteration_deadline): the optimum times STABLE_MAX, less */   \
  /* STABLE_STEP per iteration the best move stayed, at least STABLE_MIN; times */             \
  /* 1 + drop / FALLING_DIV for a score that fell by drop cp, within [FALLING_MIN, */          \
  /* FALLING_MAX]. The next iteration starts while less than NEXT_ITERATION of it is spent. */ \
  X(double, TM_STABLE_MAX,           1.4,   1.0,   2.5,   0.08, 0.002)                         \
  X(double, TM_STABLE_STEP,          0.2,   0.0,   0.5,   0.03, 0.002)                         \
  X(double, TM_STABLE_MIN,           0.6,   0.3,   1.0,   0.04, 0.002)                         \
  X(int,    TM_FALLING_DIV,          150,   50,    500,   18,   0.002)                         \
  X(double, TM_FALLING_MIN,          0.8,   0.5,   1.0,   0.03, 0.002)                         \
  X(double, TM_FALLING_MAX,          1.6,   1.0,   3.0,   0.1,  0.002)                         \
  X(double, TM_NEXT_ITERATION,       0.7,   0.3,   0.9,   0.03, 0.002)                         \
  /* The plan times EFFORT_CUT when at least EFFORT_HIGH per-mille of the search's nodes went */ \
  /* into the best move: the others were refuted quickly, so more time would change little. */ \
  X(int,    TM_EFFORT_HIGH,          900,   500,   1000,  25,   0.002)                         \
  X(double, TM_EFFORT_CUT,           0.75,  0.4,   1.0,   0.04, 0.002)
// clang-format on

namespace xq::search::params {

#ifdef XQ_TUNE
#define XQ_DECLARE_PARAM(TYPE, NAME, DEFAULT, MIN, MAX, C_END, R_END) inline TYPE NAME = DEFAULT;
#else
#define XQ_DECLARE_PARAM(TYPE, NAME, DEFAULT, MIN, MAX, C_END, R_END) inline constexpr TYPE NAME = DEFAULT;
#endif
XQ_SEARCH_PARAMS(XQ_DECLARE_PARAM)
XQ_TIME_PARAMS(XQ_DECLARE_PARAM)
#undef XQ_DECLARE_PARAM

}  // namespace xq::search::params
