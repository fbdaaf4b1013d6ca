// Time controls as cutechess-cli writes them, and the clock each side keeps during a game:
// parsing (good and malformed text), the text forms written back, and GameClock's arithmetic
// (margin, increment, periods, fixed move time, no clock).
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "tools/match/timecontrol.h"

using namespace xq::match;

namespace {

TimeControl parsed(const std::string& text) {
  std::string error;
  const auto tc = parse_time_control(text, error);
  INFO("time control '" << text << "': " << error);
  REQUIRE(tc);
  CHECK(error.empty());
  return *tc;
}

// The error for text that must be rejected.
std::string rejected(const std::string& text) {
  std::string error;
  const auto tc = parse_time_control(text, error);
  INFO("time control '" << text << "'");
  CHECK_FALSE(tc);
  CHECK_FALSE(error.empty());
  return error;
}

TimeControl movetime(std::int64_t ms) {
  TimeControl tc;
  tc.infinite = false;
  tc.movetime_ms = ms;
  return tc;
}

}  // namespace

TEST_CASE("parse_time_control reads moves/base+increment", "[match]") {
  const TimeControl a = parsed("40/60+0.5");
  CHECK_FALSE(a.infinite);
  CHECK(a.has_clock());
  CHECK(a.moves == 40);
  CHECK(a.base_ms == 60000);
  CHECK(a.inc_ms == 500);
  CHECK(a.movetime_ms == 0);

  const TimeControl b = parsed("10+0.1");
  CHECK(b.moves == 0);
  CHECK(b.base_ms == 10000);
  CHECK(b.inc_ms == 100);

  const TimeControl c = parsed("1:30+1");  // m:ss
  CHECK(c.moves == 0);
  CHECK(c.base_ms == 90000);
  CHECK(c.inc_ms == 1000);

  const TimeControl d = parsed("60");  // sudden death, no increment
  CHECK_FALSE(d.infinite);
  CHECK(d.moves == 0);
  CHECK(d.base_ms == 60000);
  CHECK(d.inc_ms == 0);

  // Only an increment is still a clock; fractions round to the millisecond.
  const TimeControl e = parsed("0+0.05");
  CHECK(e.base_ms == 0);
  CHECK(e.inc_ms == 50);
  CHECK(parsed("2:05").base_ms == 125000);
  CHECK(parsed("1000/1").moves == 1000);
}

TEST_CASE("parse_time_control: inf is no clock", "[match]") {
  for (const std::string text : {"inf", "infinite"}) {
    const TimeControl tc = parsed(text);
    CHECK(tc.infinite);
    CHECK_FALSE(tc.has_clock());
    CHECK(tc.base_ms == 0);
    CHECK(tc.to_string() == "inf");
    CHECK(tc.pgn_tag() == "-");
  }
}

TEST_CASE("parse_time_control rejects malformed and absurd text", "[match]") {
  for (const std::string text :
       {"", "abc", "40/", "/60", "0", "0+0", "-5+1", "10+x", "+5", "10+-1", "10++1", "10+1+2", "40/60/2",
        "0/60", "-1/60", "x/60", "40.5/60", "1001/60", "1:30:00", "1.5:30", "1:x", ":30", "nan", "inf+1", "10s",
        " 10", "10 ", "1e30", "99999999999", "86400001", "10+1e30", "4294967297/60"}) {
    const std::string error = rejected(text);
    // The message quotes the text (so a user sees which -tc was wrong) and shows the form.
    CHECK_THAT(error, Catch::Contains("malformed time control '" + text.substr(0, 40) + "'"));
    CHECK_THAT(error, Catch::Contains("40/60+0.5"));
  }
  // A very long argument is quoted only in part.
  const std::string long_text(5000, '9');
  const std::string error = rejected(long_text);
  CHECK(error.size() < 300);
  // The largest base accepted: 1000 days. One millisecond more is refused.
  CHECK(parsed("86400000").base_ms == 86400000LL * 1000);
  rejected("86400000.001");
}

TEST_CASE("parse_time_control: a '+' without an increment is malformed", "[match]") {
  // "[moves/]time[+inc]": the '+' comes with an increment, as "10+x" and "40/" are refused.
  const std::string error = rejected("10+");
  CHECK_THAT(error, Catch::Contains("malformed time control '10+'"));
  rejected("40/60+");
}

