// The loop both xqjudge variants share: one JSON answer per non-blank input line.
#pragma once

#include <exception>
#include <istream>
#include <ostream>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

namespace xq::tools {

// Reads lines from `in` until EOF and writes answer(line) for each non-blank one, flushed at
// once (callers may be talking to us through a pipe). Returns false only on an I/O failure.
template <class Answer>
bool run_json_lines(std::istream& in, std::ostream& out, Answer answer) {
  // The answer's own JSON type: an ordered_json keeps its documented key order.
  using Json = std::invoke_result_t<Answer, const std::string&>;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r\n") == std::string::npos) continue;
    Json reply;
    try {
      reply = answer(line);
    } catch (const std::exception& e) {  // a bug of ours must cost one line, not the run
      reply = {{"error", std::string("internal error: ") + e.what()}};
    }
    // replace: an error may quote invalid UTF-8 from the input, which dump() would reject.
    out << reply.dump(-1, ' ', false, Json::error_handler_t::replace) << '\n' << std::flush;
    if (!out) return false;
  }
  return !in.bad() && bool(out);
}

}  // namespace xq::tools
