// Variant-neutral text helpers shared by the FEN readers and the protocol front end.
#pragma once

#include <cctype>
#include <string_view>
#include <vector>

namespace xq {

// Splits on any run of whitespace; empty fields never appear.
inline std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

}  // namespace xq
