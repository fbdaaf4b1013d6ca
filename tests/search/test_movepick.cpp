// The main search's move picker against the move generator: every pseudo-legal move comes
// exactly once, and the two late-move pruning modes drop what they say they drop. skip_quiets
// drops every quiet move still to come; checks_only (the hunt for mates) keeps exactly the
// quiet moves that give check, whether it is asked before the quiets are generated or midway.
// Handing the picker the table (so that it asks for the children's entries as it scores)
// changes neither the moves nor their order, nor the position.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "search/history.h"
#include "search/movepick.h"
#include "search_helpers.h"

using namespace xq;
using namespace xq::search;

namespace {

// Positions with quiet checks on both wings, captures good and bad, and a start position.
const char* const FENS[] = {
    "",  // the start position
    "1n1k1ab2/4aN3/4b4/p1p1p2Np/9/5cP2/4r4/8r/4A4/3AKC3 b",
    "2baka3/9/4b4/4p4/p3c3p/3r5/9/4r4/1CR1C4/3AKA3 b",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w",
    "3k5/4a4/4ba3/9/2b6/9/9/4C4/4A4/2R1K4 w",
};

// When the picker is told to prune: never, before its first move, or after `after` quiets.
enum class Prune { None, SkipQuiets, ChecksOnly };

// The killers are a quiet check and a quiet move that is not one, so the killer stages are
// filtered too.
std::vector<Move> pick_all(Position& pos, Prune prune, int after_quiets, Move killer1, Move killer2) {
  auto hist = std::make_unique<SearchHistories>();
  OrderingContext ctx;
  ctx.killer1 = killer1;
  ctx.killer2 = killer2;
  ctx.main = &hist->main;
  ctx.captures = &hist->captures;
  MovePicker picker(pos, ctx);
  std::vector<Move> out;
  int quiets = 0;
  if (prune != Prune::None && after_quiets == 0) {
    if (prune == Prune::SkipQuiets) picker.skip_quiets();
    else picker.checks_only();
  }
  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    out.push_back(m);
    if (!pos.is_capture(m) && ++quiets == after_quiets) {
      if (prune == Prune::SkipQuiets) picker.skip_quiets();
      if (prune == Prune::ChecksOnly) picker.checks_only();
    }
  }
  return out;
}

std::set<Move> as_set(const std::vector<Move>& moves) { return {moves.begin(), moves.end()}; }

}  // namespace

TEST_CASE("move picker: every pseudo-legal move once, and late-move pruning drops only what it says", "[search][movepick]") {
  for (const char* fen : FENS) {
    INFO("fen '" << fen << "'");
    Position pos = test::setup(fen);
    REQUIRE_FALSE(pos.in_check());
    MoveList all;
    generate_pseudo<xq::ALL>(pos, all);
    std::set<Move> captures, quiets, quiet_checks;
    for (Move m : all) {
      (pos.is_capture(m) ? captures : quiets).insert(m);
      if (!pos.is_capture(m) && pos.gives_check(m)) quiet_checks.insert(m);
    }

    const Move k1 = quiet_checks.empty() ? MOVE_NONE : *quiet_checks.rbegin();
    Move k2 = MOVE_NONE;
    for (Move m : quiets)
      if (!quiet_checks.count(m)) k2 = m;
    const std::vector<Move> plain = pick_all(pos, Prune::None, 0, k1, k2);
    CHECK(plain.size() == std::size_t(all.size()));  // no move twice
    CHECK(as_set(plain) == std::set<Move>(all.begin(), all.end()));

    for (int after : {0, 1, 3}) {
      INFO("pruning after " << after << " quiet moves");
      const std::vector<Move> skipped = pick_all(pos, Prune::SkipQuiets, after, k1, k2);
      const std::vector<Move> checks = pick_all(pos, Prune::ChecksOnly, after, k1, k2);
      CHECK(as_set(skipped).size() == skipped.size());
      CHECK(as_set(checks).size() == checks.size());
      // The quiet moves given before the switch, by the same ordering in both runs.
      std::set<Move> early;
      int seen = 0;
      for (Move m : plain)
        if (!pos.is_capture(m) && seen++ < after) early.insert(m);
      for (Move m : captures) {
        CHECK(std::count(skipped.begin(), skipped.end(), m) == 1);
        CHECK(std::count(checks.begin(), checks.end(), m) == 1);
      }
      for (Move m : quiets) {
        const bool early_move = early.count(m) != 0;
        CHECK(std::count(skipped.begin(), skipped.end(), m) == (early_move ? 1 : 0));
        CHECK(std::count(checks.begin(), checks.end(), m) == (early_move || quiet_checks.count(m) ? 1 : 0));
      }
    }
  }
}

