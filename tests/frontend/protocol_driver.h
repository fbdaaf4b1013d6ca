// Drives a Protocol through string streams for the front-end tests.
#pragma once

#include <sstream>
#include <string>

#include "frontend/protocol.h"

namespace xq::test {

// Sends the lines and returns everything the protocol printed for them (run() returns once the
// input is used up and any finite search has answered).
inline std::string send(frontend::Protocol& p, std::ostringstream& out, const std::string& lines) {
  out.str("");
  std::istringstream in(lines);
  p.run(in);
  return out.str();
}

inline bool has(const std::string& text, const std::string& fragment) { return text.find(fragment) != std::string::npos; }

}  // namespace xq::test
