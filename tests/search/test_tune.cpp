// The search parameters as a tuner sees them (search/tune.h, frontend/tune_options.h). A tuning
// build (XQ_TUNE; the sanitizer build of scripts/test.sh is one) checks that every parameter is
// a UCI option the search obeys; a normal build checks that none is offered.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>

#include "../frontend/protocol_driver.h"
#include "frontend/protocol.h"
#include "search/tune.h"
#include "search_helpers.h"

namespace tune = xq::search::tune;
using xq::frontend::Protocol;
using xq::test::has;
using xq::test::send;

TEST_CASE("tune: each parameter once, its default inside its range, its step sizes positive", "[tune]") {
  std::set<std::string> names;
  REQUIRE(tune::params().size() >= 30);  // params.h's list, whole
  for (const tune::Param& p : tune::params()) {
    INFO(p.name);
    CHECK(names.insert(p.name).second);
    CHECK(p.min <= p.default_value);
    CHECK(p.default_value <= p.max);
    CHECK(p.min < p.max);
    CHECK(p.get() == p.default_value);  // no earlier test left a value changed
    CHECK(p.c_end > 0);
    CHECK(p.c_end <= p.max - p.min);
    CHECK(p.r_end > 0);
    CHECK(tune::find(p.name) == &p);
  }
  CHECK(tune::find("rfp_margin") == tune::find("RFP_MARGIN"));
  CHECK(tune::find("NO_SUCH_PARAM") == nullptr);
}

#ifdef XQ_TUNE

namespace {

std::string option_line(const tune::Param& p) {
  return std::string("option name ") + p.name + " type spin default " + std::to_string(p.default_value) + " min " +
         std::to_string(p.min) + " max " + std::to_string(p.max) + "\n";
}

// Puts every parameter back when a test ends, passed or failed, so no other test searches
// with a tuner's value.
struct Defaults {
  ~Defaults() { tune::reset_all(); }
};

std::uint64_t nodes_at_depth(int depth) {
  return xq::test::search_depth(xq::test::setup("", "h2e2 h9g7 h0g2"), depth).nodes;
}

}  // namespace

TEST_CASE("tune: a tuning build offers every parameter as a UCI option", "[tune]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string hello = send(p, out, "uci\n");
  for (const tune::Param& param : tune::params()) {
    INFO(param.name);
    CHECK(has(hello, option_line(param)));
  }
  CHECK(has(hello, "uciok\n"));
}

TEST_CASE("tune: tune-params lists every parameter for the SPSA driver", "[tune]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string text = send(p, out, "tune-params\n");
  CHECK(text.rfind("name,default,min,max,c_end,r_end,scale\n", 0) == 0);
  CHECK(has(text, "\nRFP_MARGIN,85,30,200,8,0.002,1\n"));
  CHECK(has(text, "\nLMR_DIVISOR,220,120,400,14,0.002,100\n"));
  CHECK(std::count(text.begin(), text.end(), '\n') == long(tune::params().size()) + 1);
}

TEST_CASE("tune: setoption changes what the search reads, and the default restores it", "[tune]") {
  const Defaults restore;
  std::ostringstream out;
  Protocol p(out);
  const std::uint64_t base = nodes_at_depth(7);
  // A margin that prunes far more: the tree shrinks.
  CHECK(send(p, out, "setoption name RFP_MARGIN value 30\n").empty());
  CHECK(tune::find("RFP_MARGIN")->get() == 30);
  const std::uint64_t pruned = nodes_at_depth(7);
  CHECK(pruned != base);
  CHECK(send(p, out, "setoption name RFP_MARGIN value 85\n").empty());
  CHECK(nodes_at_depth(7) == base);
  // A fractional parameter, in hundredths: LMR_DIVISOR 4.0 reduces less. The default goes
  // back to the same double (2.2), so the tree is the same again.
  CHECK(send(p, out, "setoption name lmr_divisor value 400\n").empty());  // names in any case
  CHECK(nodes_at_depth(7) != base);
  CHECK(send(p, out, "setoption name LMR_DIVISOR value 220\n").empty());
  CHECK(nodes_at_depth(7) == base);
}

TEST_CASE("tune: out-of-range, malformed and unknown values are refused and change nothing", "[tune]") {
  const Defaults restore;
  std::ostringstream out;
  Protocol p(out);
  const tune::Param& rfp = *tune::find("RFP_MARGIN");
  CHECK(send(p, out, "setoption name RFP_MARGIN value 100\n").empty());
  for (const char* bad : {"29", "201", "-5", "abc", "", "90.5", "99999999999999999999"}) {
    INFO(bad);
    const std::string answer = send(p, out, std::string("setoption name RFP_MARGIN value ") + bad + "\n");
    CHECK(has(answer, "info string error: bad value"));
    CHECK(rfp.get() == 100);
  }
  CHECK(has(send(p, out, "setoption name RFP_MARGINS value 90\n"), "info string error: unknown option 'RFP_MARGINS'"));
  CHECK(rfp.get() == 100);
  // The bounds themselves are fine.
  CHECK(send(p, out, "setoption name RFP_MARGIN value 30\nsetoption name RFP_MARGIN value 200\n").empty());
  CHECK(rfp.get() == 200);
}

#else

TEST_CASE("tune: a normal build offers no parameter as an option and keeps its constants", "[tune]") {
  std::ostringstream out;
  Protocol p(out);
  const std::string hello = send(p, out, "uci\n");
  CHECK(has(hello, "uciok\n"));
  for (const tune::Param& param : tune::params()) {
    INFO(param.name);
    CHECK_FALSE(has(hello, std::string("option name ") + param.name + " "));
    CHECK(param.set == nullptr);
    CHECK_FALSE(tune::set_value(param, param.default_value).empty());
  }
  CHECK(has(send(p, out, "setoption name RFP_MARGIN value 30\n"), "info string error: unknown option 'RFP_MARGIN'"));
  CHECK(tune::find("RFP_MARGIN")->get() == 85);
  CHECK(has(send(p, out, "tune-params\n"), "info string error: tune-params needs a tuning build"));
}

#endif
