// Line processors behind xqjudge: each reads JSON lines from `in` and writes one JSON line
// per input line to `out`. A bad line gets {"error": ...} and processing goes on.
// They return false only on an I/O failure.
#pragma once

#include <iosfwd>
#include <string>

namespace xq::tools {

bool run_xiangqi_lines(std::istream& in, std::ostream& out);
bool run_chess_lines(std::istream& in, std::ostream& out);

// Replays every case under `dir` (data/wxf_diagrams), prints a table and "N/M cases agree".
// Returns true when every case agrees. A folder that is missing or holds no case prints only
// an error to `err` (no table) and returns false.
bool replay_diagrams(const std::string& dir, std::ostream& out, std::ostream& err);

}  // namespace xq::tools
