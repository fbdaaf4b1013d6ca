// xqperft: counts leaf nodes of the legal move tree, the standard check of a move generator.
//   xqperft [--variant xiangqi|chess] [--fen FEN] --depth N [--divide]
// Prints per-move counts with --divide and always ends with "nodes <N>".
#include <chrono>
#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "cli_parse.h"
#include "engine/fide/movegen.h"
#include "engine/fide/notation.h"
#include "engine/movegen.h"
#include "engine/notation.h"

namespace {

// The same divide/total loop for either game model.
template <class Pos, class MoveToText>
std::uint64_t count(Pos& pos, int depth, bool divide, MoveToText text) {
  if (!divide || depth <= 0) return perft(pos, depth);
  std::uint64_t total = 0;
  for (auto m : legal_moves(pos)) {
    pos.do_move(m);
    const std::uint64_t n = perft(pos, depth - 1);
    pos.undo_move();
    std::printf("%s: %llu\n", text(m).c_str(), static_cast<unsigned long long>(n));
    total += n;
  }
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Xiangqi perft: counts the leaf nodes of the legal move tree"};
  std::string fen, variant = "xiangqi";
  int depth = 1;
  bool divide = false, timing = false;
  app.add_option("--variant", variant, "xiangqi or chess (FIDE rules)")->check(CLI::IsMember({"xiangqi", "chess"}));
  app.add_option("--fen", fen, "position to start from (default: the start position)");
  app.add_option("--depth,-d", depth, "depth in plies")->check(CLI::Range(0, 20));
  app.add_flag("--divide", divide, "print the count below each root move");
  app.add_flag("--time", timing, "print elapsed time and nodes per second on stderr");
  if (const auto status = xq::tools::parse_command_line(app, argc, argv)) return *status;

  const auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  if (variant == "chess") {
    xq::fide::Position pos;
    const xq::fide::FenResult fr = xq::fide::set_fen(pos, fen.empty() ? xq::fide::Position::START_FEN : fen);
    if (!fr.ok) {
      std::fprintf(stderr, "xqperft: bad FEN: %s\n", fr.error.c_str());
      return 2;
    }
    total = count(pos, depth, divide, [](xq::fide::Move m) { return xq::fide::move_to_uci(m); });
  } else {
    xq::Position pos;
    const xq::FenResult fr = xq::set_fen(pos, fen.empty() ? xq::Position::START_FEN : fen);
    if (!fr.ok) {
      std::fprintf(stderr, "xqperft: bad FEN: %s\n", fr.error.c_str());
      return 2;
    }
    for (const auto& w : fr.warnings) std::fprintf(stderr, "xqperft: warning: %s\n", w.c_str());
    total = count(pos, depth, divide, [](xq::Move m) { return xq::move_to_string(m); });
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (timing)
    std::fprintf(stderr, "time %.3f s, %.1f M nodes/s\n", secs, secs > 0 ? total / secs / 1e6 : 0.0);
  std::printf("nodes %llu\n", static_cast<unsigned long long>(total));
  return 0;
}
