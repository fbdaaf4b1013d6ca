#include "options.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

namespace xq::match {

namespace {

using Args = std::vector<std::string>;
using KeyValues = std::vector<std::pair<std::string, std::string>>;

// An option name: "-games". A value that merely starts with '-' ("score=-5", "-3") is not one.
bool is_option(const std::string& s) {
  return s.size() > 1 && s[0] == '-' && s.find('=') == std::string::npos && !std::isdigit(static_cast<unsigned char>(s[1]));
}

template <class Int>
bool to_int(const std::string& text, Int& out, Int lo, Int hi) {
  Int v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

bool to_double(const std::string& text, double& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

std::string shown(const std::string& s) { return "'" + (s.size() <= 40 ? s : s.substr(0, 40) + "...") + "'"; }

// Sets one engine key. "" on success, else the problem.
std::string set_engine_key(EngineConfig& e, const std::string& key, const std::string& value) {
  if (key == "cmd") e.cmd = value;
  else if (key == "name") e.name = value;
  else if (key == "dir") e.dir = value;
  else if (key == "arg") e.args.push_back(value);
  else if (key == "stderr") e.stderr_file = value;
  else if (key == "initstr") e.initstr.push_back(value);
  else if (key == "proto") {
    const auto p = parse_protocol(value);
    if (!p) return "unknown protocol " + shown(value) + " (uci, uci-fsf, ucci, xboard)";
    e.proto = *p;
  } else if (key == "tc") {
    std::string err;
    const auto tc = parse_time_control(value, err);
    if (!tc) return err;
    e.tc = *tc;
  } else if (key == "st") {
    const auto ms = parse_seconds(value);
    if (!ms || *ms <= 0) return "st takes a positive number of seconds, got " + shown(value);
    e.tc = TimeControl{};
    e.tc.infinite = false;
    e.tc.movetime_ms = *ms;
  } else if (key == "nodes") {
    if (!to_int<std::int64_t>(value, e.nodes, 1, std::numeric_limits<std::int64_t>::max() / 2)) return "nodes must be a positive integer, got " + shown(value);
  } else if (key == "depth") {
    if (!to_int(value, e.depth, 1, 1000)) return "depth must be an integer from 1 to 1000, got " + shown(value);
  } else if (key == "timemargin") {
    if (!to_int<std::int64_t>(value, e.timemargin_ms, 0, 3600000)) return "timemargin is in milliseconds (0-3600000), got " + shown(value);
  } else if (key == "timeout") {
    const auto ms = parse_seconds(value);
    if (!ms || *ms <= 0) return "timeout takes a positive number of seconds, got " + shown(value);
    e.timeout_ms = *ms;
  } else if (key == "timeunit") {
    if (value != "ms" && value != "s") return "timeunit is ms or s, got " + shown(value);
    e.timeunit = value;
  } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
    e.options.emplace_back(key.substr(7), value);
  } else {
    return "unknown engine key " + shown(key);
  }
  return "";
}

// The key=value words after an option, up to the next option.
std::vector<std::pair<std::string, std::string>> key_values(const Args& args, std::size_t& i, std::string& error) {
  std::vector<std::pair<std::string, std::string>> out;
  while (i + 1 < args.size() && !is_option(args[i + 1])) {
    const std::string& word = args[++i];
    const auto eq = word.find('=');
    if (eq == std::string::npos || eq == 0) {
      error = "expected key=value, got " + shown(word);
      return out;
    }
    out.emplace_back(word.substr(0, eq), word.substr(eq + 1));
  }
  return out;
}

std::string value_after(const Args& args, std::size_t& i, std::string& error) {
  if (i + 1 >= args.size() || is_option(args[i + 1])) {
    error = args[i] + " needs a value";
    return "";
  }
  return args[++i];
}

std::string set_sprt(MatchConfig& cfg, const std::vector<std::pair<std::string, std::string>>& kv) {
  SprtConfig s;
  bool e0 = false, e1 = false;
  for (const auto& [k, v] : kv) {
    double x = 0;
    if (!to_double(v, x) || !std::isfinite(x)) return "-sprt " + k + " must be a finite number, got " + shown(v);
    if (k == "elo0") s.elo0 = x, e0 = true;
    else if (k == "elo1") s.elo1 = x, e1 = true;
    else if (k == "alpha") s.alpha = x;
    else if (k == "beta") s.beta = x;
    else return "unknown -sprt key " + shown(k);
  }
  if (!e0 || !e1 || s.elo1 <= s.elo0) return "-sprt needs elo0 < elo1";
  if (s.alpha <= 0 || s.alpha >= 0.5 || s.beta <= 0 || s.beta >= 0.5) return "-sprt alpha and beta must lie in (0, 0.5)";
  cfg.sprt = s;
  return "";
}

std::string set_adjudication(MatchConfig& cfg, const std::string& which, const std::vector<std::pair<std::string, std::string>>& kv) {
  for (const auto& [k, v] : kv) {
    int x = 0;
    if (which == "-resign" && k == "twosided") {
      if (v != "true" && v != "false") return "-resign twosided is true or false";
      cfg.rules.resign.twosided = v == "true";
      continue;
    }
    if (!to_int(v, x, 0, 100000)) return which + " " + k + " must be a non-negative integer, got " + shown(v);
    if (k == "movecount") (which == "-draw" ? cfg.rules.draw.movecount : cfg.rules.resign.movecount) = x;
    else if (k == "score") (which == "-draw" ? cfg.rules.draw.score : cfg.rules.resign.score) = x;
    else if (k == "movenumber" && which == "-draw") cfg.rules.draw.movenumber = x;
    else return "unknown " + which + " key " + shown(k);
  }
  return "";
}

std::string set_openings(MatchConfig& cfg, const std::vector<std::pair<std::string, std::string>>& kv) {
  cfg.openings_given = true;
  for (const auto& [k, v] : kv) {
    if (k == "file") cfg.book.file = v;
    else if (k == "format") { if (v != "epd") return "-openings format: only epd is supported, got " + shown(v); }
    else if (k == "order") { if (v != "sequential" && v != "random") return "-openings order is sequential or random"; cfg.book.order = v; }
    else if (k == "plies") { if (!to_int(v, cfg.book.plies, 0, 1000)) return "-openings plies must be 0-1000"; }
    else if (k == "start") { if (!to_int(v, cfg.book.start, 1, 100000000)) return "-openings start must be a positive integer"; }
    else if (k == "policy") {}  // cutechess's "policy=round|default": every pair uses a fresh opening here
    else return "unknown -openings key " + shown(k);
  }
  if (cfg.book.file.empty()) return "-openings needs file=F";
  return "";
}

// Checks what only makes sense once every option is read.
// -each comes first, so an engine's own keys win (time odds: -engine ... tc=2.5+0.025 -each tc=10+0.1).
std::string finish(MatchConfig& cfg, const std::vector<KeyValues>& engine_keys, const KeyValues& each) {
  if (engine_keys.size() < 2) return "at least two -engine options are needed";
  for (std::size_t n = 0; n < engine_keys.size(); ++n) {
    EngineConfig& e = cfg.engines.emplace_back();
    for (const auto& [k, v] : each)
      if (std::string err = set_engine_key(e, k, v); !err.empty()) return "-each: " + err;
    for (const auto& [k, v] : engine_keys[n])
      if (std::string err = set_engine_key(e, k, v); !err.empty()) return "-engine " + std::to_string(n + 1) + ": " + err;
    if (e.cmd.empty()) return "engine " + std::to_string(n + 1) + " has no cmd=";
    if (e.name.empty()) e.name = e.cmd.substr(e.cmd.find_last_of('/') + 1);
    if (e.tc.infinite && e.nodes == 0 && e.depth == 0)
      return "engine " + e.name + " has no limit: give tc=, st=, nodes= or depth= (or -each)";
    if (e.proto == Protocol::Xboard && e.nodes > 0) return "engine " + e.name + ": nodes= is not available over xboard";
  }
  for (std::size_t a = 0; a < cfg.engines.size(); ++a)
    for (std::size_t b = a + 1; b < cfg.engines.size(); ++b)
      if (cfg.engines[a].name == cfg.engines[b].name) return "two engines are named " + shown(cfg.engines[a].name) + ": give name=";
  if (cfg.sprt && cfg.engines.size() != 2) return "-sprt needs exactly two engines";
  if (cfg.resultsout.empty()) cfg.resultsout = cfg.resume;  // a resumed run goes on writing the file it read
  return "";
}

std::string parse_option(MatchConfig& cfg, const Args& args, std::size_t& i, std::vector<KeyValues>& engine_keys,
                         KeyValues& each) {
  const std::string& opt = args[i];
  std::string error;
  auto int_value = [&](int& out, int lo, int hi) {
    const std::string v = value_after(args, i, error);
    if (error.empty() && !to_int(v, out, lo, hi)) error = opt + " must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " + shown(v);
  };
  if (opt == "-engine") {
    engine_keys.push_back(key_values(args, i, error));
  } else if (opt == "-each") {
    for (const auto& kv : key_values(args, i, error)) each.push_back(kv);
  } else if (opt == "-games") int_value(cfg.games, 1, 100000000);
  else if (opt == "-rounds") int_value(cfg.rounds, 1, 100000000);
  else if (opt == "-concurrency") int_value(cfg.concurrency, 1, 256);
  else if (opt == "-maxmoves") int_value(cfg.rules.maxmoves, 0, 100000);
  else if (opt == "-natural") int_value(cfg.rules.natural_moves, 0, 100000);
  else if (opt == "-repetitions") int_value(cfg.rules.repetitions, 2, 101);
  else if (opt == "-ratinginterval") int_value(cfg.rating_interval, 0, 100000000);
  else if (opt == "-wait") int_value(cfg.wait_ms, 0, 3600000);
  else if (opt == "-repeat") {
    if (i + 1 < args.size() && !is_option(args[i + 1])) ++i;  // "-repeat [2]": colours always alternate per opening here
  } else if (opt == "-recover") cfg.recover = true;
  else if (opt == "-seed") {
    const std::string v = value_after(args, i, error);
    if (error.empty() && !to_int<std::uint64_t>(v, cfg.seed, 0, std::numeric_limits<std::uint64_t>::max())) error = "-seed must be a non-negative integer";
  } else if (opt == "-pgnout") {
    cfg.pgnout = value_after(args, i, error);
    while (i + 1 < args.size() && (args[i + 1] == "min" || args[i + 1] == "fi")) ++i;  // cutechess flags: accepted
  } else if (opt == "-resultsout") cfg.resultsout = value_after(args, i, error);
  else if (opt == "-resume") cfg.resume = value_after(args, i, error);
  else if (opt == "-event") cfg.event = value_after(args, i, error);
  else if (opt == "-tournament") {
    cfg.tournament = value_after(args, i, error);
    if (error.empty() && cfg.tournament != "gauntlet" && cfg.tournament != "round-robin")
      error = "-tournament is gauntlet or round-robin, got " + shown(cfg.tournament);
  } else if (opt == "-shard") {
    const std::string v = value_after(args, i, error);
    const auto slash = v.find('/');
    if (error.empty() && (slash == std::string::npos || !to_int(v.substr(0, slash), cfg.shard_index, 1, 100000) ||
                          !to_int(v.substr(slash + 1), cfg.shard_count, 1, 100000) || cfg.shard_index > cfg.shard_count))
      error = "-shard takes i/n with 1 <= i <= n, got " + shown(v);
    else --cfg.shard_index;
  } else if (opt == "-openings") {
    const auto kv = key_values(args, i, error);
    if (error.empty()) error = set_openings(cfg, kv);
  } else if (opt == "-sprt") {
    const auto kv = key_values(args, i, error);
    if (error.empty()) error = set_sprt(cfg, kv);
  } else if (opt == "-draw" || opt == "-resign") {
    const auto kv = key_values(args, i, error);
    if (error.empty()) error = set_adjudication(cfg, opt, kv);
  } else {
    error = "unknown option " + shown(opt) + " (xqmatch -help lists them)";
  }
  return error;
}

}  // namespace

std::optional<MatchConfig> parse_command_line(const std::vector<std::string>& args, std::string& error) {
  MatchConfig cfg;
  std::vector<KeyValues> engine_keys;
  KeyValues each;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!is_option(args[i])) error = "unexpected " + shown(args[i]) + " (options start with '-')";
    else error = parse_option(cfg, args, i, engine_keys, each);
    if (!error.empty()) return std::nullopt;
  }
  error = finish(cfg, engine_keys, each);
  if (!error.empty()) return std::nullopt;
  return cfg;
}

}  // namespace xq::match

