// The UCI/UCCI front end: reads command lines, answers on an output stream. It parses and
// prints only; the rules live behind VariantGame. Errors never stop the engine: each one
// prints "info string error: ..." naming the problem, and the previous state is kept.
//
// Commands: uci, ucci, isready, setoption (UCI_Variant xiangqi|chess), ucinewgame,
// position startpos|fen <FEN> [moves ...], go perft <N>, d, stop, quit.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "variant.h"

namespace xq::frontend {

class Protocol {
 public:
  explicit Protocol(std::ostream& out);

  // Handles one command line. Returns false once `quit` was read.
  bool handle(std::string_view line);
  // Handles lines from `in` until `quit` or end of input.
  void run(std::istream& in);

  const char* variant() const { return game_->name(); }

 private:
  using Tokens = std::vector<std::string>;
  bool dispatch(const Tokens& t);
  void cmd_hello(bool ucci);
  void cmd_setoption(const Tokens& t);
  void cmd_position(const Tokens& t);
  void cmd_go(const Tokens& t);
  void cmd_perft(int depth);
  void error(const std::string& message);

  std::ostream& out_;
  std::unique_ptr<VariantGame> game_;
};

}  // namespace xq::frontend
