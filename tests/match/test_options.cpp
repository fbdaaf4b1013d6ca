// xqmatch's command line, read the way cutechess-cli reads it: -engine and -each keys (an
// engine's own keys win), option.NAME=VALUE, protocols, -openings, -sprt, adjudication, -shard,
// and the messages for what is wrong. Also the small text helpers the players use:
// split_command (an engine's cmd= into argv) and shift_ranks (ICCS <-> Fairy-Stockfish ranks).
#include <catch2/catch.hpp>

#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tools/match/options.h"
#include "tools/match/player.h"
#include "tools/match/process.h"

using namespace xq::match;

namespace {

// Splits on blanks only: tests that need a word with a blank inside build the vector by hand.
std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

MatchConfig accepted(const std::vector<std::string>& args) {
  std::string error;
  const auto cfg = parse_command_line(args, error);
  INFO("error: " << error);
  REQUIRE(cfg);
  CHECK(error.empty());
  return *cfg;
}
MatchConfig accepted(const std::string& line) { return accepted(words(line)); }

std::string rejected(const std::vector<std::string>& args) {
  std::string error;
  const auto cfg = parse_command_line(args, error);
  CHECK_FALSE(cfg);
  CHECK_FALSE(error.empty());
  return error;
}
std::string rejected(const std::string& line) {
  INFO("command line: " << line);
  return rejected(words(line));
}

const std::string TWO = "-engine cmd=./a -engine cmd=./b -each tc=10+0.1 ";

}  // namespace

TEST_CASE("parse_command_line: a realistic two-engine match", "[match]") {
  const std::vector<std::string> args = {
      "-engine", "cmd=./xqengine", "name=new", "option.Hash=64", "option.Skill Level=10",
      "-engine", "cmd=/opt/fsf/fairy-stockfish", "name=fsf", "proto=uci-fsf", "option.UCI_Variant=xiangqi",
      "-each", "tc=40/60+0.5", "timemargin=100",
      "-games", "2", "-rounds", "50", "-concurrency", "2", "-repeat", "-recover",
      "-openings", "file=book.epd", "format=epd", "order=random", "plies=8", "start=3", "policy=round",
      "-pgnout", "out.pgn", "min", "-resultsout", "r.json", "-seed", "42", "-ratinginterval", "20",
      "-draw", "movenumber=40", "movecount=8", "score=10", "-resign", "movecount=3", "score=600", "twosided=true",
      "-maxmoves", "200", "-event", "test", "-wait", "5"};
  const MatchConfig cfg = accepted(args);
  REQUIRE(cfg.engines.size() == 2);
  const EngineConfig& a = cfg.engines[0];
  const EngineConfig& b = cfg.engines[1];
  CHECK(a.name == "new");
  CHECK(a.cmd == "./xqengine");
  CHECK(a.proto == Protocol::Uci);  // the default
  CHECK(a.options == std::vector<std::pair<std::string, std::string>>{{"Hash", "64"}, {"Skill Level", "10"}});
  CHECK(b.name == "fsf");
  CHECK(b.cmd == "/opt/fsf/fairy-stockfish");
  CHECK(b.proto == Protocol::UciFsf);
  CHECK(b.options == std::vector<std::pair<std::string, std::string>>{{"UCI_Variant", "xiangqi"}});
  for (const EngineConfig* e : {&a, &b}) {
    CHECK(e->tc.moves == 40);
    CHECK(e->tc.base_ms == 60000);
    CHECK(e->tc.inc_ms == 500);
    CHECK(e->timemargin_ms == 100);
  }
  CHECK(cfg.games == 2);
  CHECK(cfg.rounds == 50);
  CHECK(cfg.concurrency == 2);
  CHECK(cfg.recover);
  CHECK(cfg.openings_given);
  CHECK(cfg.book.file == "book.epd");
  CHECK(cfg.book.order == "random");
  CHECK(cfg.book.plies == 8);
  CHECK(cfg.book.start == 3);
  CHECK(cfg.pgnout == "out.pgn");
  CHECK(cfg.resultsout == "r.json");
  CHECK(cfg.seed == 42);
  CHECK(cfg.rating_interval == 20);
  CHECK(cfg.rules.draw.movenumber == 40);
  CHECK(cfg.rules.draw.movecount == 8);
  CHECK(cfg.rules.draw.score == 10);
  CHECK(cfg.rules.resign.movecount == 3);
  CHECK(cfg.rules.resign.score == 600);
  CHECK(cfg.rules.resign.twosided);
  CHECK(cfg.rules.maxmoves == 200);
  CHECK(cfg.event == "test");
  CHECK(cfg.wait_ms == 5);
  CHECK_FALSE(cfg.sprt);
  CHECK(cfg.tournament == "round-robin");
  CHECK(cfg.shard_index == 0);
  CHECK(cfg.shard_count == 1);
}

