// Opening books for matches: one opening per line, "<FEN> [moves m1 m2 ...]" (ICCS moves;
// "startpos" may stand for the standard FEN), '#' starts a comment. Every line is checked when
// the book is read, so a game never starts from a broken opening.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game.h"

namespace xq::match {

struct BookOptions {
  std::string file;
  std::string order = "sequential";  // or "random" (shuffled with the match seed)
  int plies = -1;                    // keep at most this many of each line's moves; -1: all
  int start = 1;                     // the first opening to use (1-based)
};

// The openings in play order. nullopt with `error` naming the file, line and problem.
std::optional<std::vector<Opening>> load_openings(const BookOptions& opts, std::uint64_t seed, std::string& error);

// One line of a book; nullopt with `error` set when it is malformed or illegal.
std::optional<Opening> parse_opening_line(const std::string& line, std::string& error);

}  // namespace xq::match
