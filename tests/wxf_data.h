// The WXF data set of data/wxf_diagrams/ (173 cases, 46 protection facts), loaded once for the
// whole test binary and shared by every test that replays its cases.
#pragma once

#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "tools/wxf_cases.h"

namespace xq::test {

inline const wxf::Data& wxf_data() {
  static const wxf::Data d = wxf::load(std::string(XQ_DATA_DIR) + "/wxf_diagrams");
  return d;
}

// The case with this id; the test fails when the data set has none.
inline const wxf::Case& wxf_case(int id) {
  for (const auto& c : wxf_data().cases)
    if (c.id == id) return c;
  FAIL("no WXF case " << id);
  throw std::logic_error("unreachable");
}

}  // namespace xq::test