TEST_CASE("parse_command_line: defaults", "[match]") {
  const MatchConfig cfg = accepted("-engine cmd=/usr/bin/xqengine depth=2 -engine cmd=other name=b depth=3");
  CHECK(cfg.games == 2);
  CHECK(cfg.rounds == 1);
  CHECK(cfg.concurrency == 1);
  CHECK_FALSE(cfg.openings_given);
  CHECK(cfg.rules.repetitions == 3);
  CHECK(cfg.rules.natural_moves == 60);
  CHECK(cfg.rating_interval == 10);
  // A missing name= is the command's file name.
  CHECK(cfg.engines[0].name == "xqengine");
  CHECK(cfg.engines[0].timemargin_ms == 50);
  CHECK(cfg.engines[0].timeout_ms == 60000);
  CHECK(cfg.engines[1].depth == 3);
}

TEST_CASE("parse_command_line: an engine's own keys override -each (time odds)", "[match]") {
  // -each may come before or after the engines: the engine's key still wins.
  for (const std::string line : {"-engine cmd=./a name=fast tc=2.5+0.025 -engine cmd=./b name=slow -each tc=10+0.1 proto=ucci",
                                 "-each tc=10+0.1 proto=ucci -engine cmd=./a name=fast tc=2.5+0.025 -engine cmd=./b name=slow"}) {
    INFO(line);
    const MatchConfig cfg = accepted(line);
    CHECK(cfg.engines[0].tc.base_ms == 2500);
    CHECK(cfg.engines[0].tc.inc_ms == 25);
    CHECK(cfg.engines[1].tc.base_ms == 10000);
    CHECK(cfg.engines[1].tc.inc_ms == 100);
    CHECK(cfg.engines[0].proto == Protocol::Ucci);
    CHECK(cfg.engines[1].proto == Protocol::Ucci);
  }
  // An engine's st= replaces -each's clock, and its tc= replaces -each's st=.
  const MatchConfig st = accepted("-engine cmd=./a st=0.5 -engine cmd=./b -each tc=10+0.1");
  CHECK(st.engines[0].tc.movetime_ms == 500);
  CHECK_FALSE(st.engines[0].tc.has_clock());
  CHECK(st.engines[1].tc.has_clock());
  const MatchConfig tc = accepted("-engine cmd=./a tc=5 -engine cmd=./b -each st=1");
  CHECK(tc.engines[0].tc.movetime_ms == 0);
  CHECK(tc.engines[0].tc.base_ms == 5000);
  CHECK(tc.engines[1].tc.movetime_ms == 1000);
  // Engine options from -each come first, the engine's own after them (the engine sees both, the
  // last one wins).
  const MatchConfig opt = accepted("-engine cmd=./a option.Hash=64 -engine cmd=./b -each option.Hash=16 depth=2");
  CHECK(opt.engines[0].options == std::vector<std::pair<std::string, std::string>>{{"Hash", "16"}, {"Hash", "64"}});
  CHECK(opt.engines[1].options == std::vector<std::pair<std::string, std::string>>{{"Hash", "16"}});
}

TEST_CASE("parse_command_line: option.NAME=VALUE", "[match]") {
  // A blank in the name is part of the name (the shell passed one word); '=' in the value stays.
  const MatchConfig cfg = accepted({"-engine", "cmd=./a", "option.Clear Hash=true", "option.EvalFile=a=b.nnue",
                                    "option.Empty=", "-engine", "cmd=./b", "-each", "depth=1"});
  CHECK(cfg.engines[0].options ==
        std::vector<std::pair<std::string, std::string>>{{"Clear Hash", "true"}, {"EvalFile", "a=b.nnue"}, {"Empty", ""}});
  CHECK(cfg.engines[1].options.empty());
  CHECK_THAT(rejected({"-engine", "cmd=./a", "option.=5", "-engine", "cmd=./b", "-each", "depth=1"}),
             Catch::Contains("unknown engine key 'option.'"));
}

