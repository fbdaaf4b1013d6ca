#include "openings.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/notation.h"
#include "engine/random.h"
#include "fileio/read_file.h"

namespace xq::match {

std::optional<Opening> parse_opening_line(const std::string& line, std::string& error) {
  std::string text = line.substr(0, line.find('#'));
  if (const auto semi = text.find(';'); semi != std::string::npos) text.resize(semi);  // EPD opcodes
  Opening o;
  std::string fen_part = text, moves_part;
  if (const auto m = text.find(" moves"); m != std::string::npos) {
    fen_part = text.substr(0, m);
    moves_part = text.substr(m + 6);
  }
  std::istringstream words(moves_part);
  for (std::string w; words >> w;) o.moves.push_back(w);
  const auto first = fen_part.find_first_not_of(" \t\r");
  fen_part = first == std::string::npos ? "" : fen_part.substr(first, fen_part.find_last_not_of(" \t\r") - first + 1);
  Position pos;
  if (fen_part != "startpos" && fen_part != Position::START_FEN) {
    const FenResult r = set_fen(pos, fen_part);
    if (!r.ok) {
      error = "bad FEN: " + r.error;
      return std::nullopt;
    }
    o.fen = fen_part;
  }
  for (std::size_t i = 0; i < o.moves.size(); ++i) {
    const MoveResult mr = parse_move(pos, o.moves[i]);
    if (!mr.ok()) {
      error = "move " + std::to_string(i + 1) + " ('" + o.moves[i].substr(0, 10) + "'): " + mr.error;
      return std::nullopt;
    }
    pos.do_move(mr.move);
  }
  return o;
}

std::optional<std::vector<Opening>> load_openings(const BookOptions& opts, std::uint64_t seed, std::string& error) {
  std::ifstream in;
  if (error = fileio::open_input(opts.file, in, false); !error.empty()) {
    error = "the opening book: " + error;
    return std::nullopt;
  }
  std::vector<Opening> book;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || line.find_first_not_of(" \t") == line.find('#')) continue;
    std::string why;
    auto o = parse_opening_line(line, why);
    if (!o) {
      error = opts.file + ":" + std::to_string(number) + ": " + why;
      return std::nullopt;
    }
    if (opts.plies >= 0 && int(o->moves.size()) > opts.plies) o->moves.resize(std::size_t(opts.plies));
    book.push_back(std::move(*o));
  }
  if (book.empty()) {
    error = "the opening book '" + opts.file + "' has no openings";
    return std::nullopt;
  }
  if (opts.order == "random") {  // Fisher-Yates with our own generator: the same order on every machine
    std::uint64_t state = seed;
    for (std::size_t i = book.size() - 1; i > 0; --i) std::swap(book[i], book[splitmix64(state) % (i + 1)]);
  }
  const std::size_t start = std::size_t(std::max(1, opts.start) - 1) % book.size();
  std::rotate(book.begin(), book.begin() + long(start), book.end());
  return book;
}

}  // namespace xq::match
