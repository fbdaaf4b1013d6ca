// libFuzzer target: any bytes as xqjudge input, both variants. Every non-blank line must get
// exactly one JSON line back, and the run must not fail (it is not an I/O error).
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "judge_lines.h"

namespace {
int nonblank_lines(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) n += line.find_first_not_of(" \t\r\n") != std::string::npos;
  return n;
}

void check(bool (*run)(std::istream&, std::ostream&), const std::string& text) {
  std::istringstream in(text);
  std::ostringstream out;
  if (!run(in, out)) std::abort();
  std::istringstream answers(out.str());
  std::string line;
  int n = 0;
  while (std::getline(answers, line)) {
    if (!nlohmann::json::accept(line)) std::abort();
    ++n;
  }
  if (n != nonblank_lines(text)) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  check(xq::tools::run_xiangqi_lines, text);
  check(xq::tools::run_chess_lines, text);
  return 0;
}
