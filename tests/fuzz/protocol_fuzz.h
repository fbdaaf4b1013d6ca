// Shared body of the protocol fuzz targets: the bytes are command lines after a dialect's
// handshake. Checks: nothing crashes or hangs, every line the engine writes is printable ASCII
// of bounded length, and afterwards the engine still answers (isready, or ping under CECP).
// Three adjustments keep a run fast without hiding input from the parsers:
//   - lines that size the hash table (Hash, hashsize, memory) are dropped: a 4 GB table is
//     legal input, but not within a fuzzer's memory limit;
//   - a "bench" command becomes "bench 1 1 1" (1 MB, one thread, depth 1): its arguments may
//     ask for a 4 GB table or 256 threads, and the full bench runs for seconds until the next
//     job or the end of the input stops it (tests/frontend/test_bench.cpp covers its arguments);
//   - every "ping" is preceded by "?" (move now): CECP answers a ping only after the move it is
//     thinking about, and the input may have set an hour per move.
#pragma once

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "frontend/protocol.h"

namespace xq::fuzz {

inline std::string lowered(const std::string& s) {
  std::string l;
  for (char c : s) l += char(std::tolower(static_cast<unsigned char>(c)));
  return l;
}

inline bool sizes_the_hash(const std::string& line) {
  const std::string l = lowered(line);
  return l.find("hash") != std::string::npos || l.find("memory") != std::string::npos;
}

inline bool is_bench(const std::string& line) {
  std::istringstream words(line);
  std::string first;
  return words >> first && first == "bench";
}

// Says which output line broke the rule (bytes escaped), then aborts: the finding.
[[noreturn]] inline void fail_on(const std::string& text, std::size_t at, const char* why) {
  const std::size_t start = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
  std::fprintf(stderr, "protocol output %s at byte %zu of this line:\n", why, at - start);
  for (std::size_t i = start; i < text.size() && i < start + 300 && text[i] != '\n'; ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b >= 0x20 && b < 0x7f) std::fputc(b, stderr);
    else std::fprintf(stderr, "\\x%02x", b);
  }
  std::fputc('\n', stderr);
  std::abort();
}

// Printable ASCII lines, none longer than a long PV line could be.
inline void check_output(const std::string& text) {
  std::size_t length = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b == '\n') {
      length = 0;
      continue;
    }
    if (b < 0x20 || b > 0x7e) fail_on(text, i, "is not printable ASCII");
    if (++length > 4096) fail_on(text, i, "is longer than 4096 bytes");
  }
}

// Feeds `lines` to a fresh engine after `hello` (the dialect's handshake, one command per
// line), then, unless the input said quit, switches back to that dialect and sends `probe`;
// the output must then contain `answer`.
inline void run_protocol(const std::string& lines, const std::string& hello, const std::string& probe,
                         const std::string& answer) {
  std::ostringstream out;
  bool quit = false;
  {
    frontend::Protocol p(out);
    std::istringstream in(hello + lines);
    for (std::string line; !quit && std::getline(in, line);) {
      if (sizes_the_hash(line)) continue;
      if (is_bench(line)) line = "bench 1 1 1";
      if (lowered(line).find("ping") != std::string::npos) p.handle("?");
      quit = !p.handle(line);
    }
    if (!quit) {
      std::istringstream again(hello);
      for (std::string line; std::getline(again, line);) p.handle(line);
      p.handle("?");
      p.handle(probe);
    }
  }  // ~Protocol stops whatever still runs and waits for it
  const std::string text = out.str();
  check_output(text);
  if (!quit && text.find(answer) == std::string::npos) std::abort();
}

}  // namespace xq::fuzz
