#include "uci_family.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include <spdlog/spdlog.h>

#include "judge/natural.h"
#include "build_info.h"
#include "help.h"
#include "search/bench.h"
#include "tune_options.h"
#include "engine/notation.h"

namespace xq::frontend {

namespace {

// No clock or count we are told needs more than this (about 35 years in milliseconds): larger
// values are clamped, so the time arithmetic can never overflow.
constexpr std::int64_t MAX_GO_VALUE = std::int64_t(1) << 40;

bool is_go_key(const std::string& key) {
  static const char* const KEYS[] = {"depth",     "nodes",     "movetime",  "wtime",        "btime",
                                     "winc",      "binc",      "movestogo", "time",         "increment",
                                     "opptime",   "oppincrement", "oppmovestogo", "infinite", "ponder",
                                     "draw",      "searchmoves",  "mate",      "perft"};
  return std::find(std::begin(KEYS), std::end(KEYS), key) != std::end(KEYS);
}

// A clock may arrive negative (the GUI's clock overstepped): it means "no time left".
bool is_clock_key(const std::string& key) {
  static const char* const CLOCKS[] = {"wtime", "btime", "time", "opptime"};
  return std::find(std::begin(CLOCKS), std::end(CLOCKS), key) != std::end(CLOCKS);
}

// What a valued go parameter wants, in one wording for every way of getting it wrong (a word,
// a negative or a zero mate count).
std::string needs(const std::string& key) {
  if (key == "mate") return "go mate needs a number of moves >= 1";
  return "go " + key + (is_clock_key(key) ? " needs a number" : " needs a number >= 0");
}

// Sets one valued go parameter; "" or the problem with it.
std::string set_go_value(const std::string& key, std::int64_t v, search::Limits& limits, int ucci_ms_per_unit) {
  if (v < 0 && !is_clock_key(key)) return needs(key);
  v = std::clamp<std::int64_t>(v, 0, MAX_GO_VALUE);
  if (key == "depth") limits.depth = int(std::min<std::int64_t>(v, 1000));
  else if (key == "nodes") limits.nodes = std::uint64_t(v);
  else if (key == "movetime") limits.movetime = v;
  else if (key == "wtime") limits.time[RED] = v;  // UCI's "white" is the first player: Red
  else if (key == "btime") limits.time[BLACK] = v;
  else if (key == "winc") limits.inc[RED] = v;
  else if (key == "binc") limits.inc[BLACK] = v;
  else if (key == "movestogo") limits.movestogo = int(std::min<std::int64_t>(v, 1000));
  else if (key == "time") limits.own_time = v * ucci_ms_per_unit;
  else if (key == "increment") limits.own_inc = v * ucci_ms_per_unit;
  else if (key == "mate") {  // stop once a mate in this many moves (or fewer) is found
    if (v == 0) return needs(key);
    limits.mate = int(std::min<std::int64_t>(v, 1000));
  }
  // opptime / oppincrement / oppmovestogo: the opponent's clock does not change how we spend ours.
  return "";
}

// go [ponder] [draw] [infinite] [depth N] [nodes N] [mate N] [movetime MS] [wtime MS]
// [btime MS] [winc MS] [binc MS] [movestogo N] [searchmoves M1 M2 ...] and UCCI's [time T] [increment T] [opptime T]
// [oppincrement T] [oppmovestogo N]. UCCI clocks count seconds unless the GUI set
// "usemillisec" (ucci_ms_per_unit is then 1, else 1000).
// Every go must end in exactly one best move, or a GUI waiting for it hangs: a bad or
// unsupported parameter is reported in `errors` and skipped, and the rest of the line counts.
void parse_go(const Tokens& t, GoRequest& request, std::vector<std::string>& searchmoves, bool& draw, int ucci_ms_per_unit,
              std::vector<std::string>& errors) {
  for (size_t i = 1; i < t.size(); ++i) {
    const std::string& key = t[i];
    if (key == "infinite") { request.limits.infinite = true; continue; }
    if (key == "ponder") { request.ponder = true; continue; }
    if (key == "draw") { draw = true; continue; }
    if (key == "searchmoves") {  // the moves follow, up to the next parameter
      const std::size_t first = i + 1;
      while (i + 1 < t.size() && !is_go_key(t[i + 1])) searchmoves.push_back(t[++i]);
      if (i + 1 == first) errors.push_back("go searchmoves needs moves; searching every move");
      continue;
    }
    if (!is_go_key(key) || key == "perft") {
      errors.push_back(key == "perft" ? "go perft must come first: go perft <depth>; ignored"
                                      : "unknown go parameter '" + key.substr(0, 32) + "'; ignored");
      while (i + 1 < t.size() && !is_go_key(t[i + 1])) ++i;  // its arguments go with it
      continue;
    }
    const auto v = i + 1 < t.size() ? to_int<std::int64_t>(t[i + 1]) : std::nullopt;
    if (!v) {
      // A word that is no parameter is this one's bad value: named here and skipped with it,
      // so one mistake makes one error line (not a second "unknown parameter" for the value).
      std::string err = needs(key);
      if (i + 1 < t.size() && !is_go_key(t[i + 1])) err += ", not '" + t[++i].substr(0, 32) + "'";
      errors.push_back(err);
      continue;
    }
    ++i;
    if (std::string err = set_go_value(key, *v, request.limits, ucci_ms_per_unit); !err.empty()) errors.push_back(err);
  }
}

void print_lines(Output& out, const std::string& text) {
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      out.line(std::string_view(text).substr(start));
      break;
    }
    out.line(std::string_view(text).substr(start, end - start));
    start = end + 1;
  }
}

}  // namespace