namespace {

// Histories of random values, so that the order depends on the scores and their ties.
std::unique_ptr<SearchHistories> random_histories(std::uint32_t seed) {
  auto hist = std::make_unique<SearchHistories>();
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> value(-300, 300);  // narrow: many ties
  for (auto& side : hist->main.table)
    for (auto& from : side)
      for (auto& e : from) e = std::int16_t(value(rng));
  for (auto& piece : hist->captures.table)
    for (auto& to : piece)
      for (auto& e : to) e = std::int16_t(value(rng));
  for (auto& row : hist->continuation.table[0][0].table)
    for (auto& e : row) e = std::int16_t(value(rng));
  return hist;
}

std::vector<Move> pick_sequence(Position& pos, const SearchHistories& hist, const TranspositionTable* tt, bool qsearch,
                                int checks_only_after) {
  std::vector<Move> out;
  if (qsearch) {
    MovePicker picker(pos, MOVE_NONE, &hist.captures, tt);
    for (Move m; (m = picker.next()) != MOVE_NONE;) out.push_back(m);
    return out;
  }
  OrderingContext ctx;
  ctx.main = &hist.main;
  ctx.captures = &hist.captures;
  ctx.cont[0] = &hist.continuation.table[0][0];
  MovePicker picker(pos, ctx, tt);
  int quiets = 0;
  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    out.push_back(m);
    if (!pos.is_capture(m) && ++quiets == checks_only_after) picker.checks_only();
  }
  return out;
}

}  // namespace

TEST_CASE("move picker: asking the table for the children changes no move and no order", "[search][movepick]") {
  std::vector<std::string> fens(std::begin(FENS), std::end(FENS));
  fens.push_back("3k5/4a4/4ba3/9/2b6/9/4r4/9/9/2R1K4 w");  // in check: the evasions
  TranspositionTable tt(1);
  for (const std::string& fen : fens) {
    Position pos = test::setup(fen);
    if (&fen == &fens.back()) REQUIRE(pos.in_check());
    const Key key = pos.key();
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
      const auto hist = random_histories(seed);
      for (bool qsearch : {false, true})
        for (int after : {0, 2}) {
          INFO("fen '" << fen << "', seed " << seed << ", qsearch " << qsearch << ", checks only after " << after);
          const std::vector<Move> without = pick_sequence(pos, *hist, nullptr, qsearch, after);
          const std::vector<Move> with = pick_sequence(pos, *hist, &tt, qsearch, after);
          if (!qsearch || pos.in_check()) CHECK_FALSE(without.empty());  // (some have no capture)
          CHECK(with == without);
          CHECK(pos.key() == key);
        }
    }
  }
}

// Each continuation history the picker reads (the moves CONTINUATION_PLIES back) orders the
// quiet moves on its own: the one move it favours comes first.
TEST_CASE("move picker: each continuation history orders the quiet moves", "[search][movepick]") {
  Position pos = test::setup("");  // the start position: no capture is good, every quiet move is quiet
  const Move favoured = parse_move(pos, "h0g2").move, other = parse_move(pos, "b2e2").move;
  REQUIRE(favoured != MOVE_NONE);
  REQUIRE(other != MOVE_NONE);
  auto first_quiet = [&](int slot, Move liked) {
    auto hist = std::make_unique<SearchHistories>();
    PieceToHistory& table = hist->continuation.table[make_piece(BLACK, HORSE)][10];
    table.update(pos.piece_on(from_sq(liked)), to_sq(liked), 2000);
    OrderingContext ctx;
    ctx.main = &hist->main;
    ctx.captures = &hist->captures;
    ctx.cont[slot] = &table;
    MovePicker picker(pos, ctx);
    for (Move m; (m = picker.next()) != MOVE_NONE;)
      if (!pos.is_capture(m)) return m;
    return MOVE_NONE;
  };
  for (int slot = 0; slot < CONTINUATION_NB; ++slot) {
    INFO("continuation history " << slot);
    CHECK(first_quiet(slot, favoured) == favoured);
    CHECK(first_quiet(slot, other) == other);
  }
}
