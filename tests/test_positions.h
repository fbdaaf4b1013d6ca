// Small helpers shared by the Xiangqi tests: set a FEN and play moves, failing the test loudly
// (with the FEN or move and the parser's error) instead of going on from a wrong position.
// The chess tests have the same in fide/fide_helpers.h; the search tests' setup() in
// search/search_helpers.h also records judge data.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "engine/notation.h"

namespace xq::test {

inline Position from_fen(const std::string& fen) {
  Position pos;
  const FenResult r = set_fen(pos, fen);
  INFO("FEN: " << fen << "  error: " << r.error);
  REQUIRE(r.ok);
  return pos;
}

// The legal move `text` (ICCS coordinates) in `pos`.
inline Move move_of(Position& pos, const std::string& text) {
  const MoveResult mr = parse_move(pos, text);
  INFO(text << ": " << mr.error);
  REQUIRE(mr.ok());
  return mr.move;
}

inline void play(Position& pos, const std::string& move) { pos.do_move(move_of(pos, move)); }

}  // namespace xq::test
