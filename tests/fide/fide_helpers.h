// Small helpers shared by the chess tests: set a FEN and play UCI moves, failing loudly.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/fide/notation.h"

namespace fide_test {

inline xq::fide::Position from_fen(const std::string& fen) {
  xq::fide::Position pos;
  const auto res = xq::fide::set_fen(pos, fen);
  INFO("FEN: " << fen << "  error: " << res.error);
  REQUIRE(res.ok);
  return pos;
}

inline void play(xq::fide::Position& pos, const std::vector<std::string>& moves) {
  for (const auto& text : moves) {
    const auto mr = xq::fide::parse_uci_move(pos, text);
    INFO("move " << text << " in " << xq::fide::to_fen(pos) << ": " << mr.error);
    REQUIRE(mr.ok());
    pos.do_move(mr.move);
  }
}

inline xq::fide::Move move(const xq::fide::Position& pos, const std::string& text) {
  const auto mr = xq::fide::parse_uci_move(pos, text);
  INFO("move " << text << ": " << mr.error);
  REQUIRE(mr.ok());
  return mr.move;
}

}  // namespace fide_test
