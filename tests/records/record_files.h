// Test helpers for the record readers: the copied real records (tests/data/records/README.md).
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace xq::test {

inline std::string record_bytes(const std::string& name) {
  std::ifstream in(std::string(XQ_TEST_DATA_DIR) + "/records/" + name, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace xq::test