TEST_CASE("parse_command_line: protocols", "[match]") {
  const std::pair<std::string, Protocol> cases[] = {{"uci", Protocol::Uci},
                                                    {"uci-fsf", Protocol::UciFsf},
                                                    {"ucci", Protocol::Ucci},
                                                    {"xboard", Protocol::Xboard},
                                                    {"cecp", Protocol::Xboard}};
  for (const auto& [text, proto] : cases) {
    INFO(text);
    const MatchConfig cfg = accepted(TWO + "-engine cmd=./c name=c proto=" + text);
    CHECK(cfg.engines[2].proto == proto);
    CHECK(cfg.engines[0].proto == Protocol::Uci);
  }
  const std::string error = rejected(TWO.substr(0, 16) + "proto=UCI " + TWO.substr(16));
  CHECK_THAT(error, Catch::Contains("-engine 1: unknown protocol 'UCI'"));
  CHECK_THAT(rejected(TWO + "proto=winboard"), Catch::Contains("-each: unknown protocol 'winboard'"));
  CHECK(std::string(protocol_name(Protocol::UciFsf)) == "uci-fsf");
  CHECK(std::string(protocol_name(Protocol::Xboard)) == "xboard");
}

TEST_CASE("parse_command_line: -openings", "[match]") {
  const MatchConfig seq = accepted(TWO + "-openings file=data/openings/balanced.txt");
  CHECK(seq.openings_given);
  CHECK(seq.book.file == "data/openings/balanced.txt");
  CHECK(seq.book.order == "sequential");
  CHECK(seq.book.plies == -1);
  CHECK(seq.book.start == 1);
  const MatchConfig zero = accepted(TWO + "-openings file=b.txt plies=0 order=sequential");
  CHECK(zero.book.plies == 0);

  CHECK_THAT(rejected(TWO + "-openings order=random"), Catch::Contains("-openings needs file=F"));
  CHECK_THAT(rejected(TWO + "-openings file=b.pgn format=pgn"), Catch::Contains("only epd"));
  CHECK_THAT(rejected(TWO + "-openings file=b order=shuffled"), Catch::Contains("sequential or random"));
  CHECK_THAT(rejected(TWO + "-openings file=b plies=-1"), Catch::Contains("plies must be 0-1000"));
  CHECK_THAT(rejected(TWO + "-openings file=b plies=x"), Catch::Contains("plies must be 0-1000"));
  CHECK_THAT(rejected(TWO + "-openings file=b start=0"), Catch::Contains("start must be a positive integer"));
  CHECK_THAT(rejected(TWO + "-openings file=b depth=3"), Catch::Contains("unknown -openings key 'depth'"));
  CHECK_THAT(rejected(TWO + "-openings file=b plies"), Catch::Contains("expected key=value, got 'plies'"));
}

TEST_CASE("parse_command_line: -sprt", "[match]") {
  const MatchConfig cfg = accepted(TWO + "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.1");
  REQUIRE(cfg.sprt);
  CHECK(cfg.sprt->elo0 == 0);
  CHECK(cfg.sprt->elo1 == 5);
  CHECK(cfg.sprt->alpha == Approx(0.05));
  CHECK(cfg.sprt->beta == Approx(0.1));
  // Negative bounds are values, not options.
  const MatchConfig neg = accepted(TWO + "-sprt elo0=-5 elo1=-1.5");
  REQUIRE(neg.sprt);
  CHECK(neg.sprt->elo0 == -5);
  CHECK(neg.sprt->elo1 == -1.5);
  CHECK(neg.sprt->alpha == Approx(0.05));  // defaults
  CHECK(neg.sprt->beta == Approx(0.05));

  for (const std::string bounds : {"elo0=5 elo1=5", "elo0=5 elo1=0", "elo0=0", "elo1=5", ""}) {
    INFO(bounds);
    CHECK_THAT(rejected(TWO + "-sprt " + bounds), Catch::Contains("-sprt needs elo0 < elo1"));
  }
  for (const std::string range : {"alpha=0", "alpha=0.5", "alpha=-0.05", "beta=0", "beta=1", "alpha=2"}) {
    INFO(range);
    CHECK_THAT(rejected(TWO + "-sprt elo0=0 elo1=5 " + range), Catch::Contains("alpha and beta must lie in (0, 0.5)"));
  }
  CHECK_THAT(rejected(TWO + "-sprt elo0=0 elo1=five"), Catch::Contains("-sprt elo1 must be a finite number, got 'five'"));
  CHECK_THAT(rejected(TWO + "-sprt elo0=0 elo1=5 gamma=1"), Catch::Contains("unknown -sprt key 'gamma'"));
  CHECK_THAT(rejected(TWO + "-engine cmd=./c -sprt elo0=0 elo1=5"), Catch::Contains("-sprt needs exactly two engines"));
}

