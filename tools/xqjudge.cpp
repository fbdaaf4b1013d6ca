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

int main(int argc, char** argv) {
  CLI::App app{"Repetition judge: one JSON ruling per JSON input line"};
  std::string variant = "xiangqi", replay_dir;
  app.add_option("--variant", variant, "xiangqi (WXF repetition rules) or chess (FIDE draw rules)")
      ->check(CLI::IsMember({"xiangqi", "chess"}));
  app.add_option("--replay", replay_dir, "replay every WXF diagram case in this folder and print a table");
  CLI11_PARSE(app, argc, argv);
  // Logging goes to stderr: stdout carries only the JSON answers.
  spdlog::set_default_logger(spdlog::stderr_color_mt("xqjudge"));

  std::ios::sync_with_stdio(false);
  if (!replay_dir.empty()) return xq::tools::replay_diagrams(replay_dir, std::cout) ? 0 : 1;
  const bool ok = variant == "chess" ? xq::tools::run_chess_lines(std::cin, std::cout)
                                     : xq::tools::run_xiangqi_lines(std::cin, std::cout);
  return ok ? 0 : 3;
}
