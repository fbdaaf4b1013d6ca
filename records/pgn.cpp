#include "records/pgn.h"

#include <algorithm>
#include <cctype>

#include "engine/notation.h"
#include "records/move_text.h"
#include "records/utf8.h"

namespace xq::records {
namespace {

// ---------------------------------------------------------------------------------------------
// Step 1. The text as a stream of tags, comments and words.

struct Token {
  enum Kind { Tag, Comment, Word } kind;
  std::string a, b;  // Tag: name, value; Comment/Word: the text
  bool numbered = false;  // Word: a move number stood in front of it ("1." or "1.h2e2")
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

// Comments keep their inner line breaks as LF; the blank ends go.
std::string trimmed(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  std::string out;
  for (const char c : s)
    if (c != '\r') out += c;
  return out;
}

class Lexer {
 public:
  Lexer(std::string_view text, std::vector<std::string>& warnings) : s_(text), warnings_(warnings) {}

  std::vector<Token> run() {
    while (i_ < s_.size()) step();
    return std::move(out_);
  }

 private:
  bool at_line_start() const {
    for (size_t k = i_; k > 0; --k) {
      if (s_[k - 1] == '\n') return true;
      if (!is_space(s_[k - 1])) return false;
    }
    return true;
  }
  std::string_view rest_of_line() {
    const size_t end = std::min(s_.find('\n', i_), s_.size());
    const std::string_view line = s_.substr(i_, end - i_);
    i_ = end;
    return line;
  }

  void step() {
    const char c = s_[i_];
    if (is_space(c)) ++i_;
    else if (wide_space(i_)) i_ += IDEOGRAPHIC_SPACE.size();
    else if (c == '[' && at_line_start()) tag(rest_of_line());
    else if (c == '%' && at_line_start()) rest_of_line();  // PGN escape line
    else if (c == '{') brace_comment();
    else if (c == ';') ++i_, out_.push_back({Token::Comment, trimmed(rest_of_line()), ""});
    else if (c == '(') variation();
    else if (c == ')') ++i_, warn("a ')' without its '(' was skipped");
    else word();
  }

  void tag(std::string_view line) {
    const size_t close = line.rfind(']');
    std::string_view body = line.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1);
    size_t k = 0;
    while (k < body.size() && !is_space(body[k]) && body[k] != '"') ++k;
    const std::string name(body.substr(0, k));
    const size_t q = body.find('"', k);
    std::string value;
    if (q != std::string_view::npos)
      for (size_t j = q + 1; j < body.size() && body[j] != '"'; ++j) {
        if (body[j] == '\\' && j + 1 < body.size()) ++j;
        value += body[j];
      }
    if (name.empty()) return warn("a tag line without a name was skipped");
    out_.push_back({Token::Tag, name, value});
  }

  void brace_comment() {
    const size_t end = s_.find('}', i_);
    if (end == std::string_view::npos) warn("a comment '{' is never closed; it runs to the end of the text");
    const size_t stop = end == std::string_view::npos ? s_.size() : end;
    out_.push_back({Token::Comment, trimmed(s_.substr(i_ + 1, stop - i_ - 1)), ""});
    i_ = end == std::string_view::npos ? s_.size() : end + 1;
  }

  // Variations are skipped whole: nested ones, and comments inside that hold parentheses.
  void variation() {
    int depth = 0;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '{') {
        const size_t end = s_.find('}', i_);
        i_ = end == std::string_view::npos ? s_.size() : end + 1;
        continue;
      }
      ++i_;
      if (c == '(') ++depth;
      if (c == ')' && --depth == 0) return;
    }
    warn("a variation '(' is never closed; it runs to the end of the text");
  }

  // Chinese editors separate moves with the ideographic space U+3000 as often as with ' '.
  static constexpr std::string_view IDEOGRAPHIC_SPACE = "\xE3\x80\x80";
  bool wide_space(size_t at) const { return s_.substr(at, IDEOGRAPHIC_SPACE.size()) == IDEOGRAPHIC_SPACE; }

  // The length of a move number at the start of `w` ("12.", "12...", full-width "１２．"), 0 if none.
  static size_t move_number_length(std::string_view w) {
    size_t i = 0, digits = 0, dots = 0;
    while (i < w.size()) {
      size_t next = i;
      const char32_t c = next_code_point(w, next);
      const bool digit = (c >= '0' && c <= '9') || (c >= 0xFF10 && c <= 0xFF19);
      const bool dot = c == '.' || c == 0xFF0E;
      if (digit && dots == 0) ++digits;
      else if (dot && digits > 0) ++dots;
      else break;
      i = next;
    }
    return dots > 0 ? i : 0;
  }

