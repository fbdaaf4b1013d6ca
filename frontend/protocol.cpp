#include "protocol.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <istream>
#include <optional>
#include <ostream>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "engine/text.h"
#include "search/bench.h"

namespace xq::frontend {

namespace {

constexpr const char* VARIANT_OPTION = "UCI_Variant";
// "wxf": the full WXF rules; "check-only": only perpetual check loses (to measure what the
// full rules are worth in self-play, bench/strength.sh).
constexpr const char* REPETITION_OPTION = "Repetition Rule";
constexpr const char* DEFAULT_VARIANT = "xiangqi";

// Always stderr: stdout belongs to the protocol, and a GUI would read log lines as answers.
spdlog::logger& logger() {
  static std::shared_ptr<spdlog::logger> logger = [] {
    auto existing = spdlog::get("xqengine");
    return existing ? existing : spdlog::stderr_color_mt("xqengine");
  }();
  return *logger;
}

std::vector<std::string> split(std::string_view line) {
  std::vector<std::string> out;
  for (std::string_view w : split_words(line)) out.emplace_back(w);
  return out;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

std::string join(std::vector<std::string>::const_iterator first, std::vector<std::string>::const_iterator last) {
  std::string s;
  for (auto it = first; it != last; ++it) s += (s.empty() ? "" : " ") + *it;
  return s;
}

template <class Int = int>
std::optional<Int> to_int(const std::string& s) {
  Int v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

constexpr int MAX_HASH_MB = 4096;

// No clock or count we are told needs more than this (about 35 years in milliseconds): larger
// values are clamped, so the time arithmetic can never overflow.
constexpr std::int64_t MAX_GO_VALUE = std::int64_t(1) << 40;

bool is_go_key(const std::string& key) {
  static const char* const KEYS[] = {"depth",     "nodes",     "movetime", "wtime",   "btime",        "winc",
                                     "binc",      "movestogo", "time",     "increment", "opptime",    "oppincrement",
                                     "infinite",  "ponder",    "draw",     "searchmoves", "mate",     "perft"};
  return std::find(std::begin(KEYS), std::end(KEYS), key) != std::end(KEYS);
}

// Sets one valued go parameter; "" or the problem with it.
std::string set_go_value(const std::string& key, std::int64_t v, search::Limits& limits, int ucci_ms_per_unit) {
  // A clock may arrive negative (the GUI's clock overstepped): it means "no time left".
  static const char* const CLOCKS[] = {"wtime", "btime", "time", "opptime"};
  const bool clock = std::find(std::begin(CLOCKS), std::end(CLOCKS), key) != std::end(CLOCKS);
  if (v < 0 && !clock) return "go " + key + " needs a number >= 0";
  v = std::clamp<std::int64_t>(v, 0, MAX_GO_VALUE);
  if (key == "depth") limits.depth = int(std::min<std::int64_t>(v, 1000));
  else if (key == "nodes") limits.nodes = std::uint64_t(v);
  else if (key == "movetime") limits.movetime = v;
  else if (key == "wtime") limits.time[RED] = v;    // UCI's "white" is the first player: Red
  else if (key == "btime") limits.time[BLACK] = v;
  else if (key == "winc") limits.inc[RED] = v;
  else if (key == "binc") limits.inc[BLACK] = v;
  else if (key == "movestogo") limits.movestogo = int(std::min<std::int64_t>(v, 1000));
  else if (key == "time") limits.own_time = v * ucci_ms_per_unit;
  else if (key == "increment") limits.own_inc = v * ucci_ms_per_unit;
  // opptime / oppincrement: the opponent's clock does not change how we spend ours.
  return "";
}

// go [depth N] [nodes N] [movetime MS] [infinite] [wtime MS] [btime MS] [winc MS] [binc MS]
// [movestogo N] and UCCI's [time T] [increment T] [opptime T] [oppincrement T]; "ponder" and
// UCCI's "draw" are accepted and ignored (no pondering). UCCI clocks count seconds unless the
// GUI set "usemillisec" (ucci_ms_per_unit is then 1, else 1000).
// Every go must end in exactly one bestmove, or a GUI waiting for it hangs: a bad or unsupported
// parameter is reported in `errors` and skipped, and the rest of the line still counts.
void parse_go(const std::vector<std::string>& t, search::Limits& limits, int ucci_ms_per_unit,
              std::vector<std::string>& errors) {
  for (size_t i = 1; i < t.size(); ++i) {
    const std::string& key = t[i];
    if (key == "infinite") { limits.infinite = true; continue; }
    if (key == "ponder" || key == "draw") continue;
    if (!is_go_key(key) || key == "searchmoves" || key == "mate" || key == "perft") {
      errors.push_back(is_go_key(key) ? "go " + key + " is not supported yet; ignored"
                                      : "unknown go parameter '" + key.substr(0, 32) + "'; ignored");
      while (i + 1 < t.size() && !is_go_key(t[i + 1])) ++i;  // its arguments go with it
      continue;
    }
    const auto v = i + 1 < t.size() ? to_int<std::int64_t>(t[i + 1]) : std::nullopt;
    if (!v) {
      errors.push_back("go " + key + " needs a number >= 0");
      continue;
    }
    ++i;
    if (std::string err = set_go_value(key, *v, limits, ucci_ms_per_unit); !err.empty()) errors.push_back(err);
  }
}

}  // namespace

Protocol::Protocol(std::ostream& out) : out_(out), game_(make_variant(DEFAULT_VARIANT)) {}

Protocol::~Protocol() { stop_search(); }

void Protocol::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!handle(line)) return;
  if (infinite_) stop_search();  // nobody is left to send "stop"
  wait_search();
}

void Protocol::wait_search() {
  if (worker_.joinable()) worker_.join();
}

void Protocol::stop_search() {
  stop_ = true;
  wait_search();
}

bool Protocol::handle(std::string_view line) {
  const Tokens t = split(line);
  if (t.empty()) return true;
  logger().debug("<< {}", line);
  // Outside the lock: the worker needs the lock to print its bestmove before it can end.
  static const char* const STOPPING[] = {"stop", "quit", "go", "setoption", "ucinewgame", "bench"};
  if (std::find(std::begin(STOPPING), std::end(STOPPING), t[0]) != std::end(STOPPING)) stop_search();
  bool go_on = true;
  std::lock_guard lock(out_mutex_);
  try {
    go_on = dispatch(t);
  } catch (const std::exception& e) {  // last line of defence: report, never die
    error(std::string("internal error: ") + e.what());
  }
  out_.flush();
  return go_on;
}

bool Protocol::dispatch(const Tokens& t) {
  const std::string& cmd = t[0];
  if (cmd == "quit") return false;
  if (cmd == "uci" || cmd == "ucci") cmd_hello(cmd == "ucci");
  else if (cmd == "isready") out_ << "readyok\n";
  else if (cmd == "setoption") cmd_setoption(t);
  else if (cmd == "ucinewgame") game_->new_game();
  else if (cmd == "position") cmd_position(t);
  else if (cmd == "go") cmd_go(t);
  else if (cmd == "d") out_ << game_->diagram();
  else if (cmd == "stop") {}  // handle() already stopped the search and waited for its bestmove
  else if (cmd == "bench") cmd_bench(t);
  else error("unknown command '" + cmd + "'");
  return true;
}

void Protocol::cmd_hello(bool ucci) {
  ucci_ = ucci;
  out_ << "id name xqengine\n" << "id author the xqjudge project\n";
  // UCCI writes options without the "name" keyword.
  const char* option = ucci ? "option " : "option name ";
  out_ << option << VARIANT_OPTION << " type combo default " << DEFAULT_VARIANT << " var xiangqi var chess\n";
  out_ << option << "Hash type spin default 16 min 1 max " << MAX_HASH_MB << '\n';
  out_ << option << REPETITION_OPTION << " type combo default wxf var wxf var check-only\n";
  if (ucci) out_ << "option usemillisec type check default false\n";
  out_ << (ucci ? "ucciok\n" : "uciok\n");
}

// UCI: setoption name <id> value <x>; UCCI: setoption <id> <x>.
void Protocol::cmd_setoption(const Tokens& t) {
  std::string name, value;
  const auto value_it = std::find(t.begin(), t.end(), "value");
  if (t.size() >= 2 && t[1] == "name") {
    name = join(t.begin() + 2, value_it);
    if (value_it != t.end()) value = join(value_it + 1, t.end());
  } else if (t.size() >= 2) {
    name = t[1];
    value = join(t.begin() + 2, t.end());
  }
  if (name.empty()) return error("setoption needs an option name: setoption name UCI_Variant value chess");
  if (lower(name) == "hash" || lower(name) == "hashsize") {  // UCCI calls it hashsize
    const auto mb = to_int(value);
    if (!mb || *mb < 1 || *mb > MAX_HASH_MB)
      return error("bad value '" + value + "' for Hash: expected MB from 1 to " + std::to_string(MAX_HASH_MB));
    hash_mb_ = *mb;
    return game_->set_hash_mb(hash_mb_);
  }
  if (lower(name) == "usemillisec") {  // UCCI: clocks in milliseconds instead of seconds
    if (lower(value) != "true" && lower(value) != "false")
      return error("bad value '" + value + "' for usemillisec: expected true or false");
    ucci_millisec_ = lower(value) == "true";
    return;
  }
  if (lower(name) == lower(REPETITION_OPTION)) {
    if (lower(value) != "wxf" && lower(value) != "check-only")
      return error("bad value '" + value + "' for Repetition Rule: expected wxf or check-only");
    check_only_rules_ = lower(value) == "check-only";
    return game_->set_check_only_rules(check_only_rules_);
  }
  if (lower(name) != lower(VARIANT_OPTION)) return error("unknown option '" + name + "'");
  if (value.empty()) return error("setoption UCI_Variant needs a value: xiangqi or chess");
  const std::string wanted = lower(value);
  if (wanted == game_->name()) return;  // unchanged: keep the current position
  auto game = make_variant(wanted);
  if (!game) return error("bad value '" + value + "' for UCI_Variant: expected xiangqi or chess");
  game_ = std::move(game);  // a fresh game of the new variant, at its start position
  game_->set_hash_mb(hash_mb_);
  game_->set_check_only_rules(check_only_rules_);
  logger().debug("variant is now {}", game_->name());
}

// position startpos [moves m1 m2 ...] | position fen <FEN fields> [moves m1 m2 ...]
void Protocol::cmd_position(const Tokens& t) {
  if (t.size() < 2 || (t[1] != "startpos" && t[1] != "fen"))
    return error("position needs 'startpos' or 'fen <FEN>'");
  const auto moves_it = std::find(t.begin() + 2, t.end(), "moves");
  std::optional<std::string> fen;
  if (t[1] == "fen") {
    fen = join(t.begin() + 2, moves_it);
    if (fen->empty()) return error("position fen needs a FEN");
  } else if (t.begin() + 2 != moves_it) {
    return error("unexpected '" + t[2] + "' after 'position startpos': expected 'moves'");
  }
  const std::vector<std::string> moves(moves_it == t.end() ? t.end() : moves_it + 1, t.end());
  if (const std::string err = game_->set_position(fen, moves); !err.empty())
    error(err + " (position unchanged)");
}

// go perft N runs here and now; any other go starts a search on the worker thread.
void Protocol::cmd_go(const Tokens& t) {
  if (t.size() >= 2 && t[1] == "perft") {
    const std::optional<int> depth = t.size() == 3 ? to_int(t[2]) : std::nullopt;
    if (!depth || *depth < 1 || *depth > game_->max_perft_depth())
      return error("go perft needs a depth from 1 to " + std::to_string(game_->max_perft_depth()) + " for " +
                   game_->name());
    return cmd_perft(*depth);
  }
  search::Limits limits;
  std::vector<std::string> errors;
  parse_go(t, limits, ucci_millisec_ ? 1 : 1000, errors);
  for (const std::string& e : errors) error(e);
  // A go whose limits were all bad still answers: a quick depth-1 search rather than an
  // endless one the GUI never asked for.
  const bool unlimited = !limits.infinite && limits.depth == 0 && limits.nodes == 0 && !limits.uses_clock();
  if (!errors.empty() && unlimited) limits.depth = 1;
  cmd_search(limits);
}

void Protocol::cmd_search(const search::Limits& limits) {
  SearchTask task = game_->prepare_search(limits);
  if (!task) return error(std::string("search is not available for ") + game_->name() + "; only 'go perft <depth>'");
  stop_ = false;
  // Unlimited searches (go infinite, a bare go, go depth 0) end only by "stop": at the end of
  // input nobody is left to send it, so run() stops them.
  infinite_ = limits.infinite || (limits.depth == 0 && limits.nodes == 0 && !limits.uses_clock());
  worker_ = std::thread([this, task = std::move(task)] {
    const std::string best = task(stop_, [this](const SearchReport& r) { print_info(r); });
    std::lock_guard lock(out_mutex_);
    if (best.empty()) out_ << (ucci_ ? "nobestmove\n" : "bestmove (none)\n");
    else out_ << "bestmove " << best << '\n';
    out_.flush();
  });
}

// UCI: "score cp N" / "score mate N"; UCCI: "score N", a mate as a score near +-30000.
void Protocol::print_info(const SearchReport& r) {
  std::lock_guard lock(out_mutex_);
  out_ << "info depth " << r.depth << " seldepth " << r.seldepth << " score ";
  if (ucci_) out_ << (r.is_mate ? (r.score > 0 ? search::MATE - 2 * r.score + 1 : -search::MATE - 2 * r.score) : r.score);
  else out_ << (r.is_mate ? "mate " : "cp ") << r.score;
  out_ << " nodes " << r.nodes << " nps " << r.nps << " time " << r.time_ms << " hashfull " << r.hashfull << " pv";
  for (const std::string& m : r.pv) out_ << ' ' << m;
  out_ << '\n';
  out_.flush();
}

// bench [depth]: the fixed bench positions; the last line is the build's signature.
void Protocol::cmd_bench(const Tokens& t) {
  const std::optional<int> depth = t.size() == 1 ? std::optional<int>(search::BENCH_DEPTH) : t.size() == 2 ? to_int(t[1]) : std::nullopt;
  if (!depth || *depth < 1 || *depth > 20) return error("bench needs a depth from 1 to 20 (default " + std::to_string(search::BENCH_DEPTH) + ")");
  const search::BenchResult b = search::run_bench(*depth, 16, [this](int i, const search::Result& r) {
    out_ << "position " << i + 1 << ": bestmove " << move_to_string(r.best) << " score " << r.score << " nodes "
         << r.nodes << '\n';
  });
  if (!b.error.empty()) return error(b.error);
  const std::uint64_t nps = b.nodes * 1000 / std::uint64_t(b.time_ms > 0 ? b.time_ms : 1);
  out_ << b.nodes << " nodes " << nps << " nps\n";
}

void Protocol::cmd_perft(int depth) {
  std::uint64_t total = 0;
  for (const PerftLine& line : game_->perft_divide(depth)) {
    out_ << line.move << ": " << line.nodes << '\n';
    total += line.nodes;
  }
  out_ << "\nNodes searched: " << total << '\n';
}

// Error lines quote what they were given: at most a short, printable part of it, so a hostile
// 1 MB token or raw control bytes never come back whole.
void Protocol::error(const std::string& message) {
  constexpr std::size_t MAX_ERROR = 200;
  std::string text = message.substr(0, MAX_ERROR);
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  if (message.size() > MAX_ERROR) text += "...";
  logger().debug("error: {}", text);
  out_ << "info string error: " << text << '\n';
}

}  // namespace xq::frontend
