// Diagram options (diagram/options.h): the words the C API and xqdiagram accept, and that a bad
// word is named and changes nothing.
#include <catch2/catch.hpp>

#include "diagram/options.h"

using namespace xq::diagram;

TEST_CASE("diagram options are read word by word", "[diagram]") {
  Options opts;
  REQUIRE(parse_options("flip, labels=iccs;size=60 columns=3 noarrow nomarks lang=zh", opts).empty());
  CHECK(opts.flip);
  CHECK(opts.labels == Labels::Iccs);
  CHECK(opts.square == 60);
  CHECK(opts.columns == 3);
  CHECK_FALSE(opts.arrow);
  CHECK_FALSE(opts.marks);
  CHECK(opts.language == Language::Chinese);

  Options zh;
  REQUIRE(parse_options("labels=zh", zh).empty());
  CHECK(zh.labels == Labels::Players);
  CHECK(zh.language == Language::Chinese);
  Options en;
  REQUIRE(parse_options("labels=en", en).empty());
  CHECK(en.labels == Labels::Wxf);
  CHECK(en.language == Language::English);

  Options defaults;
  REQUIRE(parse_options("", defaults).empty());
  CHECK_FALSE(defaults.flip);
  CHECK(defaults.labels == Labels::Players);
  CHECK(defaults.arrow);
}

TEST_CASE("a bad diagram option is named and leaves the options as they were", "[diagram]") {
  for (const char* bad : {"flip,upside-down", "size=9", "size=161", "size=4x", "columns=0", "labels=fr", "lang=de",
                          "size=", "=", "FLIP"}) {
    Options opts;
    opts.square = 33;
    const std::string error = parse_options(bad, opts);
    INFO(bad);
    CHECK_FALSE(error.empty());
    const std::string text = bad;
    const std::string word = text.substr(text.find(',') == std::string::npos ? 0 : text.find(',') + 1);
    CHECK(error.find("'" + word + "'") != std::string::npos);
    CHECK_FALSE(opts.flip);  // "flip" before the bad word was not applied
    CHECK(opts.square == 33);
  }
}
