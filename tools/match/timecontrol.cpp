#include "timecontrol.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace xq::match {

namespace {

constexpr std::int64_t MAX_SECONDS = 1000LL * 24 * 3600;  // no game lasts 1000 days: keeps sums far from overflow

// Milliseconds as seconds, exactly: "10", "0.5", "3600.125".
std::string seconds_text(std::int64_t ms) {
  std::string s = std::to_string(ms / 1000);
  if (const std::int64_t frac = ms % 1000; frac != 0) {
    std::string digits = std::to_string(1000 + frac).substr(1);  // three digits, leading zeros kept
    while (digits.back() == '0') digits.pop_back();
    s += "." + digits;
  }
  return s;
}

}  // namespace

std::optional<std::int64_t> parse_seconds(std::string_view text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || value < 0 || value > MAX_SECONDS)
    return std::nullopt;
  return std::int64_t(std::llround(value * 1000.0));
}

std::optional<TimeControl> parse_time_control(std::string_view text, std::string& error) {
  TimeControl tc;
  if (text == "inf" || text == "infinite") return tc;
  error = "malformed time control '" + std::string(text.substr(0, 40)) + "' (expected [moves/]seconds[+increment], e.g. 40/60+0.5 or 10+0.1)";
  std::string_view rest = text;
  if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
    const std::string_view m = rest.substr(0, slash);
    const auto [end, ec] = std::from_chars(m.data(), m.data() + m.size(), tc.moves);
    if (ec != std::errc() || end != m.data() + m.size() || tc.moves <= 0 || tc.moves > 1000) return std::nullopt;
    rest = rest.substr(slash + 1);
  }
  std::string_view base = rest, inc;
  const auto plus = rest.find('+');
  if (plus != std::string_view::npos) {
    base = rest.substr(0, plus);
    inc = rest.substr(plus + 1);
    if (inc.empty()) return std::nullopt;  // "10+": an increment was promised
  }
  std::optional<std::int64_t> base_ms;
  if (const auto colon = base.find(':'); colon != std::string_view::npos) {  // m:ss
    const auto minutes = parse_seconds(base.substr(0, colon)), seconds = parse_seconds(base.substr(colon + 1));
    if (minutes && seconds && *minutes % 1000 == 0) base_ms = *minutes * 60 + *seconds;
  } else {
    base_ms = parse_seconds(base);
  }
  const auto inc_ms = inc.empty() ? std::optional<std::int64_t>(0) : parse_seconds(inc);
  if (!base_ms || !inc_ms || *base_ms + *inc_ms <= 0) return std::nullopt;
  tc.infinite = false;
  tc.base_ms = *base_ms;
  tc.inc_ms = *inc_ms;
  error.clear();
  return tc;
}

std::string TimeControl::to_string() const {
  if (movetime_ms > 0) return "st=" + seconds_text(movetime_ms);
  if (infinite) return "inf";
  std::string s = moves > 0 ? std::to_string(moves) + "/" : "";
  s += seconds_text(base_ms);
  if (inc_ms > 0) s += "+" + seconds_text(inc_ms);
  return s;
}

std::string TimeControl::pgn_tag() const {
  // PGN standard, section 9.6.1: "moves/seconds", "seconds+increment", "*seconds" per move.
  if (movetime_ms > 0) return "*" + seconds_text(movetime_ms);
  if (infinite) return "-";
  std::string s = moves > 0 ? std::to_string(moves) + "/" : "";
  s += seconds_text(base_ms);
  if (inc_ms > 0) s += "+" + seconds_text(inc_ms);
  return s;
}

GameClock::GameClock(const TimeControl& tc) : tc_(tc), remaining_(tc.base_ms) {}

int GameClock::moves_to_go() const {
  return tc_.moves > 0 ? tc_.moves - moves_done_ % tc_.moves : 0;
}

bool GameClock::charge(std::int64_t elapsed_ms, std::int64_t margin_ms) {
  if (tc_.movetime_ms > 0) return elapsed_ms <= tc_.movetime_ms + margin_ms;
  if (tc_.infinite) return true;
  remaining_ -= elapsed_ms;
  if (remaining_ < -margin_ms) return false;
  remaining_ += tc_.inc_ms;
  ++moves_done_;
  if (tc_.moves > 0 && moves_done_ % tc_.moves == 0) remaining_ += tc_.base_ms;  // a new period
  return true;
}

std::int64_t GameClock::limit_ms(std::int64_t margin_ms) const {
  if (tc_.movetime_ms > 0) return tc_.movetime_ms + margin_ms;
  if (tc_.infinite) return -1;
  return std::max<std::int64_t>(0, remaining_) + margin_ms;
}

}  // namespace xq::match