bool UciFamily::handle(const Tokens& t) {
  const std::string& cmd = t[0];
  if (cmd == "quit") {
    core_.finish_for_quit();  // a running search still prints its best move; perft and bench finish
    return false;
  }
  if (cmd == "uci" || cmd == "ucci") hello();
  else if (cmd == "isready") out_.line("readyok");
  else if (cmd == "setoption") cmd_setoption();
  else if (cmd == "ucinewgame") {
    core_.new_game();
    after_new_game();
  } else if (cmd == "position") cmd_position(t);
  else if (cmd == "go") cmd_go(t);
  else if (cmd == "stop") {
    core_.stop();
    core_.wait();  // the answer is out before the next command is read
  } else if (cmd == "ponderhit") {
    if (t.size() > 1 && t[1] == "draw") draw_offered_ = true;  // UCCI "ponderhit draw"
    core_.ponderhit();
  } else if (cmd == "d") print_lines(out_, core_.diagram());
  else if (cmd == "eval") cmd_eval(t);
  else if (cmd == "flip") cmd_flip(t);
  else if (cmd == "bench") cmd_bench(t);
  else if (cmd == "help") print_lines(out_, help_text());
  else if (cmd == "tune-params") {  // the search parameters for an SPSA driver (tuning builds)
    std::string err;
    for (const std::string& line : tune_params_lines(err)) out_.line(line);
    if (!err.empty()) error(err);
  } else if (cmd == "debug") spdlog::set_level(t.size() > 1 && t[1] == "off" ? spdlog::level::info : spdlog::level::debug);
  else if (!handle_own(t)) error("unknown command '" + cmd + "'");
  return true;
}

void UciFamily::error(const std::string& message) {
  spdlog::debug("error: {}", printable(message));
  out_.line("info string error: " + printable(message));
}

// UCI: setoption name <id> [value <x>]; UCCI: setoption <id> [<x>]; and the mixtures GUIs
// send (options.h).
void UciFamily::cmd_setoption() {
  OptionContext context = option_context();
  if (std::string err = set_option(after_words(line_, 1), option_protocol(), context); !err.empty()) error(err);
}

void UciFamily::take_protocol_defaults() {
  OptionContext context = option_context();
  apply_protocol_defaults(option_protocol(), context);
}

OptionContext UciFamily::option_context() {
  return {core_, [this](const std::string& text) { out_.line("info string " + printable(text)); },
          [this] {
            core_.new_game();
            after_new_game();
          }};
}

// <cmd> startpos [moves m1 m2 ...] | <cmd> fen <FEN fields> [moves m1 m2 ...], for position
// and UCCI's probe.
bool UciFamily::parse_position_args(const Tokens& t, std::optional<std::string>& fen, std::vector<std::string>& moves) {
  if (t.size() < 2 || (t[1] != "startpos" && t[1] != "fen")) {
    error(t[0] + " needs 'startpos' or 'fen <FEN>'");
    return false;
  }
  const auto moves_it = std::find(t.begin() + 2, t.end(), "moves");
  if (t[1] == "fen") {
    fen = join(t.begin() + 2, moves_it);
    if (fen->empty()) {
      error(t[0] + " fen needs a FEN");
      return false;
    }
  } else if (t.begin() + 2 != moves_it) {
    error("unexpected '" + t[2] + "' after '" + t[0] + " startpos': expected 'moves'");
    return false;
  }
  moves.assign(moves_it == t.end() ? t.end() : moves_it + 1, t.end());
  return true;
}

