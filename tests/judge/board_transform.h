// Board symmetries for the judge's property tests: the WXF rules know no left or right and
// no colour, so a mirrored or colour-swapped case must get the same ruling.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace xq::test {

// FEN placement rows (rank 9 first) expanded to 9 characters each, '.' for empty.
inline std::vector<std::string> expand_rows(const std::string& placement) {
  std::vector<std::string> rows(1);
  for (char c : placement) {
    if (c == '/') rows.emplace_back();
    else if (c >= '1' && c <= '9') rows.back().append(size_t(c - '0'), '.');
    else rows.back() += c;
  }
  return rows;
}

inline std::string compress_rows(const std::vector<std::string>& rows) {
  std::string out;
  for (size_t r = 0; r < rows.size(); ++r) {
    int empty = 0;
    for (char c : rows[r]) {
      if (c == '.') { ++empty; continue; }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += c;
    }
    if (empty) out += char('0' + empty);
    if (r + 1 < rows.size()) out += '/';
  }
  return out;
}

// Left to right: file a <-> i. Side to move unchanged.
inline std::string mirror_fen(const std::string& fen) {
  const size_t sp = fen.find(' ');
  auto rows = expand_rows(fen.substr(0, sp));
  for (auto& row : rows) std::reverse(row.begin(), row.end());
  return compress_rows(rows) + fen.substr(sp);
}

// Rotate 180 degrees and swap colours: Red's army becomes Black's on the other side of the
// board, with the move passing to the other colour. Extra FEN fields are dropped.
inline std::string swap_colours_fen(const std::string& fen) {
  const size_t sp = fen.find(' ');
  auto rows = expand_rows(fen.substr(0, sp));
  std::reverse(rows.begin(), rows.end());
  for (auto& row : rows) {
    std::reverse(row.begin(), row.end());
    for (char& c : row) c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
  }
  const char side = fen.at(sp + 1);
  return compress_rows(rows) + (side == 'b' || side == 'B' ? " w" : " b");
}

inline char mirror_file(char f) { return char('a' + ('i' - f)); }
inline char flip_rank(char r) { return char('0' + ('9' - r)); }

inline std::vector<std::string> mirror_moves(std::vector<std::string> moves) {
  for (auto& m : moves) m = {mirror_file(m[0]), m[1], mirror_file(m[2]), m[3]};
  return moves;
}

inline std::vector<std::string> swap_colours_moves(std::vector<std::string> moves) {
  for (auto& m : moves) m = {mirror_file(m[0]), flip_rank(m[1]), mirror_file(m[2]), flip_rank(m[3])};
  return moves;
}

}  // namespace xq::test
