// xqmatch: plays games between two Xiangqi engines (UCI, UCI with Fairy-Stockfish's 1-10 ranks,
// UCCI, or CECP/xboard) from short forced openings, colours alternating, and adjudicates:
//   - no legal move: the side to move loses (mate and stalemate alike);
//   - repetition: ruled by our WXF judge (xq_judge), with the xqjudge explanation saved;
//   - an illegal or missing move loses; the move limit is a draw.
// Prints one line per game, then W/D/L for engine 1 and an Elo estimate with a 95% interval.
//
//   xqmatch --e1 build/bin/xqengine --p1 uci --e2 /usr/games/maxqi --p2 cecp --games 20 --movetime 300
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "judge/judge.h"
#include "judge_lines.h"

namespace {

using Clock = std::chrono::steady_clock;

// A child process with its stdin and stdout on pipes; stderr goes to /dev/null.
class Process {
 public:
  explicit Process(const std::string& command) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      const int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, 2);
      close(in[1]);
      close(out[0]);
      execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~Process() {
    send("quit");
    close(to_);
    // Give it a moment to quit on its own; then end it (only this child, by its id).
    for (int i = 0; i < 20 && waitpid(pid_, nullptr, WNOHANG) == 0; ++i) usleep(10000);
    if (waitpid(pid_, nullptr, WNOHANG) == 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(from_);
  }
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  void send(const std::string& line) {
    const std::string text = line + "\n";
    if (write(to_, text.data(), text.size()) < 0) {}  // a dead engine shows up as a timeout
  }
  // The next line, or nullopt after `timeout_ms` without one.
  std::optional<std::string> read_line(int timeout_ms) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd p{from_, POLLIN, 0};
      if (poll(&p, 1, int(left)) <= 0) continue;
      char chunk[4096];
      const ssize_t n = read(from_, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;  // the engine died
      buffer_.append(chunk, size_t(n));
    }
  }
  // Reads until a line starts with `prefix`; returns it.
  std::optional<std::string> wait_for(const std::string& prefix, int timeout_ms) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      const auto line = read_line(int(std::max<long>(0, left)));
      if (!line) return std::nullopt;
      if (line->rfind(prefix, 0) == 0) return line;
    }
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_;
};

struct EngineSpec {
  std::string command, protocol, name;
  std::vector<std::string> init;  // extra lines after the handshake (options, "sd 4", ...)
  int movetime = 300, depth = 0;
  long nodes = 0;
};

// Fairy-Stockfish's UCI mode numbers ranks 1-10; ICCS (ours, UCCI, MaxQi) 0-9.
std::string shift_ranks(const std::string& move, int delta) {
  std::string out;
  size_t i = 0;
  while (i < move.size()) {
    out += move[i++];
    size_t j = i;
    while (j < move.size() && std::isdigit(static_cast<unsigned char>(move[j]))) ++j;
    if (j == i) return move;  // not a coordinate move: leave it for the legality check
    out += std::to_string(std::stoi(move.substr(i, j - i)) + delta);
    i = j;
  }
  return out;
}

// One engine in a game: tells it the moves, asks for its move in ICCS.
class Player {
 public:
  explicit Player(const EngineSpec& spec) : spec_(spec), proc_(spec.command) {}

  bool start() {
    const std::string& p = spec_.protocol;
    if (p == "uci" || p == "uci-fsf") {
      proc_.send("uci");
      if (!proc_.wait_for("uciok", 10000)) return false;
      if (p == "uci-fsf") proc_.send("setoption name UCI_Variant value xiangqi");
    } else if (p == "ucci") {
      proc_.send("ucci");
      if (!proc_.wait_for("ucciok", 10000)) return false;
    } else {  // cecp
      proc_.send("xboard");
      proc_.send("protover 2");
      if (!proc_.wait_for("feature variants", 10000)) return false;
      proc_.send("variant xiangqi");
    }
    for (const auto& line : spec_.init) proc_.send(line);
    return true;
  }

  void new_game() {
    if (spec_.protocol == "cecp") {
      proc_.send("new");
      proc_.send("force");
      seen_ = 0;
    } else if (spec_.protocol != "ucci") {
      proc_.send("ucinewgame");
    }
  }

