// The colour-mirrored twin of a position, as FEN text: the board mirrored top to bottom (rank
// r becomes rank last - r, files stay), every piece's colour swapped, the other side to move,
// the move counters kept. A position and its twin are the same game seen from the other side,
// so an evaluation from the side to move's view and a perft must agree on both (the `flip`
// command, and the tests that check that symmetry).
#pragma once

#include <string>
#include <string_view>

namespace xq::frontend {

// Xiangqi: "placement side - - halfmove fullmove" as engine/notation.h writes it.
std::string flip_xiangqi_fen(std::string_view fen);
// Chess: castling rights change hands (written KQkq-ordered again) and an en-passant square
// moves to the mirrored rank (3 <-> 6).
std::string flip_chess_fen(std::string_view fen);

}  // namespace xq::frontend
