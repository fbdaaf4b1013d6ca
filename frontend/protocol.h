// The UCI/UCCI front end: reads command lines, answers on an output stream. It parses and
// prints only; the rules live behind VariantGame. Errors never stop the engine: each one
// prints "info string error: ..." naming the problem, and the previous state is kept.
//
// Commands: uci, ucci, isready, setoption (UCI_Variant xiangqi|chess, Hash), ucinewgame,
// position startpos|fen <FEN> [moves ...], go perft <N>, go with search limits (Xiangqi), bench,
// d, stop, quit.
//
// Threads: a search runs on one worker thread and prints its info lines and bestmove from
// there; every write to the output stream holds out_mutex_. The reading thread stays free, so
// isready answers at once during a search. Commands that would change what a running search
// uses (go, setoption, ucinewgame, bench, quit) stop it first and wait for its bestmove.
#pragma once

#include <atomic>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "variant.h"

namespace xq::frontend {

class Protocol {
 public:
  explicit Protocol(std::ostream& out);
  ~Protocol();
  Protocol(const Protocol&) = delete;
  Protocol& operator=(const Protocol&) = delete;

  // Handles one command line. Returns false once `quit` was read.
  bool handle(std::string_view line);
  // Handles lines from `in` until `quit` or end of input. At the end of input a running
  // search is finished first (an infinite one is stopped), so piped input gets its bestmove.
  void run(std::istream& in);
  // Waits for a running search to finish on its own (tests; the end of input).
  void wait_search();

  const char* variant() const { return game_->name(); }

 private:
  using Tokens = std::vector<std::string>;
  bool dispatch(const Tokens& t);
  void cmd_hello(bool ucci);
  void cmd_setoption(const Tokens& t);
  void cmd_position(const Tokens& t);
  void cmd_go(const Tokens& t);
  void cmd_perft(int depth);
  void cmd_search(const search::Limits& limits);
  void cmd_bench(const Tokens& t);
  void print_info(const SearchReport& r);
  void stop_search();
  void error(const std::string& message);

  std::ostream& out_;
  std::mutex out_mutex_;
  std::unique_ptr<VariantGame> game_;
  bool ucci_millisec_ = false;  // UCCI "usemillisec": go time/increment in ms, not seconds
  bool ucci_ = false;  // UCCI prints "score N" and "nobestmove"
  int hash_mb_ = 16;
  bool check_only_rules_ = false;
  std::thread worker_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> infinite_{false};
};

}  // namespace xq::frontend
