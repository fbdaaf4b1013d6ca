// Small text helpers the protocol classes share: splitting a command line, case folding,
// strict integer parsing, and quoting untrusted input safely in an answer.
#pragma once

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/text.h"

namespace xq::frontend {

using Tokens = std::vector<std::string>;

inline Tokens split(std::string_view line) {
  Tokens out;
  for (std::string_view w : split_words(line)) out.emplace_back(w);
  return out;
}

inline std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// The tokens [first, last) joined by single spaces.
inline std::string join(Tokens::const_iterator first, Tokens::const_iterator last) {
  std::string s;
  for (auto it = first; it != last; ++it) s += (s.empty() ? "" : " ") + *it;
  return s;
}

// `line` after its first `n` words, as written (inner spaces kept), or "".
inline std::string_view after_words(std::string_view line, std::size_t n) {
  const std::vector<std::string_view> words = split_words(line);
  if (n >= words.size()) return {};
  return line.substr(std::size_t(words[n].data() - line.data()));
}

// The whole token as a decimal integer, or nothing (no sign tricks, no trailing text).
template <class Int = int>
std::optional<Int> to_int(std::string_view s) {
  Int v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

// At most MAX_QUOTE bytes of `text`, every byte outside printable ASCII (controls, DEL, NUL,
// bytes of other encodings) shown as '?', "..." when cut: a hostile 1 MB token or raw NUL
// bytes never come back whole in an answer line, and a GUI reading ASCII never chokes.
constexpr std::size_t MAX_QUOTE = 200;
inline std::string printable(std::string_view text, std::size_t max = MAX_QUOTE) {
  std::string out(text.substr(0, max));
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  if (text.size() > max) out += "...";
  return out;
}

}  // namespace xq::frontend
