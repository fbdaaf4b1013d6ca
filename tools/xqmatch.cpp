// xqmatch: engine matches and tournaments for Xiangqi, in cutechess-cli's command-line
// convention, ruled by our WXF judge. The work is done by the xq_match library (tools/match);
// this file only reads the command line and handles signals.
#include <signal.h>

#include <atomic>
#include <iostream>
#include <string>
#include <vector>

#include "tools/match/match.h"

namespace {

std::atomic<bool> g_abort{false};
volatile sig_atomic_t g_signal = 0;

// Ctrl-C or SIGTERM: running games end unfinished, their PGN is written, the summary printed.
// A second signal while that happens leaves at once.
void on_signal(int sig) {
  if (g_signal) _exit(128 + sig);
  g_signal = sig;
  g_abort = true;
}

void install_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  signal(SIGPIPE, SIG_IGN);  // a dead engine shows up as a failed write, not a dead runner
}

}  // namespace

int main(int argc, char** argv) {
  static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler writes g_abort");
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "-help" || args[0] == "--help" || args[0] == "-h") {
    std::cout << xq::match::usage_text();
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "merge") return xq::match::run_merge({args.begin() + 1, args.end()}, std::cout, std::cerr);
  std::string error;
  const auto cfg = xq::match::parse_command_line(args, error);
  if (!cfg) {
    std::cerr << "Error: " << error << '\n';
    return 2;
  }
  install_handlers();
  const int status = xq::match::run_match(*cfg, std::cout, std::cerr, g_abort);
  return g_signal ? 128 + g_signal : status;
}
