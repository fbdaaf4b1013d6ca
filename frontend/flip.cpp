#include "flip.h"

#include <cctype>
#include <vector>

#include "engine/text.h"

namespace xq::frontend {
namespace {

char swap_case(char c) {
  const auto u = static_cast<unsigned char>(c);
  return char(std::isupper(u) ? std::tolower(u) : std::toupper(u));
}

// The placement's rows in reverse order (the top row becomes the bottom one), colours swapped.
std::string flip_placement(std::string_view placement) {
  std::vector<std::string_view> rows;
  for (std::size_t start = 0;;) {
    const std::size_t slash = placement.find('/', start);
    rows.push_back(placement.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  std::string out;
  for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
    if (!out.empty()) out += '/';
    for (char c : *it) out += swap_case(c);
  }
  return out;
}

std::string flip_side(std::string_view side) { return side == "b" || side == "B" ? "w" : "b"; }

// "KQkq" order again after the rights changed hands: "Kq" becomes "Qk".
std::string flip_castling(std::string_view field) {
  std::string out;
  for (char c : {'k', 'q', 'K', 'Q'})
    if (field.find(c) != std::string_view::npos) out += swap_case(c);
  return out.empty() ? "-" : out;
}

std::string flip_ep(std::string_view field) {
  if (field.size() != 2 || field[1] < '1' || field[1] > '8') return std::string(field);
  return std::string{field[0], char('1' + '8' - field[1])};
}

// Fields 0 and 1 flipped, fields from 2 on passed through `rest` (index, text) and kept.
template <class Rest>
std::string flip_fields(std::string_view fen, Rest rest) {
  const std::vector<std::string_view> fields = split_words(fen);
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) out += ' ';
    out += i == 0 ? flip_placement(fields[0]) : i == 1 ? flip_side(fields[1]) : rest(i, fields[i]);
  }
  return out;
}

}  // namespace

std::string flip_xiangqi_fen(std::string_view fen) {
  return flip_fields(fen, [](std::size_t, std::string_view f) { return std::string(f); });
}

std::string flip_chess_fen(std::string_view fen) {
  return flip_fields(fen, [](std::size_t i, std::string_view f) {
    return i == 2 ? flip_castling(f) : i == 3 ? flip_ep(f) : std::string(f);
  });
}

}  // namespace xq::frontend
