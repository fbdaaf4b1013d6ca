// What UCI and UCCI share: position, go (every kind of limit, perft), stop, ponderhit,
// isready, setoption in both spellings (UCI "setoption name X value Y", UCCI "setoption X Y"),
// and the user commands d, eval, flip and bench. The two dialects (uci.cpp, ucci.cpp) add
// their handshake, their own options and commands, and print info lines and the best move in
// their own words.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "dialect.h"
#include "options.h"

namespace xq::frontend {

class UciFamily : public Dialect {
 public:
  using Dialect::Dialect;
  bool handle(const Tokens& t) override;
  void error(const std::string& message) override;
  // Options whose default differs between UCI and UCCI take this dialect's (options.h); the
  // factories call it once the dialect is made.
  void take_protocol_defaults();

 protected:
  virtual void hello() = 0;  // the answer to "uci" / "ucci"
  virtual OptionProtocol option_protocol() const = 0;  // whose option names setoption takes
  // A command of this dialect only; false when it is not one.
  virtual bool handle_own(const Tokens&) { return false; }
  virtual void print_info(const SearchReport& r) = 0;
  // Called on the search thread with the finished search; `draw_offered`: the GUI offered a
  // draw with this go or its ponderhit (UCCI "go draw", "ponderhit draw").
  virtual void print_bestmove(const SearchOutcome& o, bool draw_offered) = 0;
  virtual void before_go(GoRequest&) {}  // UCCI adds its banned moves
  virtual void after_position() {}       // UCCI forgets its banned moves
  virtual void after_new_game() {}

  // The arguments of position and probe; false (reported) when they are malformed.
  bool parse_position_args(const Tokens& t, std::optional<std::string>& fen, std::vector<std::string>& moves);
  std::atomic<bool> draw_offered_{false};

 private:
  void cmd_setoption();
  OptionContext option_context();
  void cmd_position(const Tokens& t);
  void cmd_eval(const Tokens& t);
  void cmd_flip(const Tokens& t);
  void cmd_go(const Tokens& t);
  void cmd_perft(const Tokens& t);
  void cmd_bench(const Tokens& t);
  void start_search(GoRequest request);
  // The clocks as the search should see them: Move Overhead taken off every clock value.
  void apply_overhead(search::Limits& limits) const;
};

}  // namespace xq::frontend
