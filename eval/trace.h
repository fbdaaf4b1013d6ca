// The evaluation term by term, as a text table for people (`eval` in the protocol front end):
// each term's middlegame and endgame sums for Red and for Black, then the phase, the endgame
// scales and the blended total, which equals evaluate().
#pragma once

#include <string>

#include "engine/position.h"
#include "classical.h"
#include "nnue/loaded_network.h"

namespace xq::eval {

// Side c's sum of pairs over one term of TERMS (t indexes TERMS).
Tapered term_sum(const EvalTrace& trace, const EvalModel& model, int t, Color c);

std::string format_trace(const EvalTrace& trace, const EvalModel& model = default_model());
inline std::string format_eval(const Position& pos) { return format_trace(trace(pos)); }

// The network's part of `eval`: which network (source, FNV-1a 64 hash of its file,
// description), whether the search uses it, its score, and like Stockfish each piece's
// contribution: the score minus the score with that piece removed (kings excluded), for Red,
// on a board.
std::string format_network_eval(const Position& pos, const nnue::LoadedNetwork& net, bool in_use);

}  // namespace xq::eval
