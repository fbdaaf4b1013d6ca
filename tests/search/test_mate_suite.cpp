// The mate suite's fast part (issue 26): data/mates/suite.txt holds forced mates from real
// games, confirmed by Fairy-Stockfish (data/mates/README.md). Here its short mates are checked
// twice over: by plain minimax over legal moves (so the file holds real mates, not rulings),
// and by the search at a small node budget, which must report the mate and play a move that
// keeps it. The whole suite at 500,000 nodes is a benchmark: bench/mate_suite.py solve.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "search/see.h"
#include "search_helpers.h"

using namespace xq;
using namespace xq::search;

namespace {

struct MatePosition {
  std::string fen;
  int moves = 0;  // mate in this many of the winner's moves
  std::string source;
};

std::vector<MatePosition> load_suite() {
  const std::string path = std::string(XQ_DATA_DIR) + "/mates/suite.txt";
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<MatePosition> suite;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto a = line.find(';'), b = line.find(';', a + 1);
    if (a == std::string::npos || b == std::string::npos || line.compare(a + 1, 5, "mate ") != 0)
      throw std::runtime_error("malformed suite line: " + line);
    suite.push_back({line.substr(0, a), std::stoi(line.substr(a + 6, b - a - 6)), line.substr(b + 1)});
  }
  return suite;
}

// Every reply to `m` leaves the winner a forced mate in `moves - 1` (none left: mated now).
bool keeps_mate(Position& pos, Move m, int moves) {
  pos.do_move(m);
  bool all = true;
  for (Move r : legal_moves(pos)) {
    pos.do_move(r);
    all = test::forced_mate(pos, moves - 1);
    pos.undo_move();
    if (!all) break;
  }
  pos.undo_move();
  return all;
}

// The position is a forced mate in `moves` (checked first), and the search, at `nodes` (and
// with `go mate` when `go_mate`; with `net` when given, else the classical evaluation),
// reports a mate in `moves` or fewer and plays a move that keeps it.
void check_finds_mate(Position& pos, int moves, std::uint64_t nodes, bool go_mate = false,
                      std::shared_ptr<const nnue::LoadedNetwork> net = nullptr) {
  REQUIRE(test::forced_mate(pos, moves));  // the position is what the test says it is
  Limits limits;
  limits.nodes = nodes;
  if (go_mate) limits.mate = moves;
  const Result r = test::search_limits(pos, limits, default_settings(), std::move(net));
  INFO("best " << move_to_string(r.best) << " score " << r.score);
  CHECK(r.score >= mate_in(2 * moves - 1));
  CHECK(keeps_mate(pos, r.best, moves));
}

}  // namespace

TEST_CASE("mate suite: the file reads, and its short mates are forced mates on the board", "[search][mates]") {
  const std::vector<MatePosition> suite = load_suite();
  REQUIRE(suite.size() >= 200);
  int checked = 0;
  for (const MatePosition& p : suite) {
    if (p.moves > 2) continue;
    INFO(p.source << ": " << p.fen << " mate " << p.moves);
    Position pos = test::setup(p.fen);
    CHECK(test::forced_mate(pos, p.moves));
    if (p.moves > 1) CHECK_FALSE(test::forced_mate(pos, p.moves - 1));  // and no shorter
    if (++checked == 40) break;
  }
  CHECK(checked == 40);
}

TEST_CASE("mate suite: the search finds the short mates at 20,000 nodes and plays a mating move", "[search][mates]") {
  int tried = 0;
  for (const MatePosition& p : load_suite()) {
    if (p.moves > 2) continue;
    INFO(p.source << ": " << p.fen << " mate " << p.moves);
    Position pos = test::setup(p.fen);
    Limits limits;
    limits.nodes = 20000;
    const Result r = test::search_limits(pos, limits);
    INFO("best " << move_to_string(r.best) << " score " << r.score);
    CHECK(r.score > MATE_BOUND);
    CHECK(r.score >= mate_in(2 * p.moves - 1));  // no longer than the suite's distance
    CHECK(keeps_mate(pos, r.best, p.moves));
    if (++tried == 40) break;
  }
  CHECK(tried == 40);
}

