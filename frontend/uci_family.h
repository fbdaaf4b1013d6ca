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

namespace xq::frontend {

class UciFamily : public Dialect {
 public:
  using Dialect::Dialect;
  bool handle(const Tokens& t) override;
  void error(const std::string& message) override;

 protected:
  virtual void hello() = 0;  // the answer to "uci" / "ucci"
  // A command of this dialect only; false when it is not one.
  virtual bool handle_own(const Tokens&) { return false; }
  // An option of this dialect only (name lower-cased); false when it is not one. Bad values
  // are reported inside, and count as known.
  virtual bool set_own_option(const std::string&, const std::string&) { return false; }
  virtual void print_info(const SearchReport& r) = 0;
  // Called on the search thread with the finished search; `draw_offered`: the GUI offered a
  // draw with this go or its ponderhit (UCCI "go draw", "ponderhit draw").
  virtual void print_bestmove(const SearchOutcome& o, bool draw_offered) = 0;
  virtual void before_go(GoRequest&) {}  // UCCI adds its banned moves
  virtual void after_position() {}       // UCCI forgets its banned moves
  virtual void after_new_game() {}

  // Options both dialects share. Returns false for an unknown name.
  bool set_shared_option(const std::string& name, const std::string& value);
  // The arguments of position and probe; false (reported) when they are malformed.
  bool parse_position_args(const Tokens& t, std::optional<std::string>& fen, std::vector<std::string>& moves);
  // "true"/"false" (also on/off, 1/0, as GUIs write checks); reports a bad value.
  bool parse_check(const std::string& name, const std::string& value, bool& out);

  std::atomic<bool> ponder_option_{false};  // UCI "Ponder", UCCI "ponder": answer with a ponder move
  std::atomic<bool> draw_offered_{false};

 private:
  void cmd_setoption(const Tokens& t);
  void cmd_position(const Tokens& t);
  void cmd_eval(const Tokens& t);
  void cmd_flip(const Tokens& t);
  void cmd_go(const Tokens& t);
  void cmd_perft(const Tokens& t);
  void cmd_bench(const Tokens& t);
  void start_search(GoRequest request);
  // The clocks as the search should see them: Move Overhead taken off every clock value.
  void apply_overhead(search::Limits& limits) const;

  bool millisec_ = false;               // UCCI "usemillisec": time/increment in ms, not seconds
  std::int64_t move_overhead_ms_ = 0;   // UCI "Move Overhead"
};

}  // namespace xq::frontend
