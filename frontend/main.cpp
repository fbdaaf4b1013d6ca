// xqengine: the Xiangqi engine (UCI, UCCI and CECP/XBoard; chess perft with UCI_Variant).
// Reads commands on stdin, answers on stdout; logs go to stderr.
// `xqengine bench [hash MB] [threads] [depth]` (the command line arguments form one command;
// help.h lists which) runs that command and exits: bench ends with "Total time (ms) : T",
// "Nodes searched  : N" (the build's signature) and "Nodes/second    : M", as OpenBench reads
// them. `xqengine --help` prints the help. Bad arguments go to stderr, exit status 2.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "help.h"
#include "protocol.h"
#include "search/bench.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // cin is tied to cout by default: every getline would flush cout from the reading thread,
  // outside the lock the search thread writes under, and interleave protocol lines.
  std::cin.tie(nullptr);
  // Always stderr: stdout belongs to the protocol, and a GUI would read log lines as answers.
  spdlog::set_default_logger(spdlog::stderr_color_mt("xqengine"));
  const std::string first = argc > 1 ? argv[1] : "";
  if (first == "--help" || first == "-h" || first == "help") {
    std::cout << xq::frontend::help_text() << std::flush;
    return 0;
  }
  if (argc > 1 && !xq::frontend::is_command_line_command(first)) {
    std::cerr << "xqengine: unknown command-line argument '" << first
              << "'; xqengine --help lists what the command line takes (without arguments the engine reads "
                 "commands on stdin)\n";
    return 2;
  }
  // Command-line bench arguments are checked here, so a mistake reaches the shell as an error.
  if (first == "bench") {
    xq::search::BenchOptions options;
    if (const std::string err = xq::search::parse_bench_args(std::vector<std::string>(argv + 2, argv + argc), options);
        !err.empty()) {
      std::cerr << "xqengine: " << err << '\n';
      return 2;
    }
  }
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