// Two quiet mates in 2 from the suite that the pruning used to hide (traced move by move in
// bench/results/search/mate_suite_2026-11-26.md). In the first, the mating rook move came after
// late-move pruning had started at a depth-1 node; in the second, razoring and reverse futility
// cut the winner's nodes for being far from the window. Both games are decided at the root
// (static eval 3,569 and 2,547 for Black, above DECIDED_EVAL), so the search hunts mates there:
// late-move pruning keeps the quiet checks and the two margins stay out. Main before the guard
// missed both at 20,000 nodes (and at 5,000: cp 4310 and cp 2988); now a few thousand suffice.
TEST_CASE("mate suite: quiet mates in decided games survive late-move pruning, razoring and reverse futility", "[search][mates]") {
  const char* fens[] = {
      "1n1k1ab2/4aN3/4b4/p1p1p2Np/9/5cP2/4r4/8r/4A4/3AKC3 b",
      "2baka3/9/4b4/4p4/p3c3p/3r5/9/4r4/1CR1C4/3AKA3 b",
  };
  for (const char* fen : fens) {
    INFO(fen);
    Position pos = test::setup(fen);
    check_finds_mate(pos, 2, 5000);
  }
}

// The network evaluates on its own scale, and each refined network has scored the same
// positions lower (its win-probability midpoint fell from 331 to 164 in five generations), so
// a fixed DECIDED_EVAL turned the hunt on later and later. With gen17 embedded and
// DECIDED_EVAL 2000 these two mates in 2 were missed at 20,000 nodes, the first even at
// 500,000 (the second position of the test above: the classical evaluation, which the other
// tests here search with, scores them far higher, so only the network shows it;
// bench/results/search/decided_eval_2026-12-06.md).
TEST_CASE("mate suite: with the embedded network, mates in 2 in games its eval calls decided are found at 20,000 nodes", "[search][mates][nnue]") {
  const auto net = nnue::embedded_network();
  REQUIRE(net);
  Limits limits;
  limits.nodes = 20000;
  const char* fens[] = {
      "2baka3/9/4b4/4p4/p3c3p/3r5/9/4r4/1CR1C4/3AKA3 b - - 1 40",
      "2b1k1b2/4a4/9/4p3p/9/9/4P3P/3p2N2/R3K1n2/2B2r3 b - - 0 39",
  };
  for (const char* fen : fens) {
    INFO(fen);
    Position pos = test::setup(fen);
    check_finds_mate(pos, 2, limits.nodes, false, net);
  }
  // And a sample of the suite's mates in 2 (every fourth), with the same network: each is seen
  // as a win by mate within 50,000 nodes. Not always the shortest, as mate_suite.py would also
  // count it. The budget is not the 20,000 above because of fsf-odds#75 ply 126 (eval +562, no
  // hunt): its mate begins with a quiet pawn move (g8g9), which the root reduces as a late quiet
  // move, and the reduced line ends in quiescence, which tries no quiet checks. From a fresh
  // table gen18 saw the mate there at 16,579 nodes (depth 10), gen20 at 33,526 (depth 11), while
  // gen20 solves more of the whole suite at 500,000 nodes (1,306 of 1,325 against 1,300;
  // mate_suite_2026-12-06_gen20.txt).
  Limits sample_limits;
  sample_limits.nodes = 50000;
  int tried = 0, index = 0;
  for (const MatePosition& p : load_suite()) {
    if (p.moves != 2 || index++ % 4 != 0) continue;
    INFO(p.source << ": " << p.fen);
    Position pos = test::setup(p.fen);
    const Result r = test::search_limits(pos, sample_limits, default_settings(), net);
    INFO("best " << move_to_string(r.best) << " score " << r.score);
    CHECK(r.score > MATE_BOUND);
    ++tried;
  }
  CHECK(tried >= 60);
}