TEST_CASE("parse_seconds", "[match]") {
  CHECK(parse_seconds("0") == std::optional<std::int64_t>(0));
  CHECK(parse_seconds("0.5") == std::optional<std::int64_t>(500));
  CHECK(parse_seconds("10") == std::optional<std::int64_t>(10000));
  CHECK(parse_seconds("1.2346") == std::optional<std::int64_t>(1235));  // rounds to the nearest ms
  CHECK(parse_seconds("0.0004") == std::optional<std::int64_t>(0));
  CHECK_FALSE(parse_seconds(""));
  CHECK_FALSE(parse_seconds("-1"));
  CHECK_FALSE(parse_seconds("1x"));
  CHECK_FALSE(parse_seconds("inf"));
  CHECK_FALSE(parse_seconds("nan"));
  CHECK_FALSE(parse_seconds("1e300"));
  CHECK_FALSE(parse_seconds(std::string(25, '1')));
}

TEST_CASE("TimeControl to_string and pgn_tag", "[match]") {
  CHECK(parsed("40/60+0.5").to_string() == "40/60+0.5");
  CHECK(parsed("10+0.1").to_string() == "10+0.1");
  CHECK(parsed("1:30+1").to_string() == "90+1");  // minutes are written as seconds
  CHECK(parsed("60").to_string() == "60");
  CHECK(parsed("2.5+0.025").to_string() == "2.5+0.025");
  CHECK(parsed("40/60+0").to_string() == "40/60");  // a zero increment is left out

  // Written text reads back as the same control.
  for (const std::string text : {"40/60+0.5", "10+0.1", "1:30+1", "60", "0.2+0.002", "7/3.25"}) {
    const TimeControl a = parsed(text);
    const TimeControl b = parsed(a.to_string());
    CHECK(b.moves == a.moves);
    CHECK(b.base_ms == a.base_ms);
    CHECK(b.inc_ms == a.inc_ms);
  }

  // PGN standard 9.6.1: "moves/seconds", "seconds+increment".
  CHECK(parsed("40/60+0.5").pgn_tag() == "40/60+0.5");
  CHECK(parsed("10+0.1").pgn_tag() == "10+0.1");
  CHECK(parsed("1:30+1").pgn_tag() == "90+1");
  CHECK(parsed("60").pgn_tag() == "60");

  const TimeControl st = movetime(1500);
  CHECK_FALSE(st.has_clock());
  CHECK(st.to_string() == "st=1.5");
  // The move time shows in the PGN tag and is told apart from a 1.5 s clock and from no clock.
  // (timecontrol.h says "1/1" style, timecontrol.cpp writes "*1.5": only this much is pinned.)
  CHECK_THAT(st.pgn_tag(), Catch::Contains("1.5"));
  CHECK(st.pgn_tag() != parsed("1.5").pgn_tag());
  CHECK(st.pgn_tag() != "-");
  CHECK(movetime(2000).to_string() == "st=2");
}

TEST_CASE("TimeControl::to_string keeps every millisecond", "[match]") {
  // to_string is "as parsed" and goes into the results file and the PGN TimeControl tag; "%g"
  // keeps only 6 significant digits, so 3600.125 s would come back as 3600.12 s.
  for (const std::string text : {"3600.125", "40/1234.567+0.001", "100000.5", "10+1234.567"}) {
    INFO(text);
    const TimeControl a = parsed(text);
    CHECK(a.to_string() == text);
    CHECK(a.pgn_tag() == text);
  }
}