TEST_CASE("parse_command_line: -sprt refuses bounds that are not finite numbers", "[match]") {
  // nan compares false with everything, so "elo1 <= elo0" and the alpha range both let it
  // through; a test with such bounds can never decide (or decides at once).
  for (const std::string sprt : {"elo0=nan elo1=5", "elo0=0 elo1=nan", "elo0=0 elo1=inf", "elo0=-inf elo1=5",
                                 "elo0=0 elo1=5 alpha=nan", "elo0=0 elo1=5 beta=nan"}) {
    INFO(sprt);
    std::string error;
    CHECK_FALSE(parse_command_line(words(TWO + "-sprt " + sprt), error));
  }
}

TEST_CASE("parse_command_line: -draw and -resign", "[match]") {
  // "score=-5" has the shape of a value: it reaches -draw's check, it is not an unknown option.
  const std::string neg = rejected(TWO + "-draw movenumber=30 movecount=6 score=-5");
  CHECK_THAT(neg, Catch::Contains("-draw score must be a non-negative integer, got '-5'"));
  CHECK_THAT(neg, !Catch::Contains("unknown option"));
  CHECK_THAT(rejected(TWO + "-resign movecount=3 score=-500"), Catch::Contains("-resign score must be a non-negative integer"));

  const MatchConfig cfg = accepted(TWO + "-draw movenumber=30 movecount=6 score=5 -resign movecount=4 score=700");
  CHECK(cfg.rules.draw.movenumber == 30);
  CHECK(cfg.rules.draw.movecount == 6);
  CHECK(cfg.rules.draw.score == 5);
  CHECK(cfg.rules.resign.movecount == 4);
  CHECK(cfg.rules.resign.score == 700);
  CHECK_FALSE(cfg.rules.resign.twosided);

  CHECK_THAT(rejected(TWO + "-resign movecount=3 score=500 twosided=yes"), Catch::Contains("twosided is true or false"));
  CHECK_THAT(rejected(TWO + "-draw twosided=true"), Catch::Contains("-draw twosided must be a non-negative integer"));
  CHECK_THAT(rejected(TWO + "-resign movenumber=3"), Catch::Contains("unknown -resign key 'movenumber'"));
  CHECK_THAT(rejected(TWO + "-draw moves=3"), Catch::Contains("unknown -draw key 'moves'"));
}

TEST_CASE("parse_command_line: -shard i/n", "[match]") {
  const MatchConfig cfg = accepted(TWO + "-shard 2/3");
  CHECK(cfg.shard_index == 1);  // stored 0-based
  CHECK(cfg.shard_count == 3);
  const MatchConfig last = accepted(TWO + "-shard 3/3");
  CHECK(last.shard_index == 2);
  const MatchConfig one = accepted(TWO + "-shard 1/1");
  CHECK(one.shard_index == 0);
  CHECK(one.shard_count == 1);
  for (const std::string bad : {"0/3", "4/3", "x", "2", "2/0", "/3", "2/", "a/3", "2/3/4", "-1/3"}) {
    INFO(bad);
    CHECK_THAT(rejected(TWO + "-shard " + bad), Catch::Contains("-shard takes i/n with 1 <= i <= n, got '" + bad + "'"));
  }
  CHECK_THAT(rejected(TWO + "-shard"), Catch::Contains("-shard needs a value"));
}

