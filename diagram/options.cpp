#include "diagram/options.h"

#include <cctype>

namespace xq::diagram {
namespace {

bool is_separator(char c) { return c == ',' || c == ';' || std::isspace(static_cast<unsigned char>(c)); }

// A small decimal in [lo, hi]; no exceptions, no locale (the browser build has neither to spare).
bool parse_int(std::string_view text, int lo, int hi, int& out) {
  if (text.empty() || text.size() > 4) return false;
  int v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v < lo || v > hi) return false;
  out = v;
  return true;
}

bool apply_labels(std::string_view value, Options& opts) {
  if (value == "zh") opts.labels = Labels::Players, opts.language = Language::Chinese;
  else if (value == "en") opts.labels = Labels::Wxf, opts.language = Language::English;
  else if (value == "players") opts.labels = Labels::Players;
  else if (value == "wxf") opts.labels = Labels::Wxf;
  else if (value == "iccs") opts.labels = Labels::Iccs;
  else if (value == "none") opts.labels = Labels::None;
  else return false;
  return true;
}

bool apply_language(std::string_view value, Options& opts) {
  if (value == "zh") opts.language = Language::Chinese;
  else if (value == "en") opts.language = Language::English;
  else return false;
  return true;
}

// One word; false when it is not an option or its value is out of range.
bool apply_word(std::string_view word, Options& opts) {
  const size_t eq = word.find('=');
  if (eq == std::string_view::npos) {
    if (word == "zh" || word == "en") return apply_language(word, opts);
    if (word == "flip") opts.flip = true;
    else if (word == "iccs") opts.labels = Labels::Iccs;
    else if (word == "noarrow") opts.arrow = false;
    else if (word == "nomarks") opts.marks = false;
    else return false;
    return true;
  }
  const std::string_view key = word.substr(0, eq), value = word.substr(eq + 1);
  if (key == "labels") return apply_labels(value, opts);
  if (key == "lang") return apply_language(value, opts);
  if (key == "size") return parse_int(value, MIN_SQUARE, MAX_SQUARE, opts.square);
  if (key == "columns") return parse_int(value, 1, MAX_COLUMNS, opts.columns);
  return false;
}

}  // namespace

std::string parse_options(std::string_view text, Options& opts) {
  Options next = opts;  // applied aside: a bad word leaves the caller's options as they were
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_separator(text[i])) ++i;
    size_t j = i;
    while (j < text.size() && !is_separator(text[j])) ++j;
    if (j > i && !apply_word(text.substr(i, j - i), next))
      return "bad diagram option '" + std::string(text.substr(i, j - i)) +
             "' (expected flip, labels=zh|en|wxf|iccs|none, iccs, lang=zh|en, noarrow, nomarks, size=" +
             std::to_string(MIN_SQUARE) + ".." + std::to_string(MAX_SQUARE) + ", columns=1.." +
             std::to_string(MAX_COLUMNS) + ")";
    i = j;
  }
  opts = next;
  return "";
}

}  // namespace xq::diagram
