// xqengine: the UCI/UCCI engine front end (Xiangqi by default, chess with UCI_Variant).
// Reads commands on stdin, answers on stdout; logs go to stderr.
#include <iostream>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "protocol.h"

int main() {
  std::ios::sync_with_stdio(false);
  spdlog::set_default_logger(spdlog::stderr_color_mt("xqengine-main"));
  xq::frontend::Protocol protocol(std::cout);
  protocol.run(std::cin);
  return 0;
}
