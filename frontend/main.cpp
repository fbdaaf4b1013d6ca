// xqengine: the Xiangqi engine (UCI, UCCI and CECP/XBoard; chess perft with UCI_Variant).
// Reads commands on stdin, answers on stdout; logs go to stderr.
// `xqengine bench [depth]` (any command line arguments form one command) runs that command
// and exits: bench's last line, "<nodes> nodes <nps> nps", carries the build's signature.
#include <iostream>
#include <sstream>
#include <string>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "protocol.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // cin is tied to cout by default: every getline would flush cout from the reading thread,
  // outside the lock the search thread writes under, and interleave protocol lines.
  std::cin.tie(nullptr);
  // Always stderr: stdout belongs to the protocol, and a GUI would read log lines as answers.
  spdlog::set_default_logger(spdlog::stderr_color_mt("xqengine"));
  xq::frontend::Protocol protocol(std::cout);
  if (argc > 1) {
    std::string command;
    for (int i = 1; i < argc; ++i) command += std::string(i > 1 ? " " : "") + argv[i];
    std::istringstream in(command);
    protocol.run(in);
    return 0;
  }
  protocol.run(std::cin);
  return 0;
}
