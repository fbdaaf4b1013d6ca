// xqjudge: rules repetitions (Xiangqi, WXF rules) or FIDE draws (western chess) for games
// given as JSON lines on stdin; or replays the WXF diagram cases.
//   xqjudge [--variant xiangqi|chess] < games.jsonl
//   xqjudge --replay data/wxf_diagrams
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "judge_lines.h"

namespace {

// --help's description of the input and output lines: a user should not need the source.
constexpr const char* FORMAT_HELP = R"(
Input: one JSON object per line on stdin (blank lines are skipped); one JSON line answers each.
Xiangqi (default):
  {"fen": "<FEN>" or "startpos", "moves": ["h2e2", "h9g7", ...], "ntimes": 1}
    fen     the position before the moves; the side to move may end it ("... w" or "... b")
    moves   ICCS moves (file a-i, rank 0-9 from Red's side), played in order
    ntimes  optional, 1-100 (default 1): how many earlier occurrences of the final position
            a repetition needs (1: the position has occurred once before; 2: twice before)
  Output: {"result", "side_to_move", "offender", "red", "black", "explanation"}
    result        "win", "loss", "draw" or "undecided", for the side to move
    side_to_move  "red" or "black"
    offender      the side that loses by the repetition, or null
    red, black    each side's moves over its cycle: "idle", "chase", "check", or null when
                  its cycle is not complete
    explanation   the reason in plain words; moves numbered from 1 (the first of "moves")
Chess (--variant chess):
  {"fen": "<FEN>" or "startpos", "moves": ["e2e4", ...], "claim_with": "g1f3"}
    claim_with  optional: the move a player announces with a draw claim (FIDE 9.2.1 a, 9.3.1)
  Output: {"result", "reason", "claimable", "halfmove_clock", "repetitions"}
    result        "white", "black", "draw", or null while the game goes on
    reason        "checkmate", "stalemate", "insufficient_material", "fivefold_repetition",
                  "seventy_five_move", or null
    claimable     draws the player to move may claim: "threefold_repetition", "fifty_move"
    halfmove_clock, repetitions (occurrences of the final position, counting itself)
A bad line (malformed JSON, an unknown or misspelled key, a bad FEN, an illegal move) gets
{"error": "..."} naming the problem (moves[i] counts from 0) and the next line is read.
Exit status: 0; 1 when --replay finds a case that disagrees or no cases; 3 on an I/O failure.
More: README.md (sections "xqjudge") and judge/README.md (how the judge decides).
)";

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Repetition judge: one JSON ruling per JSON input line"};
  std::string variant = "xiangqi", replay_dir;
  app.add_option("--variant", variant, "xiangqi (WXF repetition rules) or chess (FIDE draw rules)")
      ->check(CLI::IsMember({"xiangqi", "chess"}));
  app.add_option("--replay", replay_dir, "replay every WXF diagram case in this folder and print a table");
  app.footer(FORMAT_HELP);
  CLI11_PARSE(app, argc, argv);
  // Logging goes to stderr: stdout carries only the JSON answers.
  spdlog::set_default_logger(spdlog::stderr_color_mt("xqjudge"));

  std::ios::sync_with_stdio(false);
  if (app.count("--replay")) return xq::tools::replay_diagrams(replay_dir, std::cout, std::cerr) ? 0 : 1;
  const bool ok = variant == "chess" ? xq::tools::run_chess_lines(std::cin, std::cout)
                                     : xq::tools::run_xiangqi_lines(std::cin, std::cout);
  return ok ? 0 : 3;
}