  void word() {
    size_t j = i_;
    while (j < s_.size() && !is_space(s_[j]) && !wide_space(j) && s_[j] != '{' && s_[j] != '(' && s_[j] != ')' &&
           s_[j] != ';')
      ++j;
    std::string_view w = s_.substr(i_, j - i_);
    i_ = j;
    // A move number alone, or glued to the move ("1.h2e2").
    if (const size_t n = move_number_length(w); n > 0) {
      w.remove_prefix(n);
      pending_number_ = true;
      if (w.empty()) return;
    }
    if (w.empty() || w[0] == '$' || w == "\xE2\x80\xA6") return;  // a NAG or an ellipsis
    while (w.size() > 1 && (w.back() == '!' || w.back() == '?')) w.remove_suffix(1);
    out_.push_back({Token::Word, std::string(w), "", pending_number_});
    pending_number_ = false;
  }

  void warn(std::string w) { warnings_.push_back(std::move(w)); }

  std::string_view s_;
  size_t i_ = 0;
  bool pending_number_ = false;
  std::vector<Token> out_;
  std::vector<std::string>& warnings_;
};

// ---------------------------------------------------------------------------------------------
// Step 2. Tokens grouped into games.

struct RawGame {
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<Token> body;  // comments and move words in order
  std::string result;
  bool has_moves() const {
    for (const Token& t : body)
      if (t.kind == Token::Word) return true;
    return false;
  }
};

bool is_result(std::string_view w) { return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*"; }

std::vector<RawGame> group_games(const std::vector<Token>& tokens, std::vector<std::string>& warnings) {
  std::vector<RawGame> games;
  bool open = false;    // a game takes tokens
  bool closed = false;  // its result was read: only tags open the next one
  auto start = [&] {
    games.emplace_back();
    open = true;
    closed = false;
  };
  for (const Token& t : tokens) {
    if (t.kind == Token::Tag) {
      if (!open || closed || !games.back().body.empty()) start();
      games.back().tags.emplace_back(t.a, t.b);
      continue;
    }
    if (!open || closed) {
      // Text after a game's result (a site's footer, a signature) is not a game unless it
      // begins like one.
      if (t.kind != Token::Word || !(t.numbered || notation_of(t.a) != Notation::Unknown)) {
        if (t.kind == Token::Word) warnings.push_back("text outside a game skipped: '" + excerpt(t.a) + "'");
        continue;
      }
      start();
    }
    if (t.kind == Token::Word && is_result(t.a)) {
      games.back().result = t.a;
      closed = true;
      continue;
    }
    games.back().body.push_back(t);
  }
  return games;
}

// ---------------------------------------------------------------------------------------------
// Step 3. Each game's moves read against its positions.

std::string move_label(const Position& pos) {
  return "move " + std::to_string(pos.fullmove_number()) + " (" + side_name(pos.side_to_move()) + ")";
}

// Coordinates written with ranks 1-10 show a rank 10 somewhere; ICCS never does.
bool ranks_from_one(const RawGame& g) {
  for (const Token& t : g.body)
    if (t.kind == Token::Word && t.a.find("10") != std::string::npos) return true;
  return false;
}

Notation game_notation(const RawGame& g) {
  for (const Token& t : g.body)
    if (t.kind == Token::Word) return notation_of(t.a);
  return Notation::Unknown;
}

void append_comment(std::string& to, const std::string& text) {
  if (text.empty()) return;
  to += (to.empty() ? "" : "\n") + text;
}

GameRecord read_game(const RawGame& raw, int number) {
  GameRecord g;
  g.number = number;
  g.tags = raw.tags;
  g.result = raw.result;
  Position pos;
  if (const std::string fen = g.tag("FEN"); !fen.empty()) {
    const FenResult fr = set_fen(pos, fen);
    if (!fr.ok) {
      g.error = g.label() + ": bad [FEN] tag: " + fr.error;
      return g;
    }
    g.start_fen = to_fen(pos);
  }
  const Notation notation = game_notation(raw);
  g.notation = to_string(notation);
  const bool from_one = notation == Notation::Iccs && ranks_from_one(raw);
  for (const Token& t : raw.body) {
    if (t.kind == Token::Comment) {
      append_comment(g.comments.back(), t.a);
      continue;
    }
    const MoveResult mr = read_move(pos, t.a, notation, from_one);
    if (!mr.ok()) {
      const std::string why = notation == Notation::Unknown
                                  ? "the first move '" + excerpt(t.a) + "' is in no known notation (ICCS, WXF or Chinese)"
                                  : mr.error;
      g.error = g.label() + ": " + move_label(pos) + ": " + why;
      return g;
    }
    pos.do_move(mr.move);
    g.moves.push_back(mr.move);
    g.move_texts.push_back(t.a);
    g.comments.emplace_back();
  }
  return g;
}

}  // namespace

RecordFile read_pgn(std::string_view utf8) {
  RecordFile file;
  file.format = "pgn";
  const std::vector<Token> tokens = Lexer(utf8, file.warnings).run();
  const std::vector<RawGame> raws = group_games(tokens, file.warnings);
  for (size_t i = 0; i < raws.size(); ++i) {
    if (!raws[i].has_moves() && raws[i].tags.empty()) continue;
    file.games.push_back(read_game(raws[i], int(file.games.size()) + 1));
  }
  if (file.games.empty()) file.error = "no game found (no tags and no moves in any known notation)";
  return file;
}

}  // namespace xq::records
