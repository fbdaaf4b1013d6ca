// The SVG text builder (diagram/svg_writer.h): numbers the same on every platform and text that
// cannot break the markup.
#include <catch2/catch.hpp>

#include "diagram/svg_writer.h"

using namespace xq::diagram;

TEST_CASE("numbers are written with at most two decimals and no trailing zeros", "[diagram]") {
  CHECK(number(2.0) == "2");
  CHECK(number(44.0) == "44");
  CHECK(number(12.345) == "12.35");
  CHECK(number(0.1) == "0.1");
  CHECK(number(-3.5) == "-3.5");
  CHECK(number(-0.001) == "0");  // never "-0"
  CHECK(number(1e6) == "1000000");
}

TEST_CASE("text and attribute values are escaped", "[diagram]") {
  CHECK(escape("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;");
  CHECK(attr("class", "x\"y") == "class=\"x&quot;y\"");
  SvgWriter w;
  w.text({1, 2}, "<script>", "");
  CHECK(w.str().find("<script>") == std::string::npos);
  CHECK(w.str().find("&lt;script&gt;") != std::string::npos);
}
