// xqjudge_bench: speed of the WXF judge (a measurement, not a test; bench/judge_bench.sh runs it).
//   1. All diagram cases of data/wxf_diagrams: set the position, play the moves with chase data,
//      judge. Many passes; the figure is ms per full pass.
//   2. The chase data's cost per quiet move, on random games from the start position:
//      do_move alone versus do_move + record_move (what the search pays) and judge::play.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "wxf_cases.h"

using namespace xq;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// One pass over every case; returns how many agreed so a broken judge shows in the output
// (and so the optimiser cannot drop the work).
int judge_all(const std::vector<wxf::Case>& cases) {
  int agree = 0;
  for (const auto& c : cases) {
    Position pos;
    if (!wxf::replay(pos, c.fen, c.moves).empty()) continue;
    agree += c.expected == judge::to_string(judge::judge_full(pos.history()).verdict);
  }
  return agree;
}

// False (with the reason on stderr) when `dir` holds no case: timing nothing would print a
// meaningless "0/0 agree" and a time per empty pass.
bool bench_cases(const std::string& dir) {
  const auto t0 = Clock::now();
  const wxf::Data data = wxf::load(dir);
  const double load_ms = seconds_since(t0) * 1e3;
  if (data.cases.empty()) {
    for (const auto& e : data.errors) std::fprintf(stderr, "xqjudge_bench: %s\n", e.c_str());
    std::fprintf(stderr, "xqjudge_bench: no WXF cases in '%s' (expected a folder such as data/wxf_diagrams)\n", dir.c_str());
    return false;
  }
  int agree = judge_all(data.cases);  // warm-up
  std::vector<double> passes;
  const auto start = Clock::now();
  while (passes.size() < 20 || seconds_since(start) < 2.0) {
    const auto t = Clock::now();
    agree = judge_all(data.cases);
    passes.push_back(seconds_since(t) * 1e3);
  }
  std::sort(passes.begin(), passes.end());
  std::printf("cases: %d/%zu agree; loading the JSON %.2f ms (once)\n", agree, data.cases.size(), load_ms);
  std::printf("judge all cases (set FEN, play moves with chase data, judge): median %.3f ms, best %.3f ms per pass (%zu passes)\n",
              passes[passes.size() / 2], passes.front(), passes.size());
  return true;
}

// Random games of quiet (non-capturing) moves from the start position; a game ends early when
// no quiet move is left.
std::vector<std::vector<Move>> random_games(int games, int plies) {
  std::mt19937 rng(20261122);
  std::vector<std::vector<Move>> out;
  for (int g = 0; g < games; ++g) {
    Position pos;
    std::vector<Move> game;
    for (int p = 0; p < plies; ++p) {
      MoveList quiet;
      for (Move m : legal_moves(pos))
        if (!pos.is_capture(m)) quiet.push(m);
      if (quiet.empty()) break;
      const Move m = quiet[int(rng() % unsigned(quiet.size()))];
      pos.do_move(m);
      game.push_back(m);
    }
    out.push_back(std::move(game));
  }
  return out;
}

enum class Mode { DoMove, RecordMove, Play };

// ns per move over all games, best of `reps` runs.
double time_games(const std::vector<std::vector<Move>>& games, Mode mode, int reps, Key& sink) {
  size_t moves = 0;
  for (const auto& g : games) moves += g.size();
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const auto t = Clock::now();
    for (const auto& g : games) {
      Position pos;
      if (mode != Mode::DoMove) judge::record_root(pos);
      for (Move m : g) {
        if (mode == Mode::Play) {
          judge::play(pos, m);
        } else {
          pos.do_move(m);
          if (mode == Mode::RecordMove) judge::record_move(pos);
        }
      }
      sink ^= pos.key() ^ Key(pos.st().judge.threats);
    }
    best = std::min(best, seconds_since(t) * 1e9 / double(moves));
  }
  return best;
}

void bench_quiet_moves() {
  const auto games = random_games(200, 200);
  size_t moves = 0;
  for (const auto& g : games) moves += g.size();
  Key sink = 0;
  const double plain = time_games(games, Mode::DoMove, 7, sink);
  const double record = time_games(games, Mode::RecordMove, 7, sink);
  const double play = time_games(games, Mode::Play, 7, sink);
  std::printf("quiet moves: %zu in %zu random games from the start position (best of 7 runs)\n", moves, games.size());
  std::printf("  do_move alone:              %8.1f ns/move\n", plain);
  std::printf("  do_move + record_move:      %8.1f ns/move (chase data %.1f ns, %.1fx do_move)\n", record, record - plain,
              record / plain);
  std::printf("  judge::play:                %8.1f ns/move (chase data %.1f ns, %.1fx do_move)\n", play, play - plain,
              play / plain);
  std::printf("(checksum %llx)\n", static_cast<unsigned long long>(sink & 0xffff));
}

constexpr const char* USAGE =
    "usage: xqjudge_bench [CASES_DIR]\n"
    "Measures the WXF judge's speed (a measurement, not a test; bench/judge_bench.sh runs it):\n"
    "  1. every diagram case in CASES_DIR (default data/wxf_diagrams): set the position, play the\n"
    "     moves with chase data, judge; the median and best ms per pass over all cases;\n"
    "  2. the chase data's cost per quiet move on random games from the start position.\n"
    "Exit status 2 when CASES_DIR is not a folder of WXF cases.\n";

}  // namespace

int main(int argc, char** argv) {
  const std::string arg = argc > 1 ? argv[1] : "";
  if (arg == "--help" || arg == "-h") {
    std::fputs(USAGE, stdout);
    return 0;
  }
  if (argc > 2 || (!arg.empty() && arg[0] == '-')) {
    std::fprintf(stderr, "xqjudge_bench: unexpected argument '%s'\n%s", argv[argc > 2 ? 2 : 1], USAGE);
    return 2;
  }
  const std::string dir = arg.empty() ? "data/wxf_diagrams" : arg;
  if (!bench_cases(dir)) return 2;
  bench_quiet_moves();
  return 0;
}