void UciFamily::cmd_position(const Tokens& t) {
  std::optional<std::string> fen;
  std::vector<std::string> moves;
  if (!parse_position_args(t, fen, moves)) return;
  if (const std::string err = core_.set_position(fen, moves); !err.empty()) return error(err + " (position unchanged)");
  after_position();
}

// eval: the evaluation term by term, as plain text (a user command like Stockfish's, not a
// protocol answer); one info string line for a variant without an evaluation.
void UciFamily::cmd_eval(const Tokens& t) {
  if (t.size() > 1) return error("eval takes no arguments");
  const std::string table = core_.evaluation();
  if (table.empty()) return out_.line("info string there is no evaluation for " + core_.variant());
  print_lines(out_, table);
}

// flip: the colour-mirrored position replaces the current one, like a new "position fen".
void UciFamily::cmd_flip(const Tokens& t) {
  if (t.size() > 1) return error("flip takes no arguments (position unchanged)");
  if (const std::string err = core_.flip(); !err.empty()) return error("flip: " + err + " (position unchanged)");
  after_position();
}

void UciFamily::cmd_go(const Tokens& t) {
  core_.stop();  // a search still running answers before anything about this go is printed
  core_.wait();
  if (t.size() >= 2 && t[1] == "perft") return cmd_perft(t);
  GoRequest request;
  bool draw = false;
  std::vector<std::string> errors;
  std::vector<std::string> searchmoves;
  parse_go(t, request, searchmoves, draw, core_.settings().millisec ? 1 : 1000, errors);
  // searchmoves, parsed here once: illegal ones are dropped; with none left, every move is searched.
  for (const std::string& m : searchmoves) {
    if (const auto code = core_.legal_move(m)) request.searchmoves.push_back(*code);
    else errors.push_back("go searchmoves: '" + m.substr(0, 32) + "' is not a legal move here; ignored");
  }
  if (!searchmoves.empty() && request.searchmoves.empty())
    errors.push_back("go searchmoves: no legal move left; searching every move");
  for (const std::string& e : errors) error(e);
  // A go whose limits were all bad still answers: a quick depth-1 search rather than an
  // endless one the GUI never asked for.
  const search::Limits& l = request.limits;
  const bool unlimited = !l.infinite && !request.ponder && l.depth == 0 && l.nodes == 0 && !l.uses_clock();
  if (!errors.empty() && unlimited) request.limits.depth = 1;
  apply_overhead(request.limits);
  before_go(request);
  draw_offered_ = draw;
  start_search(std::move(request));
}

void UciFamily::start_search(GoRequest request) {
  SearchCallbacks callbacks;
  callbacks.info = [this](const SearchReport& r) { print_info(r); };
  callbacks.done = [this](const SearchOutcome& o) {
    if (!o.note.empty()) out_.line("info string " + o.note);
    print_bestmove(o, draw_offered_);
  };
  if (!core_.go(request, std::move(callbacks)))
    error("search is not available for " + core_.variant() + "; only 'go perft <depth>'");
}

void UciFamily::apply_overhead(search::Limits& limits) const {
  const std::int64_t overhead = core_.settings().move_overhead_ms;
  if (overhead == 0) return;
  const auto less = [overhead](std::int64_t clock) { return clock < 0 ? clock : std::max<std::int64_t>(0, clock - overhead); };
  limits.time[RED] = less(limits.time[RED]);
  limits.time[BLACK] = less(limits.time[BLACK]);
  limits.own_time = less(limits.own_time);
  if (limits.movetime > 0) limits.movetime = std::max<std::int64_t>(1, limits.movetime - overhead);
}

