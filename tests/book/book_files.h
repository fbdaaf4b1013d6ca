// The book files the tests read: ElephantEye's BOOK.DAT (tests/data/eleeye, with its
// attribution) and the project's data.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace xq::test {

inline std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline const std::string ELEEYE_BOOK = std::string(XQ_DATA_DIR) + "/../tests/data/eleeye/BOOK.DAT";
inline const std::string MASTER_GAMES = std::string(XQ_DATA_DIR) + "/records/liu_dahua_1125_iccs.pgn";
inline const std::string DEFAULT_BOOK = std::string(XQ_DATA_DIR) + "/book/default.xqb";

}  // namespace xq::test
