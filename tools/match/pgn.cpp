// PGN records for the match runner. Everything a reader might choke on is settled here: tag
// values are escaped, comments cannot close early, and movetext is wrapped into lines under 80
// columns at word boundaries, as the PGN export format asks.
#include "pgn.h"

#include <cctype>
#include <sstream>

#include "engine/position.h"

namespace xq::match {

namespace {

constexpr size_t MAX_LINE = 79;  // PGN export format: lines shorter than 80 columns

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

bool is_number(const std::string& s) {
  if (s.empty() || s.size() > 6) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// Horse and elephant: the one place the two notations' letters differ.
char fen_letter(char c, PgnNotation notation) {
  const bool upper = std::isupper(static_cast<unsigned char>(c));
  char l = char(std::tolower(static_cast<unsigned char>(c)));
  if (notation == PgnNotation::XBoard) {
    if (l == 'n') l = 'h';
    else if (l == 'b') l = 'e';
  } else {
    if (l == 'h') l = 'n';
    else if (l == 'e') l = 'b';
  }
  return upper ? char(std::toupper(static_cast<unsigned char>(l))) : l;
}

// Placement and side of the standard start, in the ICCS letters.
bool is_start(const std::string& fen) {
  const std::vector<std::string> f = split_words(pgn_fen(fen, PgnNotation::Iccs));
  const std::vector<std::string> start = split_words(Position::START_FEN);
  return f.size() >= 2 && f[0] == start[0] && f[1] == start[1];
}

// A tag value between quotes: PGN escapes '\' and '"'; a line break would end the tag line.
std::string tag_value(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    out += std::iscntrl(static_cast<unsigned char>(c)) ? ' ' : c;
  }
  return out;
}

void add_tag(std::string& out, const std::string& name, const std::string& value) {
  out += "[" + name + " \"" + tag_value(value) + "\"]\n";
}

// A comment as unbreakable words, braces included: "{+0.35/12", "0.52s}". A brace inside would
// end the comment early (PGN has no escape for it), so both kinds become parentheses.
void add_comment(std::vector<std::string>& tokens, std::string text) {
  for (char& c : text) {
    if (c == '{') c = '(';
    else if (c == '}') c = ')';
  }
  std::vector<std::string> words = split_words(text);
  if (words.empty()) return;
  words.front().insert(0, "{");
  words.back() += '}';
  tokens.insert(tokens.end(), words.begin(), words.end());
}

// Greedy wrapping. A line that began with '%' would be read as an escape line and skipped, so
// a word starting with it never opens a line without a space before it.
std::string wrap(const std::vector<std::string>& tokens) {
  std::string out, line;
  for (const std::string& t : tokens) {
    if (!line.empty() && line.size() + 1 + t.size() > MAX_LINE) {
      out += line + '\n';
      line.clear();
    }
    if (!line.empty()) line += ' ';
    else if (t[0] == '%') line = " ";
    line += t;
  }
  return out + line + '\n';
}

// Move numbers as the export format writes them: "N." before every Red move, "N..." before a
// Black move only when it opens the game or follows a comment.
std::vector<std::string> movetext(const PgnGame& game, bool black_first, int first_number) {
  std::vector<std::string> tokens;
  int number = first_number;
  bool black = black_first, need_number = true;
  for (size_t i = 0; i < game.moves.size(); ++i) {
    if (!black) tokens.push_back(std::to_string(number) + ".");
    else if (need_number) tokens.push_back(std::to_string(number) + "...");
    tokens.push_back(game.moves[i]);
    const size_t before = tokens.size();
    if (i < game.move_comments.size()) add_comment(tokens, game.move_comments[i]);
    need_number = tokens.size() != before;
    if (black) ++number;
    black = !black;
  }
  add_comment(tokens, game.ending);
  tokens.push_back(game.result.empty() ? "*" : game.result);
  return tokens;
}

}  // namespace

std::string pgn_fen(const std::string& fen, PgnNotation notation) {
  std::vector<std::string> f = split_words(fen);
  if (f.empty()) return "";
  for (char& c : f[0])
    if (std::isalpha(static_cast<unsigned char>(c))) c = fen_letter(c, notation);
  if (f.size() < 2) f.push_back("w");
  if (f[1] == "r" || f[1] == "R" || f[1] == "W") f[1] = "w";
  else if (f[1] == "B") f[1] = "b";
  const char* defaults[] = {"", "", "-", "-", "0", "1"};
  for (size_t i = f.size(); i < 6; ++i) f.push_back(defaults[i]);
  std::string out = f[0];
  for (size_t i = 1; i < 6; ++i) out += " " + f[i];
  return out;
}

std::string to_pgn(const PgnGame& game, PgnNotation notation) {
  const std::string result = game.result.empty() ? "*" : game.result;
  std::string out;
  add_tag(out, "Event", game.event);
  add_tag(out, "Site", game.site);
  add_tag(out, "Date", game.date);
  add_tag(out, "Round", game.round);
  add_tag(out, "White", game.red.empty() ? "?" : game.red);
  add_tag(out, "Black", game.black.empty() ? "?" : game.black);
  add_tag(out, "Result", result);
  add_tag(out, "Game", "Chinese Chess");
  add_tag(out, "Format", "ICCS");
  add_tag(out, "Variant", "xiangqi");

  bool black_first = false;
  int first_number = 1;
  if (!game.start_fen.empty() && !is_start(game.start_fen)) {
    const std::string fen = pgn_fen(game.start_fen, notation);
    const std::vector<std::string> f = split_words(fen);
    black_first = f[1] == "b";
    if (is_number(f[5]) && std::stoi(f[5]) > 0) first_number = std::stoi(f[5]);
    add_tag(out, "SetUp", "1");
    add_tag(out, "FEN", fen);
  }
  if (!game.time_control.empty()) add_tag(out, "TimeControl", game.time_control);
  if (!game.termination.empty()) add_tag(out, "Termination", game.termination);
  for (const auto& [name, value] : game.extra_tags) add_tag(out, name, value);

  return out + "\n" + wrap(movetext(game, black_first, first_number)) + "\n";
}

}  // namespace xq::match
