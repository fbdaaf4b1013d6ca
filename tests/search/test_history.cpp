// The continuation history's clear(): it zeroes only the blocks at() handed out, so every
// block written through such a pointer must come back zero, and the bookkeeping with it.
#include <catch2/catch.hpp>

#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include "search/history.h"

using namespace xq;
using namespace xq::search;

namespace {

bool all_zero(const void* p, std::size_t n) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (std::size_t i = 0; i < n; ++i)
    if (b[i]) return false;
  return true;
}

}  // namespace

TEST_CASE("continuation history: clear() zeroes every block handed out, and only those were written", "[search][history]") {
  auto hist = std::make_unique<ContinuationHistory>();
  std::memset(static_cast<void*>(hist.get()), 0, sizeof(ContinuationHistory));  // as the searcher's zeroed memory
  std::mt19937 rng(26);
  std::uniform_int_distribution<int> piece(0, PIECE_NB - 1), square(0, SQUARE_NB - 1), bonus(-2000, 2000);
  for (int round = 0; round < 3; ++round) {
    INFO("round " << round);
    // Blocks written through at(), as the search writes them (update_continuations).
    std::vector<PieceToHistory*> written;
    for (int i = 0; i < 200; ++i) {
      PieceToHistory* block = hist->at(Piece(piece(rng)), Square(square(rng)));
      for (int k = 0; k < 5; ++k) block->update(Piece(piece(rng)), Square(square(rng)), bonus(rng) | 1);
      written.push_back(block);
    }
    // Not vacuous: the writes left values behind.
    REQUIRE_FALSE(all_zero(hist->table, sizeof hist->table));
    hist->clear();
    CHECK(all_zero(hist->table, sizeof hist->table));
    CHECK(all_zero(hist->handed_out, sizeof hist->handed_out));
  }
}

TEST_CASE("continuation history: a block taken but left unwritten is cleared without harm", "[search][history]") {
  auto hist = std::make_unique<ContinuationHistory>();
  std::memset(static_cast<void*>(hist.get()), 0, sizeof(ContinuationHistory));
  PieceToHistory* block = hist->at(make_piece(RED, ROOK), 0);
  CHECK(hist->handed_out[make_piece(RED, ROOK)][0]);
  CHECK(block == &hist->table[make_piece(RED, ROOK)][0]);
  hist->clear();
  CHECK_FALSE(hist->handed_out[make_piece(RED, ROOK)][0]);
  CHECK(all_zero(hist.get(), sizeof(ContinuationHistory)));
}