namespace xq::match {

std::string usage_text() {
  return R"(xqmatch: matches between Xiangqi engines, ruled by the WXF repetition judge

usage: xqmatch -engine KEY=VALUE ... -engine KEY=VALUE ... [options]
       xqmatch merge RESULTS.json ... [-sprt elo0=A elo1=B alpha=A beta=B]

engine keys (also for -each, which an engine's own keys override):
  cmd=COMMAND name=NAME proto=uci|uci-fsf|ucci|xboard dir=DIR arg=ARG stderr=FILE
  tc=[MOVES/]SECONDS[+INC] | st=SECONDS   nodes=N   depth=N
  option.NAME=VALUE   initstr=LINE   timemargin=MS (default 50)   timeout=SECONDS (unclocked moves, default 60)
  timeunit=ms|s (UCCI clocks; default: ms when the engine offers usemillisec)

options:
  -games N -rounds R          games per encounter and round (openings are paired: colours swap)
  -concurrency C              games played at once
  -openings file=F [format=epd] [order=sequential|random] [plies=N] [start=N]
  -pgnout FILE  -resultsout FILE.json  -event NAME
  -resume FILE.json           go on from an earlier run's results file (same settings; -games, -rounds may grow):
                              its finished pairs are not played again and stay in the counts and SPRT
  -sprt elo0=A elo1=B [alpha=0.05] [beta=0.05]      stop when decided (pentanomial model)
  -draw movenumber=N movecount=N score=CP          adjudicate a draw by agreement
  -resign movecount=N score=CP [twosided=true]     adjudicate a loss
  -maxmoves N  -natural N (moves without capture, default 60)  -repetitions N (default 3)
  -recover  -seed S  -ratinginterval N  -wait MS
  -tournament gauntlet|round-robin   -shard i/n
)";
}

}  // namespace xq::match