// "go mate N" hunts from the first iteration, whatever the eval says. Three positions of the
// suite whose static eval is level or nearly so (65, 440 and 202 cp for the side to move), so
// that only the request turns the hunt on: with it the mate comes within a thousand nodes;
// without it (the build before) at 10,946, 25,118 and 24,628 (bench/results/search/
// mate_suite_2026-11-26.md).
TEST_CASE("mate suite: go mate hunts from the start even in a level-looking position", "[search][mates]") {
  const std::pair<const char*, int> cases[] = {
      {"3a1k3/3P2N2/5P3/p8/n2P5/8p/9/4n4/4A4/3K1AB2 w", 2},
      {"r1bakar2/3nn4/4b4/p3C3p/2NN2p2/6P2/P1c5P/9/9/R1BAKAB1R w", 2},
      {"3akab2/5r3/9/p1NcC3p/2b1p1N2/1r7/P3P4/4B1c1R/4A2n1/R1BAK4 b", 3},
  };
  for (const auto& [fen, moves] : cases) {
    INFO(fen);
    Position pos = test::setup(fen);
    check_finds_mate(pos, moves, 5000, true);
  }
}

// A mate in 2 of the suite (bench/results/strength_2026-11-23_0759_vs-fsf.pgn#48, ply 69) that
// main missed even at 500,000 nodes (cp 5872 at depth 12). Black plays c1d1, and after almost
// any reply f1e1 takes the advisor with check: the exchange counts the other advisor's
// recapture (rook for advisor, -700), but that advisor on f0 is pinned, by the black cannon on
// h0 through the red cannon on g0, so f1e1 mates. The exchange knows no pins, and shallow
// nodes pruned the "losing" capture although it checks. Now a capture that checks is not
// pruned for its exchange; the mate comes at depth 3, in a few hundred nodes.
TEST_CASE("mate suite: a checking capture whose taker is pinned is not pruned for its exchange", "[search][mates]") {
  const char* fen = "1Rba1k3/2N1a4/4b4/p3nnp1p/2p3P2/P3p3P/9/B3B4/2rNAr3/4KACc1 b";
  Position pos = test::setup(fen);
  // The exchange alone calls the mating capture a loss (after c1d1 b9b6).
  Position after = test::setup(fen, "c1d1 b9b6");
  const MoveResult mate = parse_move(after, "f1e1");
  REQUIRE(mate.ok());
  CHECK(see(after, mate.move) < 0);
  CHECK(after.gives_check(mate.move));
  check_finds_mate(pos, 2, 5000);
}

// Two mates of the suite that main missed at 500,000 nodes until a check that loses material
// by the exchange stopped earning its reply a ply (search.cpp, step 10): Red's mate in 5 in
// bench/results/strength_2026-11-22_1708_vs-maxqi.pgn#53 (ply 28) and mate in 6 in
// strength_2026-11-23_0759_vs-fsf.pgn#96 (ply 64). Both positions are full of checks, most of
// them a piece offered for nothing; extending every one of them spent the nodes on hopeless
// lines, and the mating line stayed beyond the horizon. Without the rule neither mate is seen
// within 500,000 nodes; with it each comes within 250,000 (mate_suite_2026-12-08_safe-check.txt).
// The distances are Fairy-Stockfish's (the suite's confirmation); a mate this long is not
// checked again by minimax here, only that the search reports one no longer.
TEST_CASE("mate suite: checks that lose material earn no extension, and two mates in 5 and 6 they hid are found", "[search][mates][nnue]") {
  const auto net = nnue::embedded_network();
  REQUIRE(net);
  const std::pair<const char*, int> cases[] = {
      {"r1b2ab1r/5k3/5cn2/p3C1p1p/4C4/2P6/P3P3P/N4R1c1/9/2BAKABNR w - - 5 15", 5},
      {"1rb1ka1r1/4a4/4b4/3RC3p/1P2C1P2/p1c6/P1R5P/4B3B/n3A4/3AK2c1 w - - 1 33", 6},
  };
  Limits limits;
  limits.nodes = 300000;
  for (const auto& [fen, moves] : cases) {
    INFO(fen);
    Position pos = test::setup(fen);
    const Result r = test::search_limits(pos, limits, default_settings(), net);
    INFO("best " << move_to_string(r.best) << " score " << r.score);
    CHECK(r.score >= mate_in(2 * moves - 1));
  }
}
