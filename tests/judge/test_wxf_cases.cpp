// Every WXF diagram case of data/wxf_diagrams/ replayed through the judge: 173 of 173.
#include <catch2/catch.hpp>

#include "../wxf_data.h"

using namespace xq;

namespace {
// Raise this when a case is added (data/wxf_diagrams/README.md, "Adding a case"): a data set
// that lost cases must fail, not pass on fewer.
constexpr size_t CASE_COUNT = 173;
constexpr size_t FACT_COUNT = 46;

std::string errors_text(const std::vector<std::string>& errors) {
  std::string s;
  for (const auto& e : errors) s += e + "\n";
  return s;
}
}  // namespace

TEST_CASE("the WXF data set loads whole and consistent", "[judge][wxf]") {
  const auto& d = test::wxf_data();
  INFO(errors_text(d.errors));
  CHECK(d.errors.empty());
  CHECK(d.cases.size() == CASE_COUNT);
  CHECK(d.facts.size() == FACT_COUNT);
}

TEST_CASE("every WXF diagram case gets its expected ruling", "[judge][wxf]") {
  int agreed = 0;
  for (const auto& c : test::wxf_data().cases) {
    Position pos;
    const std::string err = wxf::replay(pos, c.fen, c.moves);
    if (!err.empty()) {  // bad data: report it and go on with the other cases
      FAIL_CHECK("case " << c.id << " (" << c.file << "): " << err);
      continue;
    }
    const char* got = judge::to_string(judge::judge_full(pos.history()).verdict);
    INFO("case " << c.id << ", diagram(s) " << wxf::diagrams_text(c.diagrams) << ", " << c.topic << "\n"
                 << wxf::describe(pos, c.fen) << "expected " << c.expected << ", got " << got);
    CHECK(c.expected == got);
    agreed += c.expected == got;
  }
  CHECK(agreed == int(CASE_COUNT));
}

TEST_CASE("judge_ntimes and judge_full agree on every case", "[judge][wxf]") {
  for (const auto& c : test::wxf_data().cases) {
    Position pos;
    REQUIRE(wxf::replay(pos, c.fen, c.moves).empty());
    INFO("case " << c.id);
    CHECK(judge::judge_ntimes(pos.history()) == judge::judge_full(pos.history()).verdict);
  }
}