TEST_CASE("GameClock charges moves against the margin", "[match]") {
  const TimeControl tc = parsed("10+0.1");
  SECTION("a move within the clock") {
    GameClock c(tc);
    CHECK(c.remaining_ms() == 10000);
    CHECK(c.moves_to_go() == 0);
    CHECK(c.limit_ms(50) == 10050);
    CHECK(c.charge(3000, 50));
    CHECK(c.remaining_ms() == 10000 - 3000 + 100);
    CHECK(c.limit_ms(50) == 7100 + 50);
    CHECK(c.limit_ms(0) == 7100);
  }
  SECTION("overstepping by exactly the margin is allowed") {
    GameClock c(tc);
    CHECK(c.charge(10050, 50));
    CHECK(c.remaining_ms() == -50 + 100);
  }
  SECTION("overstepping by more than the margin flags, and no increment is added") {
    GameClock c(tc);
    CHECK_FALSE(c.charge(10051, 50));
    CHECK(c.remaining_ms() == -51);
  }
  SECTION("a negative clock without increment: the limit is the margin, never less") {
    GameClock c(parsed("1"));
    CHECK(c.charge(1030, 50));
    CHECK(c.remaining_ms() == -30);
    CHECK(c.limit_ms(50) == 50);
    CHECK_FALSE(c.charge(21, 50));  // -51
  }
  SECTION("a zero margin") {
    GameClock c(tc);
    CHECK_FALSE(c.charge(10001, 0));
    GameClock d(tc);
    CHECK(d.charge(10000, 0));
    CHECK(d.remaining_ms() == 100);
  }
  SECTION("the increment accumulates move after move") {
    GameClock c(tc);
    for (int i = 0; i < 10; ++i) REQUIRE(c.charge(0, 50));
    CHECK(c.remaining_ms() == 10000 + 10 * 100);
    CHECK(c.moves_to_go() == 0);  // sudden death throughout
  }
}

TEST_CASE("GameClock periods: a new period's time after every N moves", "[match]") {
  GameClock c(parsed("2/10"));
  CHECK(c.remaining_ms() == 10000);
  CHECK(c.moves_to_go() == 2);
  REQUIRE(c.charge(4000, 50));
  CHECK(c.remaining_ms() == 6000);
  CHECK(c.moves_to_go() == 1);
  REQUIRE(c.charge(5000, 50));  // the period's second move: 1000 left + 10000
  CHECK(c.remaining_ms() == 11000);
  CHECK(c.moves_to_go() == 2);
  REQUIRE(c.charge(1000, 50));
  CHECK(c.remaining_ms() == 10000);
  CHECK(c.moves_to_go() == 1);
  REQUIRE(c.charge(0, 50));
  CHECK(c.remaining_ms() == 20000);
  CHECK(c.moves_to_go() == 2);

  // Increment and periods together: "3/1+0.5".
  GameClock d(parsed("3/1+0.5"));
  int expected_to_go[] = {3, 2, 1, 3, 2, 1, 3};
  std::int64_t expected = 1000;
  for (int move = 0; move < 6; ++move) {
    CHECK(d.moves_to_go() == expected_to_go[move]);
    REQUIRE(d.charge(100, 50));
    expected += -100 + 500 + ((move + 1) % 3 == 0 ? 1000 : 0);
    CHECK(d.remaining_ms() == expected);
  }
  CHECK(d.moves_to_go() == expected_to_go[6]);

  // A flag in a period: the time left in the period is all there is.
  GameClock e(parsed("2/10"));
  REQUIRE(e.charge(9000, 50));
  CHECK_FALSE(e.charge(1051, 50));
}

TEST_CASE("GameClock with a fixed move time or no clock", "[match]") {
  SECTION("st: each move may take the move time plus the margin, whatever came before") {
    GameClock c(movetime(1000));
    CHECK(c.limit_ms(50) == 1050);
    CHECK(c.charge(1050, 50));
    CHECK(c.limit_ms(50) == 1050);  // nothing carries over
    CHECK(c.charge(1, 50));
    CHECK(c.limit_ms(50) == 1050);
    CHECK_FALSE(c.charge(1051, 50));
    CHECK(c.moves_to_go() == 0);
  }
  SECTION("infinite: no limit, any move time is fine") {
    GameClock c(parsed("inf"));
    CHECK(c.limit_ms(50) == -1);
    CHECK(c.limit_ms(0) == -1);
    CHECK(c.charge(1000000000, 0));
    CHECK(c.limit_ms(50) == -1);
    CHECK(c.moves_to_go() == 0);
    GameClock d{TimeControl{}};  // the default control is no clock
    CHECK(d.limit_ms(50) == -1);
  }
}
