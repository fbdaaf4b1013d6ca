// The book move draw (book/choose.h): by weight, seeded, shaped by the variety.
#include <catch2/catch.hpp>

#include <vector>

#include "book/choose.h"

using xq::book::BookMove;
using xq::book::choose;

namespace {

std::vector<BookMove> weights(const std::vector<std::uint32_t>& w) {
  std::vector<BookMove> moves;
  for (std::size_t i = 0; i < w.size(); ++i) moves.push_back({xq::Move(i + 1), w[i], 0, 0, 0});
  return moves;
}

// How often each move is drawn over `n` seeds.
std::vector<int> tally(const std::vector<BookMove>& moves, int variety, int n) {
  std::vector<int> count(moves.size());
  for (int seed = 0; seed < n; ++seed) ++count[*choose(moves, variety, std::uint64_t(seed))];
  return count;
}

}  // namespace

TEST_CASE("book choice: nothing to draw without a positive weight", "[book]") {
  CHECK_FALSE(choose({}, 100, 1));
  CHECK_FALSE(choose(weights({0, 0}), 100, 1));
}

TEST_CASE("book choice: variety 0 plays the heaviest move whatever the seed", "[book]") {
  const auto moves = weights({5, 30, 30, 2});
  for (std::uint64_t seed = 0; seed < 50; ++seed) CHECK(choose(moves, 0, seed) == std::size_t(1));
}

TEST_CASE("book choice: one seed, one move; weights set the shares; zero never drawn", "[book]") {
  const auto moves = weights({300, 0, 100});
  CHECK(choose(moves, 100, 12345) == choose(moves, 100, 12345));
  const std::vector<int> by_weight = tally(moves, 100, 20000);
  CHECK(by_weight[1] == 0);
  CHECK(by_weight[0] > 14400);  // 75 % expected: 15000 +- about 4 standard deviations
  CHECK(by_weight[0] < 15600);
  // Variety 50 squares the weights: 9:1, 90 % for the heavier move.
  const std::vector<int> sharper = tally(moves, 50, 20000);
  CHECK(sharper[0] > 17600);
  CHECK(sharper[0] < 18400);
}