  // The engine's move (ICCS) after `moves` from the start position; "" on timeout.
  std::string best_move(const std::vector<std::string>& moves) {
    const int timeout = 10000 + spec_.movetime * 5;
    if (spec_.protocol == "cecp") {
      // Force mode keeps it from thinking on our time; "go" makes it play the side to move.
      for (; seen_ < moves.size(); ++seen_) proc_.send(moves[seen_]);
      proc_.send("go");
      const auto line = proc_.wait_for("move ", timeout);
      proc_.send("force");
      if (!line) return "";
      seen_ = moves.size() + 1;
      return line->substr(5);
    }
    const bool fsf = spec_.protocol == "uci-fsf";
    std::string pos = "position startpos";
    if (!moves.empty()) pos += " moves";
    for (const auto& m : moves) pos += " " + (fsf ? shift_ranks(m, 1) : m);
    proc_.send(pos);
    std::string go = "go";
    if (spec_.depth > 0) go += " depth " + std::to_string(spec_.depth);
    else if (spec_.nodes > 0) go += " nodes " + std::to_string(spec_.nodes);
    else go += " movetime " + std::to_string(spec_.movetime);
    proc_.send(go);
    const auto line = proc_.wait_for("bestmove", timeout);  // UCCI: also "nobestmove"... which loses
    if (!line) return "";
    std::istringstream words(*line);
    std::string word, move;
    words >> word >> move;
    if (word != "bestmove") return "";
    return fsf ? shift_ranks(move, -1) : move;
  }

 private:
  EngineSpec spec_;
  Process proc_;
  size_t seen_ = 0;
};

struct GameResult {
  double score1 = 0.5;  // for engine 1
  std::string reason, explanation;
};

// The xqjudge explanation of a repetition ruling, as one JSON line.
std::string judge_explanation(const std::vector<std::string>& moves, int ntimes) {
  std::ostringstream line;
  line << "{\"fen\": \"" << xq::Position::START_FEN << "\", \"ntimes\": " << ntimes << ", \"moves\": [";
  for (size_t i = 0; i < moves.size(); ++i) line << (i ? ", " : "") << '"' << moves[i] << '"';
  line << "]}";
  std::istringstream in(line.str());
  std::ostringstream out;
  xq::tools::run_xiangqi_lines(in, out);
  std::string s = out.str();
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

GameResult play_game(Player& red, Player& black, bool engine1_red, const std::vector<std::string>& opening,
                     int max_plies, int ntimes) {
  xq::Position pos;
  xq::judge::record_root(pos);
  std::vector<std::string> moves;
  red.new_game();
  black.new_game();
  auto result_for = [&](xq::Color winner, const std::string& why) {
    GameResult r;
    r.score1 = (winner == xq::RED) == engine1_red ? 1.0 : 0.0;
    r.reason = why;
    return r;
  };
  for (int ply = 0;; ++ply) {
    const xq::Color us = pos.side_to_move();
    if (!xq::has_legal_move(pos)) return result_for(~us, pos.in_check() ? "mate" : "stalemate");
    if (ply >= max_plies) return {0.5, "move limit", ""};
    std::string text = ply < int(opening.size()) ? opening[size_t(ply)] : (us == xq::RED ? red : black).best_move(moves);
    const xq::MoveResult mr = xq::parse_move(pos, text);
    if (!mr.ok()) return result_for(~us, "illegal or missing move '" + text + "' by " + (us == xq::RED ? "red" : "black"));
    xq::judge::play(pos, mr.move);
    moves.push_back(text);
    const xq::judge::Verdict v = xq::judge::judge_ntimes(pos.history(), ntimes);
    if (v == xq::judge::Verdict::Undecided) continue;
    GameResult r = v == xq::judge::Verdict::Draw ? GameResult{0.5, "repetition: draw", ""}
                                                  : result_for(v == xq::judge::Verdict::Win ? pos.side_to_move() : ~pos.side_to_move(),
                                                               "repetition ruled by the judge");
    r.explanation = judge_explanation(moves, ntimes);
    return r;
  }
}

// Elo from a score fraction, and the 95% interval from the per-game variance.
void print_summary(std::ostream& out, const std::string& n1, const std::string& n2, int w, int d, int l) {
  const int n = w + d + l;
  const double p = (w + 0.5 * d) / std::max(1, n);
  const auto elo = [](double s) { s = std::clamp(s, 1e-3, 1 - 1e-3); return -400.0 * std::log10(1.0 / s - 1.0); };
  const double var = n ? (w * std::pow(1 - p, 2) + d * std::pow(0.5 - p, 2) + l * std::pow(p, 2)) / n : 0;
  const double se = std::sqrt(var / std::max(1, n));
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s vs %s: W %d D %d L %d (%d games), score %.1f%%, Elo %+.0f [%+.0f, %+.0f] (95%%)\n",
                n1.c_str(), n2.c_str(), w, d, l, n, 100 * p, elo(p), elo(p - 1.96 * se), elo(p + 1.96 * se));
  out << buf;
}

}  // namespace

