#include "records/pgn_writer.h"

#include "engine/notation.h"

namespace xq::records {
namespace {

std::string escaped(const std::string& value) {
  std::string out;
  for (const char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out;
}

std::string comment(const std::string& text) {
  std::string out = "{";
  for (const char c : text) out += c == '}' ? ')' : c;
  return out + "}";
}

// Appends words, breaking lines before they pass the width.
class Lines {
 public:
  void word(const std::string& w) {
    if (!line_.empty() && line_.size() + 1 + w.size() > WIDTH) flush();
    line_ += (line_.empty() ? "" : " ") + w;
  }
  void flush() {
    if (!line_.empty()) text_ += line_ + "\n";
    line_.clear();
  }
  std::string text() {
    flush();
    return text_;
  }

 private:
  static constexpr size_t WIDTH = 80;
  std::string line_, text_;
};

}  // namespace

std::string write_pgn(const GameRecord& g, Notation notation) {
  std::string out = "[Game \"Chinese Chess\"]\n";
  for (const auto& [name, value] : g.tags)
    if (name != "Game" && name != "FEN" && name != "Result" && name != "Format")
      out += "[" + name + " \"" + escaped(value) + "\"]\n";
  const std::string result = g.result.empty() ? "*" : g.result;
  out += "[Result \"" + result + "\"]\n";
  Position pos;
  set_fen(pos, g.start_fen);
  if (to_fen(pos) != Position::START_FEN) out += "[FEN \"" + g.start_fen + "\"]\n";
  out += std::string("[Format \"") + (notation == Notation::Iccs ? "ICCS" : notation == Notation::Wxf ? "WXF" : "Chinese") + "\"]\n\n";
  Lines lines;
  if (!g.comments[0].empty()) lines.word(comment(g.comments[0]));
  for (size_t i = 0; i < g.moves.size(); ++i) {
    // A number before Red's moves, and before Black's when a comment broke the pair.
    const bool black = pos.side_to_move() == BLACK;
    if (!black) lines.word(std::to_string(pos.fullmove_number()) + ".");
    else if (i == 0 || !g.comments[i].empty()) lines.word(std::to_string(pos.fullmove_number()) + "...");
    lines.word(write_move(pos, g.moves[i], notation));
    pos.do_move(g.moves[i]);
    if (!g.comments[i + 1].empty()) lines.word(comment(g.comments[i + 1]));
  }
  lines.word(result);
  return out + lines.text() + "\n";
}

}  // namespace xq::records