TEST_CASE("parse_command_line: integer options and their ranges", "[match]") {
  CHECK(accepted(TWO + "-games 10 -rounds 3 -concurrency 256 -repetitions 2 -natural 0").concurrency == 256);
  CHECK(accepted(TWO + "-ratinginterval 0").rating_interval == 0);
  CHECK(accepted(TWO + "-seed 18446744073709551615").seed == 18446744073709551615ULL);
  CHECK_THAT(rejected(TWO + "-games 0"), Catch::Contains("-games must be an integer from 1 to 100000000, got '0'"));
  CHECK_THAT(rejected(TWO + "-games -5"), Catch::Contains("-games must be an integer from 1"));  // a value, not an option
  CHECK_THAT(rejected(TWO + "-games 2.5"), Catch::Contains("-games must be an integer"));
  CHECK_THAT(rejected(TWO + "-concurrency 257"), Catch::Contains("-concurrency must be an integer from 1 to 256"));
  CHECK_THAT(rejected(TWO + "-repetitions 1"), Catch::Contains("-repetitions must be an integer from 2 to 101"));
  CHECK_THAT(rejected(TWO + "-games"), Catch::Contains("-games needs a value"));
  CHECK_THAT(rejected(TWO + "-games -rounds 2"), Catch::Contains("-games needs a value"));
  CHECK_THAT(rejected(TWO + "-seed -1"), Catch::Contains("-seed must be a non-negative integer"));
  CHECK_THAT(rejected(TWO + "-tournament knockout"), Catch::Contains("-tournament is gauntlet or round-robin, got 'knockout'"));
  CHECK(accepted(TWO + "-tournament gauntlet").tournament == "gauntlet");
}

TEST_CASE("parse_command_line: unknown options and engine keys", "[match]") {
  CHECK_THAT(rejected(TWO + "-gamez 4"), Catch::Contains("unknown option '-gamez'"));
  CHECK_THAT(rejected(TWO + "-games 4 6"), Catch::Contains("unexpected '6' (options start with '-')"));
  CHECK_THAT(rejected("games 4 " + TWO), Catch::Contains("unexpected 'games' (options start with '-')"));
  // After -engine or -each, a word without '=' is a broken key, not a new option.
  CHECK_THAT(rejected(TWO + "games 4"), Catch::Contains("expected key=value, got 'games'"));
  CHECK_THAT(rejected("-engine cmd=./a -engine cmd=./b hash=64 -each depth=2"),
             Catch::Contains("-engine 2: unknown engine key 'hash'"));
  CHECK_THAT(rejected(TWO + "-each bogus=1"), Catch::Contains("-each: unknown engine key 'bogus'"));
  CHECK_THAT(rejected("-engine cmd=./a name -engine cmd=./b -each depth=2"), Catch::Contains("expected key=value, got 'name'"));
  CHECK_THAT(rejected("-engine cmd=./a =x -engine cmd=./b -each depth=2"), Catch::Contains("expected key=value, got '=x'"));
  // A long unknown word is quoted only in part.
  const std::string error = rejected(TWO + "-" + std::string(500, 'x'));
  CHECK(error.size() < 120);
}

