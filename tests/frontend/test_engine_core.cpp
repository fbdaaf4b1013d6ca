// The engine core without any protocol: the game (play, undo, the result the rules give),
// search jobs reported through callbacks exactly once, ponder and ponderhit, stop; and perft
// and bench run like searches (off the reading thread, stoppable).
#include <catch2/catch.hpp>

#include "nnue/loaded_network.h"

#include <chrono>
#include <future>
#include <mutex>
#include <regex>
#include <sstream>
#include <thread>

#include "frontend/engine_core.h"
#include "frontend/protocol.h"
#include "frontend/strength.h"
#include "protocol_driver.h"
#include "search/bench.h"

using xq::frontend::EngineCore;
using xq::frontend::GameEnd;
using xq::frontend::GoRequest;
using xq::frontend::SearchCallbacks;
using xq::frontend::SearchOutcome;
using namespace xq::test;

namespace {

// Counts the done callbacks of searches and keeps the last outcome.
struct Answers {
  std::mutex m;
  int done = 0, infos = 0;
  SearchOutcome last;
  SearchCallbacks callbacks() {
    SearchCallbacks cb;
    cb.info = [this](const xq::frontend::SearchReport&) {
      std::lock_guard l(m);
      ++infos;
    };
    cb.done = [this](const SearchOutcome& o) {
      std::lock_guard l(m);
      ++done;
      last = o;
    };
    return cb;
  }
  int count() {
    std::lock_guard l(m);
    return done;
  }
};

}  // namespace

TEST_CASE("engine core: play, undo and the game's first position", "[frontend][core]") {
  EngineCore core;
  CHECK(core.variant() == "xiangqi");
  CHECK(core.play("h2e2").empty());
  CHECK(core.play("h9g7").empty());
  CHECK(core.game_ply() == 2);
  CHECK_FALSE(core.play("e2e9").empty());  // illegal: refused, game unchanged
  CHECK(core.game_ply() == 2);
  CHECK(core.undo());
  CHECK(core.side_to_move() == xq::BLACK);
  CHECK(core.undo());
  CHECK_FALSE(core.undo());  // at the first position
  CHECK(core.fen() == xq::frontend::make_xiangqi_game()->fen());
}

TEST_CASE("engine core: the rules' result is mate or a WXF ruling, never anything else", "[frontend][core]") {
  EngineCore core;
  CHECK_FALSE(core.game_end().over());
  // Red to move, mated by two rooks on ranks 0 and 1: Black wins.
  REQUIRE(core.set_position(std::string("3k5/9/9/9/9/9/9/9/r8/r3K4 w"), {}).empty());
  CHECK(core.game_end().winner == GameEnd::BLACK_WINS);
  CHECK(core.game_end().reason == "Black mates");
  // WXF case 2's cycle (Red checks, Black chases) played until each side's position occurred
  // a third time: perpetual check is the greater offence, Red loses. One move earlier the
  // last mover's position has occurred only twice: nothing to claim yet.
  const std::string fen = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w";
  std::vector<std::string> moves = {"h8h9", "f9f8", "h9h8", "f8f9", "h8h9", "f9f8", "h9h8", "f8f9", "h8h9"};
  REQUIRE(core.set_position(fen, moves).empty());
  CHECK_FALSE(core.game_end(2).over());
  CHECK(core.game_end(1).over());  // ruled at the first repetition, as the search does
  moves.push_back("f9f8");
  REQUIRE(core.set_position(fen, moves).empty());
  const GameEnd end = core.game_end(2);
  CHECK(end.winner == GameEnd::BLACK_WINS);
  CHECK(has(end.reason, "perpetual check"));
}

TEST_CASE("engine core: every go reports done exactly once, also when stopped or superseded", "[frontend][core]") {
  EngineCore core;
  Answers a;
  GoRequest depth2;
  depth2.limits.depth = 2;
  REQUIRE(core.go(depth2, a.callbacks()));
  core.wait();
  CHECK(a.count() == 1);
  CHECK_FALSE(a.last.best.empty());
  CHECK(a.infos >= 1);
  GoRequest infinite;
  infinite.limits.infinite = true;
  REQUIRE(core.go(infinite, a.callbacks()));
  CHECK(core.needs_stop());
  REQUIRE(core.go(depth2, a.callbacks()));  // a new go stops the infinite one first
  core.wait();
  CHECK(a.count() == 3);
  CHECK_FALSE(core.busy());
}

