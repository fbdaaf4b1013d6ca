// Correction history: how far the static evaluation has lately been from what the search
// found below positions that share a feature with this one, by side to move. The network
// misjudges some whole structures (a pawn chain across the river, a side's pieces crowded on
// one wing) that it sees only piece by piece; the searches of such positions carry the error,
// and the next evaluation of a position that shares them is moved by their running average.
//
// Three slots a position: its pawns (both sides'), Red's other pieces and Black's other
// pieces, each a hash of the squares (a few multiplications, no key to keep in do_move).
// Each entry is a moving average of (search result - raw evaluation) in 1/GRAIN centipawns,
// weighted by the depth of the search that produced it and capped at +-CORRECTION_MAX cp; the
// correction is the three entries' mean. At 30,000 nodes a move, the pawns' slot alone gained
// nothing measurable (-1.7 +/- 16.4 in 1,003 games); the three together did
// (bench/results/search/correction_2026-11-29.md).
#pragma once

#include <algorithm>
#include <cstdint>

#include "engine/position.h"
#include "params.h"

namespace xq::search {

// The slots of one position: its pawns, and each side's other pieces.
struct CorrectionIndex {
  int pawns = 0;
  int others[COLOR_NB] = {0, 0};
};

class CorrectionHistory {
 public:
  static constexpr int BITS = 14;
  static constexpr int SIZE = 1 << BITS;
  static constexpr int GRAIN = 64;  // entry units per centipawn

  // A set of squares multiplied into the top BITS bits (two constants per set).
  static int hash(SquareSet s, std::uint64_t k_lo, std::uint64_t k_hi) {
    return int((std::uint64_t(s) * k_lo ^ std::uint64_t(s >> 64) * k_hi) >> (64 - BITS));
  }
  // The pawn structure's slot: both sides' pawn sets.
  static int index(const Position& pos) {
    return hash(pos.pieces(RED, PAWN), 0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full) ^
           hash(pos.pieces(BLACK, PAWN), 0x165667B19E3779F9ull, 0xD6E8FEB86659FD93ull);
  }
  static CorrectionIndex indices(const Position& pos) {
    CorrectionIndex ix;
    ix.pawns = index(pos);
    ix.others[RED] = hash(pos.pieces(RED) & ~pos.pieces(RED, PAWN), 0x85EBCA77C2B2AE63ull, 0x27D4EB2F165667C5ull);
    ix.others[BLACK] = hash(pos.pieces(BLACK) & ~pos.pieces(BLACK, PAWN), 0xFF51AFD7ED558CCDull, 0xC4CEB9FE1A85EC53ull);
    return ix;
  }

  // The correction in centipawns for the side to move `c`: the three slots' average.
  int get(Color c, const CorrectionIndex& ix) const {
    return (pawns_[c][ix.pawns] + others_[c][RED][ix.others[RED]] + others_[c][BLACK][ix.others[BLACK]]) / (3 * GRAIN);
  }
  // The pawns' slot alone (the tests read and train one slot through these).
  int get(Color c, int i) const { return pawns_[c][i] / GRAIN; }

  // A search of `depth` found `error` = its result - the raw evaluation (centipawns).
  void update(Color c, const CorrectionIndex& ix, int error, int depth) {
    const int target = target_of(error), w = weight_of(depth);
    average(pawns_[c][ix.pawns], target, w);
    average(others_[c][RED][ix.others[RED]], target, w);
    average(others_[c][BLACK][ix.others[BLACK]], target, w);
  }
  void update(Color c, int i, int error, int depth) { average(pawns_[c][i], target_of(error), weight_of(depth)); }

 private:
  static int target_of(int error) { return std::clamp(error, -params::CORRECTION_MAX, params::CORRECTION_MAX) * GRAIN; }
  static int weight_of(int depth) { return std::min(depth + 1, params::CORRECTION_WEIGHT_MAX); }
  static void average(std::int16_t& e, int target, int w) { e = std::int16_t((e * (256 - w) + target * w) / 256); }
  std::int16_t pawns_[COLOR_NB][SIZE];
  std::int16_t others_[COLOR_NB][COLOR_NB][SIZE];
};

}  // namespace xq::search
