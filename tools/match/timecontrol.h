// Time controls as cutechess-cli writes them ("40/60+0.5", "1:30+1", "inf") and the clock each
// side keeps during a game. Milliseconds throughout.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace xq::match {

struct TimeControl {
  bool infinite = true;         // no clock (fixed nodes/depth, or analysis)
  int moves = 0;                // moves per period; 0: the whole game
  std::int64_t base_ms = 0;     // time per period
  std::int64_t inc_ms = 0;      // added after every move
  std::int64_t movetime_ms = 0; // "st": a fixed time per move instead of a clock

  bool has_clock() const { return !infinite && movetime_ms == 0; }
  std::string to_string() const;  // as parsed: "40/60+0.5", "st=1", "inf"
  std::string pgn_tag() const;    // PGN TimeControl: "40/60+0.5", "10+0.1", "*1.5" (a fixed time per move), "-" none
};

// Parses "[moves/]time[+inc]" (time as seconds or m:ss) or "inf". nullopt with `error` set
// when the text is malformed or out of range.
std::optional<TimeControl> parse_time_control(std::string_view text, std::string& error);
// Parses a number of seconds ("0.5", "10") into milliseconds; nullopt if malformed or absurd.
std::optional<std::int64_t> parse_seconds(std::string_view text);

// One side's clock during a game.
class GameClock {
 public:
  explicit GameClock(const TimeControl& tc);
  std::int64_t remaining_ms() const { return remaining_; }
  int moves_to_go() const;        // moves left in this period; 0: sudden death
  // Charges one move that took `elapsed_ms`; false when the clock ran out (beyond `margin_ms`).
  bool charge(std::int64_t elapsed_ms, std::int64_t margin_ms);
  // How long the side may think before it has overstepped: the remaining time (or the fixed
  // move time) plus the margin; -1 when no clock applies.
  std::int64_t limit_ms(std::int64_t margin_ms) const;

 private:
  TimeControl tc_;
  std::int64_t remaining_ = 0;
  int moves_done_ = 0;
};

}  // namespace xq::match
