// xqjudge: rules repetitions (Xiangqi, WXF rules) or FIDE draws (western chess) for games
// given as JSON lines on stdin; or replays the WXF diagram cases.
//   xqjudge [--variant xiangqi|chess] < games.jsonl
//   xqjudge --replay data/wxf_diagrams
//   xqjudge --record FILE... [--json] [--at 41b] [--ntimes N]
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "cli_parse.h"
#include "judge_lines.h"
#include "record_judge.h"

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
Records (--record FILE...): PGN (ICCS, WXF or Chinese notation; UTF-8, GB18030/GBK or Big5),
XQF or DhtmlXQ, told by content. Each game is replayed through the judge; every point where a
repetition ruling applied is reported (the cycle, each side's class, who must vary or that the
position is drawn, whether the game went on), then the end under the rules and whether the
recorded result agrees. --json: one JSON object per game instead of text. --at 41b: as if the
game stopped after Black's 41st move (41r or 41 for Red's). --ntimes: earlier occurrences a
repetition needs (default 2, the arbiter's third occurrence; the JSON-lines mode's default is 1).
Exit status: 0; 1 when --replay finds a case that disagrees or no cases, or when a record or a
game in it is broken (the other games are still judged); 3 on an I/O failure.
More: README.md (sections "xqjudge") and judge/README.md (how the judge decides).
)";

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Repetition judge: one JSON ruling per JSON input line"};
  std::string variant = "xiangqi", replay_dir;
  app.add_option("--variant", variant, "xiangqi (WXF repetition rules) or chess (FIDE draw rules)")
      ->check(CLI::IsMember({"xiangqi", "chess"}));
  app.add_option("--replay", replay_dir, "replay every WXF diagram case in this folder and print a table");
  std::vector<std::string> record_files;
  xq::tools::RecordJudgeOptions record_opts;
  app.add_option("--record", record_files, "judge the games of these record files (PGN, XQF, DhtmlXQ; - the standard input)")->expected(1, -1);
  app.add_flag("--json", record_opts.json, "with --record: one JSON line per game instead of text");
  app.add_option("--at", record_opts.at, "with --record: judge as if each game stopped after this move (e.g. 41b)")
      ->check([](const std::string& s) {
        int n = 0;
        bool black = false;
        return xq::tools::parse_move_number(s, n, black) ? std::string() : "expected a move number and side, e.g. 41b or 12r";
      });
  app.add_option("--ntimes", record_opts.ntimes, "with --record: earlier occurrences a repetition needs (default 2)")
      ->check(CLI::Range(1, 100));
  app.footer(FORMAT_HELP);
  if (const auto status = xq::tools::parse_command_line(app, argc, argv)) return *status;
  // Logging goes to stderr: stdout carries only the JSON answers.
  spdlog::set_default_logger(spdlog::stderr_color_mt("xqjudge"));

  std::ios::sync_with_stdio(false);
  if (!record_files.empty()) return xq::tools::judge_record_files(record_files, record_opts, std::cout, std::cerr);
  if (app.count("--json") || app.count("--at") || app.count("--ntimes")) {
    std::cerr << "xqjudge: --json, --at and --ntimes go with --record\n";
    return 2;
  }
  if (app.count("--replay")) return xq::tools::replay_diagrams(replay_dir, std::cout, std::cerr) ? 0 : 1;
  const bool ok = variant == "chess" ? xq::tools::run_chess_lines(std::cin, std::cout)
                                     : xq::tools::run_xiangqi_lines(std::cin, std::cout);
  return ok ? 0 : 3;
}