// --e1 --p1 --n1 --i1 --t1 --d1 --nodes1 and the same with 2: one engine's command line options.
void add_engine_options(CLI::App& app, EngineSpec& e, const std::string& n) {
  const std::string who = "engine " + n + " ";
  app.add_option("--e" + n, e.command, who + "command")->required();
  app.add_option("--p" + n, e.protocol, who + "protocol: uci, uci-fsf, ucci, cecp")->default_val("uci");
  app.add_option("--n" + n, e.name, who + "name");
  app.add_option("--i" + n, e.init, who + "init lines (repeatable)");
  app.add_option("--t" + n, e.movetime, who + "ms per move")->default_val(300);
  app.add_option("--d" + n, e.depth, who + "fixed depth (uci/ucci)");
  app.add_option("--nodes" + n, e.nodes, who + "nodes per move (uci/ucci)");
}

int main(int argc, char** argv) {
  CLI::App app{"xqmatch: Xiangqi engine matches adjudicated by the WXF judge"};
  EngineSpec e1, e2;
  int games = 20, max_plies = 300, ntimes = 2;
  std::string log_file;
  add_engine_options(app, e1, "1");
  add_engine_options(app, e2, "2");
  app.add_option("--games", games, "number of games (even: each opening with both colours)")->default_val(20);
  app.add_option("--max-plies", max_plies, "move limit in plies (a draw)")->default_val(300);
  app.add_option("--ntimes", ntimes, "earlier occurrences before the judge rules")->default_val(2);
  app.add_option("--log", log_file, "append game records and rulings here");
  CLI11_PARSE(app, argc, argv);
  for (EngineSpec* e : {&e1, &e2})
    if (e->name.empty()) e->name = e->command.substr(e->command.find_last_of('/') + 1);

  static const std::vector<std::vector<std::string>> OPENINGS = {
      {"h2e2", "h9g7"}, {"b2e2", "b9c7"}, {"c3c4", "g6g5"}, {"h0g2", "b9c7"}, {"b0c2", "h9g7"},
      {"g3g4", "c6c5"}, {"h2e2", "h7e7"}, {"b2d2", "h9g7"}, {"c0e2", "h9g7"}, {"h2f2", "b9c7"},
  };
  signal(SIGPIPE, SIG_IGN);
  Player p1(e1), p2(e2);
  if (!p1.start() || !p2.start()) {
    std::cerr << "an engine did not complete its handshake\n";
    return 1;
  }
  std::ofstream log;
  if (!log_file.empty()) log.open(log_file, std::ios::app);
  int w = 0, d = 0, l = 0;
  for (int g = 0; g < games; ++g) {
    const auto& opening = OPENINGS[size_t(g / 2) % OPENINGS.size()];
    const bool e1_red = g % 2 == 0;
    const GameResult r = e1_red ? play_game(p1, p2, true, opening, max_plies, ntimes)
                                : play_game(p2, p1, false, opening, max_plies, ntimes);
    (r.score1 == 1 ? w : r.score1 == 0 ? l : d)++;
    std::ostringstream line;
    line << "game " << g + 1 << ": " << e1.name << (e1_red ? " (red)" : " (black)") << " opening";
    for (const auto& m : opening) line << ' ' << m;
    line << ": " << (r.score1 == 1 ? "win" : r.score1 == 0 ? "loss" : "draw") << " (" << r.reason << ")\n";
    if (!r.explanation.empty()) line << "  judge: " << r.explanation << '\n';
    std::cout << line.str() << std::flush;
    if (log) log << line.str() << std::flush;
  }
  print_summary(std::cout, e1.name, e2.name, w, d, l);
  if (log) print_summary(log, e1.name, e2.name, w, d, l);
  return 0;
}