TEST_CASE("engine core: options the search threads read stop a running search first", "[frontend][core]") {
  // The Sixty Move Rule's limit, like Threads and the repetition rules, is read by the search
  // threads at every node: changing it under a running search would be a data race.
  EngineCore core;
  Answers a;
  GoRequest infinite;
  infinite.limits.infinite = true;
  REQUIRE(core.go(infinite, a.callbacks()));
  REQUIRE(core.needs_stop());
  core.set_natural_limit(10);
  CHECK_FALSE(core.busy());
  CHECK(a.count() == 1);
  REQUIRE(core.go(infinite, a.callbacks()));
  core.set_check_only_rules(true);
  CHECK_FALSE(core.busy());
  CHECK(a.count() == 2);
}

TEST_CASE("engine core: a pondering search answers only after ponderhit, on the clock from then", "[frontend][core]") {
  EngineCore core;
  Answers a;
  GoRequest ponder;
  ponder.ponder = true;
  ponder.limits.movetime = 100;
  REQUIRE(core.go(ponder, a.callbacks()));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // well past the 100 ms
  CHECK(a.count() == 0);
  const auto hit = Clock::now();
  core.ponderhit();
  core.wait();
  CHECK(a.count() == 1);
  CHECK(ms_since(hit) < 1000);  // the 100 ms count from ponderhit (generous: busy machine)
  // A ponder search that is stopped instead answers at once.
  REQUIRE(core.go(ponder, a.callbacks()));
  core.stop();
  core.wait();
  CHECK(a.count() == 2);
}

TEST_CASE("engine core: a ponderhit right after go ponder is never lost", "[frontend][core]") {
  // The ponderhit comes while the job is still starting, before the search has read its
  // flag, or just after: either way the search must run on the clock and answer by itself.
  EngineCore core;
  Answers a;
  GoRequest ponder;
  ponder.ponder = true;
  ponder.limits.movetime = 20;
  for (int i = 1; i <= 30; ++i) {
    REQUIRE(core.go(ponder, a.callbacks()));
    const auto hit = Clock::now();
    core.ponderhit();
    // A lost ponderhit would leave the search pondering until stopped: wait a while for the
    // answer, then stop it so that the failure is reported instead of hanging.
    while (a.count() < i && ms_since(hit) < 5000) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const bool answered = a.count() == i;
    if (!answered) core.stop();
    core.wait();
    REQUIRE(answered);  // one lost ponderhit is enough
  }
}

TEST_CASE("engine core: banned moves are never answered", "[frontend][core]") {
  EngineCore core;
  Answers a;
  GoRequest go;
  go.limits.depth = 3;
  REQUIRE(core.go(go, a.callbacks()));
  core.wait();
  const std::string first = a.last.best;
  REQUIRE_FALSE(first.empty());
  REQUIRE(core.legal_move(first));
  CHECK_FALSE(core.legal_move("e0e2"));  // a king's two steps
  CHECK_FALSE(core.legal_move("zz"));
  go.banned = {*core.legal_move(first)};
  REQUIRE(core.go(go, a.callbacks()));
  core.wait();
  CHECK_FALSE(a.last.best.empty());
  CHECK(a.last.best != first);
  CHECK(core.is_legal(a.last.best));
}

TEST_CASE("frontend: go perft runs off the reading thread; isready answers, stop ends it", "[frontend][perft]") {
  std::ostringstream out;
  xq::frontend::Protocol p(out);
  p.handle("position startpos");
  const auto t0 = Clock::now();
  p.handle("go perft 6");  // billions of nodes: minutes if nobody stops it
  CHECK(ms_since(t0) < 100);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  p.handle("isready");
  const auto stop_at = Clock::now();
  p.handle("stop");  // returns once the perft has printed its (partial) total
  CHECK(ms_since(stop_at) < 500);
  const std::string reply = out.str();
  INFO(reply);
  CHECK(reply.find("readyok") < reply.find("Nodes searched: "));
  CHECK(has(reply, "info string perft stopped"));
  // A complete perft still prints every root move and the total, as before.
  CHECK(has(send(p, out, "go perft 1\n"), "\nNodes searched: 44\n"));
}

TEST_CASE("frontend: bench runs off the reading thread; stop ends it without a signature", "[frontend][bench]") {
  std::ostringstream out;
  xq::frontend::Protocol p(out);
  p.handle("bench 16 1 20");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const auto t0 = Clock::now();
  p.handle("isready");
  CHECK(ms_since(t0) < 100);
  p.handle("stop");
  CHECK(ms_since(t0) < 1000);
  const std::string reply = out.str();
  INFO(reply);
  CHECK(has(reply, "readyok\n"));
  CHECK(has(reply, "info string bench stopped"));
  CHECK_FALSE(has(reply, "Nodes searched"));
}

