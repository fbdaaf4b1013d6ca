#include "sample_format.h"

#include <charconv>

namespace xq::datagen {

namespace {

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

}  // namespace

std::string result_text(double result) { return result >= 1 ? "1" : result <= 0 ? "0" : "0.5"; }

std::string format_sample(const Sample& s) { return s.fen + " | " + result_text(s.result) + " | " + std::to_string(s.score); }

std::optional<Sample> parse_sample(const std::string& line, std::string& error) {
  error.clear();
  const std::string t = trim(line);
  if (t.empty() || t[0] == '#') return std::nullopt;
  const auto bar1 = t.find('|'), bar2 = t.find('|', bar1 == std::string::npos ? 0 : bar1 + 1);
  if (bar1 == std::string::npos || bar2 == std::string::npos) return error = "want 'FEN | result | score'", std::nullopt;
  Sample s;
  s.fen = trim(t.substr(0, bar1));
  const std::string result = trim(t.substr(bar1 + 1, bar2 - bar1 - 1)), score = trim(t.substr(bar2 + 1));
  if (result == "1") s.result = 1;
  else if (result == "0") s.result = 0;
  else if (result == "0.5" || result == "1/2") s.result = 0.5;
  else return error = "result '" + result + "' is not 1, 0.5 or 0", std::nullopt;
  const auto [end, ec] = std::from_chars(score.data(), score.data() + score.size(), s.score);
  if (ec != std::errc() || end != score.data() + score.size()) return error = "score '" + score + "' is not an integer", std::nullopt;
  if (s.fen.empty()) return error = "empty FEN", std::nullopt;
  return s;
}

}  // namespace xq::datagen
