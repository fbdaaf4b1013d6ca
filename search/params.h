// Every tuning constant of the search, named in one place. The values are starting points
// taken from the usual ranges in public engines and then kept or changed only by self-play
// matches (bench/results/search/changes.md). Scores are centipawns on our scale (pawn 100,
// rook 900); depths are plies.
#pragma once

namespace xq::search::params {

// Aspiration windows: the first window's half width, and how it grows on a failure.
inline constexpr int ASPIRATION_DELTA = 25;
inline constexpr int ASPIRATION_MIN_DEPTH = 4;

// Razoring: at depth <= RAZOR_DEPTH, a static eval this far below alpha drops into quiescence.
inline constexpr int RAZOR_DEPTH = 2;
inline constexpr int RAZOR_MARGIN = 350;  // per ply of depth

// Reverse futility: at depth <= RFP_DEPTH, an eval this far above beta returns at once.
inline constexpr int RFP_DEPTH = 8;
inline constexpr int RFP_MARGIN = 85;  // per ply (one ply less when the eval is improving)

// Null move: reduction = BASE + depth / DEPTH_DIV + min((eval - beta) / EVAL_DIV, EVAL_MAX).
inline constexpr int NMP_MIN_DEPTH = 3;
inline constexpr int NMP_BASE = 3;
inline constexpr int NMP_DEPTH_DIV = 3;
inline constexpr int NMP_EVAL_DIV = 200;
inline constexpr int NMP_EVAL_MAX = 3;

// Internal iterative reduction: a node without a table move at this depth is searched one
// ply shallower (its move ordering is poor anyway).
inline constexpr int IIR_MIN_DEPTH = 4;

// Late-move pruning: quiet moves after (LMP_BASE + depth^2) / (2 - improving) are skipped.
inline constexpr int LMP_BASE = 3;
inline constexpr int LMP_MAX_DEPTH = 8;

// Futility pruning of quiet moves by the reduced depth: eval + BASE + PER_DEPTH * d <= alpha.
inline constexpr int FUTILITY_MAX_DEPTH = 8;
inline constexpr int FUTILITY_BASE = 100;
inline constexpr int FUTILITY_PER_DEPTH = 100;

// History pruning: a quiet move whose continuation histories sum below -MARGIN * depth.
inline constexpr int HISTORY_PRUNE_DEPTH = 3;
inline constexpr int HISTORY_PRUNE_MARGIN = 3000;

// SEE pruning thresholds (negative: the loss a move may risk at this depth).
inline constexpr int SEE_QUIET_MARGIN = 25;     // times lmr_depth^2
inline constexpr int SEE_CAPTURE_MARGIN = 100;  // times depth
inline constexpr int SEE_MAX_DEPTH = 8;

// Late-move reductions: log(depth) * log(moves) / DIVISOR, adjusted by the move's history.
inline constexpr double LMR_BASE = 0.5;
inline constexpr double LMR_DIVISOR = 2.2;
inline constexpr int LMR_HISTORY_DIV = 8192;

// Singular extensions.
inline constexpr int SINGULAR_MIN_DEPTH = 7;
inline constexpr int SINGULAR_MARGIN = 2;  // times depth, below the table score

// Quiescence: delta pruning margin on top of the victim's value.
inline constexpr int QS_DELTA = 200;

// History statistics: the bonus for a cut-off at a depth, and the gravity limit.
inline constexpr int HISTORY_BONUS_PER_DEPTH = 300;
inline constexpr int HISTORY_BONUS_OFFSET = 250;
inline constexpr int HISTORY_BONUS_MAX = 1500;
inline constexpr int HISTORY_MAX = 16384;

}  // namespace xq::search::params