// Issue 24: a script piped into the engine ends with quit; quit must not cut perft or bench
// short (Stockfish finishes them before it reads the next line), while a search is stopped.
TEST_CASE("frontend: quit waits for go perft and bench; it stops a search", "[frontend][perft][bench][quit]") {
  std::ostringstream out;
  xq::frontend::Protocol p(out);
  const std::string perft = send(p, out,
                                 "setoption name UCI_Variant value chess\nposition startpos moves e2e4 e7e5\n"
                                 "go perft 3\nquit\n");
  INFO(perft);
  CHECK_FALSE(has(perft, "perft stopped"));
  CHECK(has(perft, "\nNodes searched: 24825\n"));  // perft 3 after 1. e4 e5 (xqperft --variant chess)
  CHECK(has(perft, "\ng1f3: "));

  // UCCI answers quit with bye, after the count.
  std::ostringstream uout;
  xq::frontend::Protocol u(uout);
  const std::string ucci = send(u, uout, "ucci\nposition startpos\ngo perft 3\nquit\n");
  INFO(ucci);
  CHECK(has(ucci, "\nNodes searched: 79666\nbye\n"));

  std::ostringstream bout;
  xq::frontend::Protocol b(bout);
  const std::string bench = send(b, bout, "bench 16 1 4\nquit\n");
  INFO(bench);
  xq::search::BenchOptions options;
  options.depth = 4;
  options.network = xq::nnue::embedded_network();  // the engine's default evaluation
  CHECK(has(bench, "Nodes searched  : " + std::to_string(xq::search::run_bench(options).nodes) + "\n"));
  CHECK_FALSE(has(bench, "bench stopped"));

  // A search without limits still ends at quit, with its best move.
  std::ostringstream sout;
  xq::frontend::Protocol s(sout);
  const auto t0 = Clock::now();
  const std::string search = send(s, sout, "position startpos\ngo infinite\nquit\n");
  CHECK(ms_since(t0) < 2000);
  CHECK(has(search, "bestmove "));
}

TEST_CASE("frontend: bench searches exactly as search::run_bench (same signature)", "[frontend][bench]") {
  std::ostringstream out;
  xq::frontend::Protocol p(out);
  const std::string reply = send(p, out, "bench 16 1 4\n");
  std::smatch m;
  REQUIRE(std::regex_search(reply, m, std::regex("\nNodes searched  : (\\d+)\n")));
  xq::search::BenchOptions options;
  options.depth = 4;
  options.network = xq::nnue::embedded_network();  // the engine's default evaluation
  CHECK(std::stoull(m[1].str()) == xq::search::run_bench(options).nodes);
  // With the classical evaluation, the classical signature.
  const std::string classical = send(p, out, "setoption name Use NNUE value false\nbench 16 1 4\n");
  REQUIRE(std::regex_search(classical, m, std::regex("\nNodes searched  : (\\d+)\n")));
  options.network = nullptr;
  CHECK(std::stoull(m[1].str()) == xq::search::run_bench(options).nodes);
}

TEST_CASE("engine core: UCI_Elo sets the level its rating gives, fractional between measured ones", "[frontend][core][skill]") {
  using xq::frontend::RATED_LEVELS;
  EngineCore core;
  CHECK(core.settings().search.skill_level == xq::search::MAX_SKILL);
  core.set_elo(RATED_LEVELS[5].elo);
  CHECK(core.settings().search.skill_level == xq::search::MAX_SKILL);  // no limit asked for yet
  core.set_limit_strength(true);
  CHECK(core.settings().search.skill_level == RATED_LEVELS[5].level);
  // A quarter of the way from one measured rating to the next: a quarter of the way in level.
  const int quarter = RATED_LEVELS[5].elo + (RATED_LEVELS[6].elo - RATED_LEVELS[5].elo) / 4;
  core.set_elo(quarter);
  const double expected = RATED_LEVELS[5].level + double(RATED_LEVELS[6].level - RATED_LEVELS[5].level) *
                                                       (quarter - RATED_LEVELS[5].elo) / (RATED_LEVELS[6].elo - RATED_LEVELS[5].elo);
  CHECK(core.settings().search.skill_level == Approx(expected));
  CHECK(core.settings().search.skill_level > RATED_LEVELS[5].level);
  CHECK(core.settings().search.skill_level < RATED_LEVELS[6].level);
  // Skill Level is whole; the limit off gives it back.
  core.set_skill_level(7);
  CHECK(core.settings().search.skill_level == Approx(expected));  // the limit still rules
  core.set_limit_strength(false);
  CHECK(core.settings().search.skill_level == 7);
}