// go perft N: one "move: count" line per root move, a blank line, "Nodes searched: <total>".
// Runs like a search: isready is answered meanwhile, stop ends it.
void UciFamily::cmd_perft(const Tokens& t) {
  const int max = core_.max_perft_depth();
  const std::optional<int> depth = t.size() == 3 ? to_int(t[2]) : std::nullopt;
  if (!depth || *depth < 1 || *depth > max)
    return error("go perft needs a depth from 1 to " + std::to_string(max) + " for " + core_.variant());
  core_.perft(
      *depth, [this](const PerftLine& l) { out_.line(l.move + ": " + std::to_string(l.nodes)); },
      [this](std::uint64_t total, bool complete) {
        if (!complete) out_.line("info string perft stopped: the count below is incomplete");
        out_.line("");
        out_.line("Nodes searched: " + std::to_string(total));
      });
}

namespace {

// A share in percent with two decimals ("-" when there is nothing to share).
std::string percent(std::uint64_t part, std::uint64_t whole) {
  if (whole == 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", 100.0 * double(part) / double(whole));
  return buf;
}

// One row of the judge table: a run's nodes and time, the share of nodes that computed chase
// data, and which stage answered its judge calls.
std::string judge_row(const std::string& name, const search::BenchResult& r, bool one_thread) {
  const search::JudgeStats& j = r.judge;
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-13s %11llu %8lld %8s %12llu %13s %11s %13s %8llu", name.c_str(),
                static_cast<unsigned long long>(r.nodes), static_cast<long long>(r.time_ms),
                one_thread ? percent(j.chase_nodes, r.nodes).c_str() : "-", static_cast<unsigned long long>(j.asked),
                percent(j.filtered, j.asked).c_str(), percent(j.shortcut, j.asked).c_str(),
                percent(j.judged, j.asked).c_str(), static_cast<unsigned long long>(j.rulings));
  return buf;
}

// Everything after the per-position lines: the judge table of both runs, then the three lines
// OpenBench and Stockfish's scripts read (the signature run's time, nodes and speed).
std::vector<std::string> bench_summary_lines(const BenchSummary& b) {
  const search::BenchOptions& o = b.options;
  const bool one = o.threads == 1;
  std::vector<std::string> lines;
  lines.push_back("");
  lines.push_back("Judge statistics (depth " + std::to_string(o.depth) + ", " + std::to_string(o.hash_mb) + " MB, " +
                  std::to_string(o.threads) + (one ? " thread" : " threads") +
                  "): chase % of nodes; judge calls answered by the pre-filter, the shortcut, the full judge");
  lines.push_back("run                 nodes  time ms  chase %  judge calls  pre-filter %  shortcut %  full judge %  rulings");
  lines.push_back(judge_row("shortcut on", b.signature, one));
  if (b.shortcut_off) lines.push_back(judge_row("shortcut off", *b.shortcut_off, one));
  else lines.push_back("(judge counts of the main thread only; the shortcut-off run needs 1 thread)");
  lines.push_back("");
  const std::int64_t ms = b.signature.time_ms;
  lines.push_back("Build           : " + build_description());
  lines.push_back("Total time (ms) : " + std::to_string(ms));
  lines.push_back("Nodes searched  : " + std::to_string(b.signature.nodes));
  lines.push_back("Nodes/second    : " + std::to_string(b.signature.nodes * 1000 / std::uint64_t(ms > 0 ? ms : 1)));
  return lines;
}

}  // namespace

// bench [hash MB] [threads] [depth] (Stockfish's order; defaults 16, 1, search::BENCH_DEPTH):
// the fixed bench positions with their own table, then the same positions with the judge
// shortcut off; "Nodes searched  : N" of the first run is the build's signature (with one
// thread). Runs like a search: stop ends it (and then no signature is printed).
void UciFamily::cmd_bench(const Tokens& t) {
  static_assert(search::BENCH_MAX_HASH_MB == EngineCore::MAX_HASH_MB);
  search::BenchOptions options;
  if (std::string err = search::parse_bench_args(Tokens(t.begin() + 1, t.end()), options); !err.empty())
    return error(err);
  core_.bench(
      options,
      [this](int i, const search::Result& r) {
        out_.line("position " + std::to_string(i + 1) + ": bestmove " + move_to_string(r.best) + " score " +
                  std::to_string(r.score) + " nodes " + std::to_string(r.nodes));
      },
      [this](const BenchSummary& b) {
        if (!b.error.empty()) return error(b.error);
        if (!b.complete) return out_.line("info string bench stopped: no signature");
        for (const std::string& line : bench_summary_lines(b)) out_.line(line);
      });
}

}  // namespace xq::frontend
