// xqengine: the UCI/UCCI engine front end (Xiangqi by default, chess with UCI_Variant).
// Reads commands on stdin, answers on stdout; logs go to stderr.
// `xqengine bench [depth]` runs the fixed bench and exits: its last line, "<nodes> nodes
// <nps> nps", carries the build's signature (the node count).
#include <iostream>
#include <string>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "protocol.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // cin is tied to cout by default: every getline would flush cout from the reading thread,
  // outside the lock the search thread writes under, and interleave protocol lines.
  std::cin.tie(nullptr);
  spdlog::set_default_logger(spdlog::stderr_color_mt("xqengine-main"));
  xq::frontend::Protocol protocol(std::cout);
  if (argc > 1) {
    std::string command;
    for (int i = 1; i < argc; ++i) command += std::string(i > 1 ? " " : "") + argv[i];
    protocol.handle(command);
    return 0;
  }
  protocol.run(std::cin);
  return 0;
}
