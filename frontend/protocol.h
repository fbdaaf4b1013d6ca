// The engine's command loop: reads lines, hands each to the protocol dialect the GUI chose
// with its first word ("uci", "ucci", "xboard"; UCI until one of them arrives), and keeps the
// engine core (engine_core.h) all dialects talk to. Errors never stop the engine: each is
// reported in the dialect's words and the previous state is kept.
//
// Threads: searches, perft and bench run on the core's worker thread and print from there;
// every line goes out whole through one Output (output.h), so the reading thread stays free
// (isready, stop, ping are answered at once) and no two lines interleave.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "dialect.h"
#include "engine_core.h"
#include "output.h"

namespace xq::frontend {

class Protocol {
 public:
  explicit Protocol(std::ostream& out);
  ~Protocol();
  Protocol(const Protocol&) = delete;
  Protocol& operator=(const Protocol&) = delete;

  // Handles one command line. Returns false once the GUI said quit.
  bool handle(std::string_view line);
  // Handles lines from `in` until quit or the end of input. At the end of input whatever only
  // a stop would end is stopped, and finite work (a search with limits, perft, bench) answers
  // first: piped input gets its answers, a dead GUI leaves no process behind.
  void run(std::istream& in);
  // Waits for the running job to finish on its own (tests).
  void wait_search() { core_.wait(); }

  std::string variant() const { return core_.variant(); }
  int threads() const { return core_.threads(); }
  int randomness() const { return core_.randomness(); }

 private:
  Output out_;
  EngineCore core_;
  std::unique_ptr<Dialect> dialect_;
  std::string dialect_name_;
};

}  // namespace xq::frontend
