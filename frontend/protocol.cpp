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

namespace xq::frontend {

namespace {

constexpr const char* VARIANT_OPTION = "UCI_Variant";
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

std::optional<int> to_int(const std::string& s) {
  int v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

Protocol::Protocol(std::ostream& out) : out_(out), game_(make_variant(DEFAULT_VARIANT)) {}

void Protocol::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!handle(line)) return;
}

bool Protocol::handle(std::string_view line) {
  const Tokens t = split(line);
  if (t.empty()) return true;
  logger().debug("<< {}", line);
  bool go_on = true;
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
  else if (cmd == "ucinewgame") game_->set_position(std::nullopt, {});
  else if (cmd == "position") cmd_position(t);
  else if (cmd == "go") cmd_go(t);
  else if (cmd == "d") out_ << game_->diagram();
  else if (cmd == "stop") {}  // nothing runs in the background yet
  else error("unknown command '" + cmd + "'");
  return true;
}

void Protocol::cmd_hello(bool ucci) {
  out_ << "id name xqengine\n" << "id author the xqjudge project\n";
  // UCCI writes options without the "name" keyword.
  out_ << (ucci ? "option " : "option name ") << VARIANT_OPTION << " type combo default " << DEFAULT_VARIANT
       << " var xiangqi var chess\n";
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
  if (lower(name) != lower(VARIANT_OPTION)) return error("unknown option '" + name + "'");
  if (value.empty()) return error("setoption UCI_Variant needs a value: xiangqi or chess");
  const std::string wanted = lower(value);
  if (wanted == game_->name()) return;  // unchanged: keep the current position
  auto game = make_variant(wanted);
  if (!game) return error("bad value '" + value + "' for UCI_Variant: expected xiangqi or chess");
  game_ = std::move(game);  // a fresh game of the new variant, at its start position
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

// Only perft for now. The search will add depth/movetime/... here, parsed into its limits.
void Protocol::cmd_go(const Tokens& t) {
  if (t.size() >= 2 && t[1] == "perft") {
    const std::optional<int> depth = t.size() == 3 ? to_int(t[2]) : std::nullopt;
    if (!depth || *depth < 1 || *depth > game_->max_perft_depth())
      return error("go perft needs a depth from 1 to " + std::to_string(game_->max_perft_depth()) + " for " +
                   game_->name());
    return cmd_perft(*depth);
  }
  error("only 'go perft <depth>' is supported; search is not implemented yet");
}

void Protocol::cmd_perft(int depth) {
  std::uint64_t total = 0;
  for (const PerftLine& line : game_->perft_divide(depth)) {
    out_ << line.move << ": " << line.nodes << '\n';
    total += line.nodes;
  }
  out_ << "\nNodes searched: " << total << '\n';
}

void Protocol::error(const std::string& message) {
  logger().debug("error: {}", message);
  out_ << "info string error: " << message << '\n';
}

}  // namespace xq::frontend