TEST_CASE("parse_command_line: engines must be told apart and limited", "[match]") {
  CHECK_THAT(rejected("-engine cmd=./a -each depth=1"), Catch::Contains("at least two -engine options"));
  CHECK_THAT(rejected("-games 2"), Catch::Contains("at least two -engine options"));
  CHECK_THAT(rejected("-engine name=a -engine cmd=./b -each depth=1"), Catch::Contains("engine 1 has no cmd="));
  // Same command, no names: both are called after the command.
  CHECK_THAT(rejected("-engine cmd=./bin/xqengine -engine cmd=/usr/bin/xqengine -each depth=1"),
             Catch::Contains("two engines are named 'xqengine': give name="));
  CHECK_THAT(rejected("-engine cmd=./a name=x -engine cmd=./b name=y -engine cmd=./c name=x -each depth=1"),
             Catch::Contains("two engines are named 'x'"));
  CHECK(accepted("-engine cmd=./bin/xqengine name=a -engine cmd=./bin/xqengine name=b -each depth=1").engines.size() == 2);

  // No tc=, st=, nodes= or depth=: the engine would think forever.
  CHECK_THAT(rejected("-engine cmd=./a name=a -engine cmd=./b name=b depth=2"),
             Catch::Contains("engine a has no limit: give tc=, st=, nodes= or depth="));
  CHECK_THAT(rejected("-engine cmd=./a name=a tc=inf -engine cmd=./b name=b -each depth=0"),
             Catch::Contains("depth must be an integer from 1 to 1000"));
  CHECK_THAT(rejected("-engine cmd=./a name=a tc=inf -engine cmd=./b name=b tc=inf"), Catch::Contains("engine a has no limit"));
  for (const std::string limit : {"tc=10", "st=0.1", "nodes=1000", "depth=1"}) {
    INFO(limit);
    CHECK(accepted("-engine cmd=./a -engine cmd=./b -each " + limit).engines.size() == 2);
  }

  // nodes= over xboard cannot be told to the engine.
  CHECK_THAT(rejected("-engine cmd=./a name=a proto=xboard -engine cmd=./b name=b -each nodes=5000"),
             Catch::Contains("engine a: nodes= is not available over xboard"));
  CHECK_THAT(rejected("-engine cmd=./a name=a -engine cmd=./b name=b proto=cecp nodes=5000 -each tc=10"),
             Catch::Contains("engine b: nodes= is not available over xboard"));
  CHECK(accepted("-engine cmd=./a name=a proto=xboard -engine cmd=./b name=b -each depth=4").engines[0].proto ==
        Protocol::Xboard);

  CHECK_THAT(rejected(TWO + "nodes=0"), Catch::Contains("nodes must be a positive integer, got '0'"));
  CHECK_THAT(rejected(TWO + "st=0"), Catch::Contains("st takes a positive number of seconds, got '0'"));
  CHECK_THAT(rejected(TWO + "tc=10+x"), Catch::Contains("malformed time control '10+x'"));
  CHECK_THAT(rejected(TWO + "timemargin=-1"), Catch::Contains("timemargin is in milliseconds"));
  CHECK_THAT(rejected(TWO + "timeout=0"), Catch::Contains("timeout takes a positive number of seconds"));
  CHECK_THAT(rejected(TWO + "timeunit=cs"), Catch::Contains("timeunit is ms or s"));
}

TEST_CASE("split_command: blanks, quotes and backslashes", "[match]") {
  using V = std::vector<std::string>;
  CHECK(split_command("./xqengine") == V{"./xqengine"});
  CHECK(split_command("  python3   fake.py\t--x  ") == V{"python3", "fake.py", "--x"});
  CHECK(split_command("python3 \"my engine.py\" 'a b'") == V{"python3", "my engine.py", "a b"});
  CHECK(split_command("a\\ b c") == V{"a b", "c"});                    // an escaped blank
  CHECK(split_command("\"say \\\"hi\\\"\"") == V{"say \"hi\""});       // \" inside double quotes
  CHECK(split_command("'a\\b'") == V{"a\\b"});                        // single quotes keep backslashes
  CHECK(split_command("x\"y z\"w") == V{"xy zw"});                    // quotes join with the word around them
  CHECK(split_command("a '' b") == V{"a", "", "b"});                  // an empty quoted word is a word
  CHECK(split_command("").empty());
  CHECK(split_command("   ").empty());
  CHECK(split_command("\"it's\"") == V{"it's"});
}

TEST_CASE("shift_ranks: ICCS <-> Fairy-Stockfish ranks", "[match]") {
  CHECK(shift_ranks("h2e2", 1) == "h3e3");
  CHECK(shift_ranks("h3e3", -1) == "h2e2");
  CHECK(shift_ranks("a0a1", 1) == "a1a2");
  CHECK(shift_ranks("i9i8", 1) == "i10i9");  // two-digit ranks on Fairy-Stockfish's side
  CHECK(shift_ranks("i10i9", -1) == "i9i8");
  CHECK(shift_ranks("b10c8", -1) == "b9c7");
  // Every ICCS move survives the round trip.
  for (char f1 = 'a'; f1 <= 'i'; f1 += 4)
    for (int r1 = 0; r1 <= 9; ++r1)
      for (int r2 = 0; r2 <= 9; r2 += 3) {
        const std::string m = std::string(1, f1) + std::to_string(r1) + "e" + std::to_string(r2);
        CHECK(shift_ranks(shift_ranks(m, 1), -1) == m);
      }
  // What is not a coordinate move is left alone for the legality check to reject.
  for (const std::string other : {"(none)", "0000", "resign", "", "h2e", "2e2", "h-2e2", "h2e2+", "e2"}) {
    INFO(other);
    if (other == "e2") CHECK(shift_ranks(other, 1) == "e3");  // a lone square is still a square
    else CHECK(shift_ranks(other, 1) == other);
  }
}
