// The correction history (search/correction.h): each of its three slots follows its own pieces
// and nothing else, and its entries are running averages of the evaluation's error, capped and
// weighted by depth.
#include <catch2/catch.hpp>
#include <memory>
#include <set>
#include <string>

#include "search/correction.h"
#include "search_helpers.h"

using namespace xq;
using namespace xq::search;

namespace {

int index_after(const std::string& moves) {
  return CorrectionHistory::index(test::setup(Position::START_FEN, moves));
}

}  // namespace

TEST_CASE("correction history: the slot depends on the pawns only", "[search][correction]") {
  const int start = index_after("");
  CHECK(start >= 0);
  CHECK(start < CorrectionHistory::SIZE);
  // Pieces other than pawns move: the same slot, whoever is to move.
  CHECK(index_after("h2e2") == start);
  CHECK(index_after("h2e2 h9g7 h0g2 b9c7") == start);
  // Each single pawn step of either side gives a slot of its own.
  std::set<int> seen{start};
  for (const char* m : {"a3a4", "c3c4", "e3e4", "g3g4", "i3i4"}) seen.insert(index_after(m));
  for (const char* m : {"a6a5", "c6c5", "e6e5", "g6g5", "i6i5"}) seen.insert(index_after(std::string("h2e2 ") + m));
  CHECK(seen.size() == 11);
  // A pawn captured: the central cannon takes Black's e-pawn over its own.
  CHECK(index_after("h2e2 h9g7 e2e6") != start);
}

TEST_CASE("correction history: entries average the error, capped and weighted by depth", "[search][correction]") {
  auto ch = std::make_unique<CorrectionHistory>();  // value-initialised: all zero
  CHECK(ch->get(RED, 5) == 0);
  CHECK(ch->get(BLACK, 5) == 0);

  // A deeper search moves the entry further.
  auto shallow = std::make_unique<CorrectionHistory>(), deep = std::make_unique<CorrectionHistory>();
  for (int i = 0; i < 10; ++i) {
    shallow->update(RED, 7, 100, 1);
    deep->update(RED, 7, 100, 10);
  }
  CHECK(shallow->get(RED, 7) > 0);
  CHECK(deep->get(RED, 7) > shallow->get(RED, 7));

  // Repeated, it settles at the error; the other side and other slots are untouched.
  for (int i = 0; i < 400; ++i) ch->update(RED, 5, 60, 20);
  CHECK(ch->get(RED, 5) >= 58);
  CHECK(ch->get(RED, 5) <= 60);
  CHECK(ch->get(BLACK, 5) == 0);
  CHECK(ch->get(RED, 6) == 0);

  // It follows a change of sign and settles within two centipawns of the cap, never past it.
  for (int i = 0; i < 400; ++i) ch->update(RED, 5, -100000, 20);
  CHECK(ch->get(RED, 5) >= -params::CORRECTION_MAX);
  CHECK(ch->get(RED, 5) <= -params::CORRECTION_MAX + 2);
  for (int i = 0; i < 400; ++i) ch->update(RED, 5, 100000, 30);
  CHECK(ch->get(RED, 5) <= params::CORRECTION_MAX);
  CHECK(ch->get(RED, 5) >= params::CORRECTION_MAX - 2);
}

TEST_CASE("correction history: each side's other pieces have a slot of their own", "[search][correction]") {
  const auto at = [](const std::string& moves) { return CorrectionHistory::indices(test::setup(Position::START_FEN, moves)); };
  const CorrectionIndex start = at("");
  // A red cannon moves: Red's slot changes, Black's and the pawns' do not.
  const CorrectionIndex cannon = at("h2e2");
  CHECK(cannon.others[RED] != start.others[RED]);
  CHECK(cannon.others[BLACK] == start.others[BLACK]);
  CHECK(cannon.pawns == start.pawns);
  // A pawn moves: only the pawns' slot changes.
  const CorrectionIndex pawn = at("c3c4");
  CHECK(pawn.pawns != start.pawns);
  CHECK(pawn.others[RED] == start.others[RED]);
  CHECK(pawn.others[BLACK] == start.others[BLACK]);
  // The same placement reached by other move orders: the same slots.
  const CorrectionIndex a = at("h2e2 h9g7 b0c2"), b = at("b0c2 h9g7 h2e2");
  CHECK(a.pawns == b.pawns);
  CHECK(a.others[RED] == b.others[RED]);
  CHECK(a.others[BLACK] == b.others[BLACK]);

  // The correction is the three slots' average: one slot trained alone moves it by a third.
  auto ch = std::make_unique<CorrectionHistory>();
  CorrectionIndex only_pawns = start;
  for (int i = 0; i < 400; ++i) ch->update(RED, start.pawns, 90, 20);
  CHECK(ch->get(RED, only_pawns) >= 29);
  CHECK(ch->get(RED, only_pawns) <= 30);
  for (int i = 0; i < 400; ++i) ch->update(RED, start, 90, 20);
  CHECK(ch->get(RED, start) >= 88);
  CHECK(ch->get(RED, start) <= 90);
  CHECK(ch->get(BLACK, start) == 0);
}
