// CECP (XBoard protocol v2) player. The engine is kept in force mode between its turns: we
// send the moves it has not seen, its clock, and "go"; after its move, "force" again. That way
// it never thinks on the opponent's time and never plays a move we did not ask for.
#include <sstream>

#include "player.h"

namespace xq::match {

namespace {

constexpr std::int64_t FEATURE_MS = 5000;  // protover 2 allows 2 s; "done=0" asks for more

// The key=value pairs of a "feature" line; values may be "quoted".
std::vector<std::pair<std::string, std::string>> parse_features(const std::string& line) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t i = line.find(' ');
  while (i != std::string::npos && i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const std::size_t eq = line.find('=', i);
    if (eq == std::string::npos) break;
    const std::string key = line.substr(i, eq - i);
    std::string value;
    std::size_t j = eq + 1;
    if (j < line.size() && line[j] == '"') {
      const std::size_t close = line.find('"', j + 1);
      value = line.substr(j + 1, close == std::string::npos ? std::string::npos : close - j - 1);
      j = close == std::string::npos ? line.size() : close + 1;
    } else {
      const std::size_t sp = line.find(' ', j);
      value = line.substr(j, sp == std::string::npos ? std::string::npos : sp - j);
      j = sp == std::string::npos ? line.size() : sp;
    }
    out.emplace_back(key, value);
    i = j;
  }
  return out;
}

std::string centiseconds(std::int64_t ms) { return std::to_string(std::max<std::int64_t>(0, ms) / 10); }

class CecpPlayer : public Player {
 public:
  using Player::Player;

  bool new_game(const std::string& start_fen) override {
    send("new");
    send("variant xiangqi");
    send("force");
    if (!start_fen.empty() && setboard_) send("setboard " + start_fen);  // without setboard: refused by the config check
    send("post");
    send("easy");
    const TimeControl& tc = cfg_.tc;
    if (tc.movetime_ms > 0) send("st " + std::to_string(std::max<std::int64_t>(1, tc.movetime_ms / 1000)));
    else if (tc.has_clock()) send(level_command(tc));
    if (cfg_.depth > 0) send("sd " + std::to_string(cfg_.depth));
    seen_ = 0;
    return ping();
  }

  TurnReply think(const TurnRequest& req) override {
    const auto& moves = *req.moves;
    for (; seen_ < moves.size(); ++seen_) send((usermove_ ? "usermove " : "") + moves[seen_]);
    if (cfg_.tc.has_clock()) {
      send("time " + centiseconds(req.own.remaining_ms));
      send("otim " + centiseconds(req.opponent.remaining_ms));
    }
    if (!send("go")) {
      TurnReply reply;
      return crashed(reply);
    }
    TurnReply reply = read_turn(req, [this](const std::string& line, TurnReply& r) { return read_line(line, r); });
    if (reply.status == TurnReply::Moved) {
      send("force");
      seen_ = moves.size() + 1;  // it played the move itself
    }
    return reply;
  }

  bool settle(std::int64_t wait_ms) override {
    send("?");  // move now
    std::string line;
    const bool answered = wait_for("move", line, wait_ms) == ChildProcess::Read::Line;
    send("force");
    if (answered && ping()) return true;
    mark_dead();
    quit();
    return false;
  }

  void game_over(const std::string& result, const std::string& reason) override {
    send("result " + result + " {" + reason.substr(0, 200) + "}");
  }

 protected:
  bool handshake(std::string& error) override {
    send("xboard");
    send("protover 2");
    std::string line;
    auto deadline = deadline_after(FEATURE_MS);
    bool xiangqi = false, done = false, asked_for_time = false;
    while (!done) {
      const auto r = proc_.read_line(line, deadline, abort_);
      if (r == ChildProcess::Read::Timeout && !asked_for_time) break;  // a v1 engine says nothing
      if (r != ChildProcess::Read::Line) {
        error = r == ChildProcess::Read::Timeout ? "no 'feature done=1' in time" : "the engine exited during the handshake";
        return false;
      }
      if (first_word(line) != "feature") continue;
      for (const auto& [key, value] : parse_features(line)) {
        send("accepted " + key);
        if (key == "done" && value == "0") { asked_for_time = true; deadline = deadline_after(HANDSHAKE_LONG_MS); }
        if (key == "done" && value == "1") done = true;
        if (key == "usermove") usermove_ = value == "1";
        if (key == "setboard") setboard_ = value == "1";
        if (key == "ping") ping_ = value == "1";
        if (key == "myname") id_name_ = value;
        if (key == "variants") xiangqi = ("," + value + ",").find(",xiangqi,") != std::string::npos;
      }
    }
    if (!xiangqi) {
      error = "the engine does not list xiangqi among its variants";
      return false;
    }
    for (const auto& [name, value] : cfg_.options) send("option " + name + "=" + value);
    for (const auto& s : cfg_.initstr) send(s);
    if (!ping()) {
      error = "no 'pong' after the options";
      return false;
    }
    return true;
  }

 private:
  static constexpr std::int64_t HANDSHAKE_LONG_MS = 60000;

  // "level MPS BASE INC": BASE in minutes, or minutes:seconds.
  static std::string level_command(const TimeControl& tc) {
    const std::int64_t seconds = tc.base_ms / 1000;
    std::string base = std::to_string(seconds / 60);
    if (seconds % 60) base += ":" + std::string(seconds % 60 < 10 ? "0" : "") + std::to_string(seconds % 60);
    std::ostringstream inc;
    inc << double(tc.inc_ms) / 1000.0;
    return "level " + std::to_string(tc.moves) + " " + base + " " + inc.str();
  }

  bool ping() {
    if (!ping_) return alive();
    const std::string n = std::to_string(++pings_);
    std::string line;
    if (!send("ping " + n)) return false;
    while (true) {
      if (wait_for("pong", line, 10000) != ChildProcess::Read::Line) return false;
      if (line == "pong " + n) return true;
    }
  }

  // Reads one line of the engine's turn; true when the turn is over (reply filled in).
  bool read_line(const std::string& line, TurnReply& reply) {
    std::istringstream in(line);
    std::string word;
    in >> word;
    if (word == "move") {
      in >> reply.move;
      reply.raw = line;
      if (reply.move.empty()) return status(reply, TurnReply::Garbage, "a move line without a move"), true;
      reply.status = TurnReply::Moved;
      return true;
    }
    if (word == "resign" || word == "1-0" || word == "0-1" || word == "1/2-1/2") {
      reply.raw = line;
      status(reply, word == "resign" ? TurnReply::Resigned : TurnReply::FalseClaim,
             word == "resign" ? "resigns" : line.substr(0, 80));
      return true;
    }
    if (word == "Illegal" || word == "Error") {
      reply.raw = line;
      status(reply, TurnReply::Garbage, "rejects the game's moves: " + line.substr(0, 80));
      return true;
    }
    // Thinking output: "ply score time nodes pv".
    int ply = 0, score = 0;
    std::istringstream think(line);
    if (think >> ply >> score) {
      reply.depth = ply;
      reply.score_cp = score;
    }
    return false;
  }

  bool usermove_ = false, setboard_ = false, ping_ = false;
  int pings_ = 0;
  std::size_t seen_ = 0;
};

}  // namespace

std::unique_ptr<Player> make_cecp_player(const EngineConfig& cfg) { return std::make_unique<CecpPlayer>(cfg); }

}  // namespace xq::match
