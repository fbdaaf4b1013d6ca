#include "pgn_games.h"

#include <cctype>

namespace xq::book {
namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// A move number ("12.", "12...") or a bare ellipsis.
bool is_move_number(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  return i < t.size() && t.substr(i).find_first_not_of('.') == std::string_view::npos;
}

struct Reader {
  std::vector<PgnGame> games;
  PgnGame current;
  bool has_moves = false, open = false;

  void finish() {
    if (open) games.push_back(std::move(current));
    current = PgnGame{};
    has_moves = open = false;
  }
  void start_if_needed(int line) {
    if (!open) current.line = line, open = true;
  }
  void tag(std::string_view body, int line) {
    if (has_moves) finish();
    start_if_needed(line);
    const std::size_t q1 = body.find('"'), q2 = body.rfind('"');
    if (q1 == std::string_view::npos || q2 <= q1) return;
    std::string_view name = body.substr(0, body.find_first_of(" \t"));
    const std::string value(body.substr(q1 + 1, q2 - q1 - 1));
    if (name == "FEN") current.fen = value;
    if (name == "Result") current.result = parse_result(value);
  }
  void token(std::string_view t, int line) {
    if (t.empty() || is_move_number(t)) return;
    start_if_needed(line);
    if (t == "*" || parse_result(t) != GameResult::Unknown) {
      if (parse_result(t) != GameResult::Unknown) current.result = parse_result(t);
      has_moves = true;  // a tag after the result starts another game
      return;
    }
    std::string move(t);
    if (move.size() == 5 && move[2] == '-') move.erase(2, 1);
    current.moves.push_back(move);
    has_moves = true;
  }
};

}  // namespace

GameResult parse_result(std::string_view text) {
  if (text == "1-0") return GameResult::RedWins;
  if (text == "0-1") return GameResult::BlackWins;
  if (text == "1/2-1/2" || text == "1/2") return GameResult::Draw;
  return GameResult::Unknown;
}

std::vector<PgnGame> read_pgn_games(std::string_view text) {
  Reader r;
  int line = 1, depth = 0;  // depth: inside () variations
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line, ++i;
    } else if (is_space(c)) {
      ++i;
    } else if (c == '{') {  // a comment, perhaps over several lines
      for (; i < text.size() && text[i] != '}'; ++i) line += text[i] == '\n';
      ++i;
    } else if (c == ';') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '(' || c == ')') {
      depth = c == '(' ? depth + 1 : std::max(0, depth - 1);
      ++i;
    } else if (c == '[' && depth == 0) {
      const std::size_t end = text.find(']', i);
      const std::size_t stop = end == std::string_view::npos ? text.size() : end;
      r.tag(text.substr(i + 1, stop - i - 1), line);
      i = stop + 1;
    } else {
      std::size_t j = i;
      while (j < text.size() && !is_space(text[j]) && text[j] != '{' && text[j] != '(' && text[j] != ')' && text[j] != ';') ++j;
      if (depth == 0) r.token(text.substr(i, j - i), line);
      i = j;
    }
  }
  r.finish();
  return r.games;
}

}  // namespace xq::book
