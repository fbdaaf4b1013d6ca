// UCI and UCCI players. They differ in the handshake words, option syntax, rank numbering
// (Fairy-Stockfish's UCI counts ranks 1-10) and how the clock is told.
#include <sstream>

#include "player.h"

namespace xq::match {

namespace {

constexpr std::int64_t HANDSHAKE_MS = 10000;
constexpr std::int64_t READY_MS = 10000;

class UciPlayer : public Player {
 public:
  using Player::Player;

  bool new_game(const std::string&) override {
    if (ucci()) {
      if (has_newgame_) send("setoption newgame true");
    } else {
      send("ucinewgame");
    }
    return sync();
  }

  TurnReply think(const TurnRequest& req) override {
    if (!send(position_command(req)) || !send(go_command(req))) {
      TurnReply reply;
      return crashed(reply);
    }
    return read_turn(req, [this](const std::string& line, TurnReply& reply) {
      const std::string word = first_word(line);
      if (word == "info") read_info(line, reply);
      else if (word == "bestmove") read_bestmove(line, reply);
      else if (word == "nobestmove") status(reply, TurnReply::Resigned, "nobestmove");
      return word == "bestmove" || word == "nobestmove";
    });
  }

  bool settle(std::int64_t wait_ms) override {
    std::string line;
    send("stop");
    while (true) {
      const auto r = proc_.read_line(line, deadline_after(wait_ms), abort_);
      if (r != ChildProcess::Read::Line) break;
      const std::string word = first_word(line);
      if (word == "bestmove" || word == "nobestmove") return true;
    }
    mark_dead();
    quit();
    return false;
  }

 protected:
  bool handshake(std::string& error) override {
    fsf_ = cfg_.proto == Protocol::UciFsf;
    send(ucci() ? "ucci" : "uci");
    const std::string ok = ucci() ? "ucciok" : "uciok";
    std::string line;
    const auto deadline = deadline_after(HANDSHAKE_MS);
    while (true) {
      const auto r = proc_.read_line(line, deadline, abort_);
      if (r != ChildProcess::Read::Line) {
        error = r == ChildProcess::Read::Timeout ? "no '" + ok + "' within 10 s" : "the engine exited during the handshake";
        return false;
      }
      const std::string word = first_word(line);
      if (word == ok) break;
      if (word == "id" && line.rfind("id name ", 0) == 0) id_name_ = line.substr(8);
      if (word == "option") read_option(line);
    }
    // Fairy-Stockfish numbers ranks 1-10 in UCI mode (0-9 in UCCI): detect it unless told.
    if (cfg_.proto == Protocol::Uci && id_name_.find("Fairy-Stockfish") != std::string::npos) fsf_ = true;
    if (fsf_) send("setoption name UCI_Variant value xiangqi");
    if (ucci()) {
      millis_ = cfg_.timeunit == "ms" || (cfg_.timeunit.empty() && (has_usemillisec_ || id_name_.find("Fairy-Stockfish") != std::string::npos));
      if (millis_ && has_usemillisec_) send("setoption usemillisec true");
    }
    for (const auto& [name, value] : cfg_.options)
      send(ucci() ? "setoption " + name + " " + value : "setoption name " + name + " value " + value);
    for (const auto& s : cfg_.initstr) send(s);
    if (!sync()) {
      error = "no 'readyok' after the options";
      return false;
    }
    return true;
  }

 private:
  bool ucci() const { return cfg_.proto == Protocol::Ucci; }

  bool sync() {
    std::string line;
    return send("isready") && wait_for("readyok", line, READY_MS) == ChildProcess::Read::Line;
  }

  void read_option(const std::string& line) {
    std::istringstream in(line);
    std::string word, name;
    in >> word >> name;
    if (name == "name") in >> name;
    if (name == "usemillisec") has_usemillisec_ = true;
    if (name == "newgame") has_newgame_ = true;
  }

  std::string move_out(const std::string& m) const { return fsf_ ? shift_ranks(m, 1) : m; }

  std::string position_command(const TurnRequest& req) const {
    std::string s = req.start_fen.empty() ? "position startpos" : "position fen " + req.start_fen;
    if (req.moves && !req.moves->empty()) {
      s += " moves";
      for (const auto& m : *req.moves) s += " " + move_out(m);
    }
    return s;
  }

  std::string clock_value(std::int64_t ms) const { return std::to_string(!ucci() || millis_ ? ms : ms / 1000); }

  std::string go_command(const TurnRequest& req) const {
    const TimeControl& tc = cfg_.tc;
    std::string s = "go";
    if (cfg_.depth > 0) s += " depth " + std::to_string(cfg_.depth);
    if (cfg_.nodes > 0) s += " nodes " + std::to_string(cfg_.nodes);
    if (tc.movetime_ms > 0) {
      s += ucci() ? " time " + clock_value(tc.movetime_ms) + " movestogo 1" : " movetime " + std::to_string(tc.movetime_ms);
    } else if (tc.has_clock()) {
      s += ucci() ? ucci_clock(req) : uci_clock(req);
    }
    return s;
  }

  std::string uci_clock(const TurnRequest& req) const {
    const ClockState& red = req.red_to_move ? req.own : req.opponent;
    const ClockState& black = req.red_to_move ? req.opponent : req.own;
    std::string s = " wtime " + std::to_string(red.remaining_ms) + " btime " + std::to_string(black.remaining_ms) +
                    " winc " + std::to_string(red.inc_ms) + " binc " + std::to_string(black.inc_ms);
    if (req.own.moves_to_go > 0) s += " movestogo " + std::to_string(req.own.moves_to_go);
    return s;
  }

  // UCCI: "go time T (movestogo N | increment I) opptime T (oppmovestogo N | oppincrement I)".
  std::string ucci_clock(const TurnRequest& req) const {
    auto side = [&](const ClockState& c, const std::string& prefix) {
      std::string s = " " + prefix + "time " + clock_value(c.remaining_ms);
      if (c.moves_to_go > 0) s += " " + prefix + "movestogo " + std::to_string(c.moves_to_go);
      else s += " " + prefix + "increment " + clock_value(c.inc_ms);
      return s;
    };
    return side(req.own, "") + side(req.opponent, "opp");
  }

  void read_info(const std::string& line, TurnReply& reply) const {
    std::istringstream in(line);
    std::string word;
    while (in >> word) {
      if (word == "depth") in >> reply.depth;
      else if (word == "score") {
        std::string kind;
        in >> kind;
        int value = 0;
        if (kind == "cp" && in >> value) reply.score_cp = value;
        else if (kind == "mate" && in >> value) reply.score_cp = value > 0 ? 30000 - value : -30000 - value;
        else if (ucci()) {  // UCCI: "score N"
          try { reply.score_cp = std::stoi(kind); } catch (...) {}
        }
      } else if (word == "pv" || word == "string") break;  // the rest is moves or free text
    }
  }

  TurnReply read_bestmove(const std::string& line, TurnReply& reply) const {
    std::istringstream in(line);
    std::string word, move, extra;
    in >> word >> move;
    reply.raw = line;
    while (in >> extra)
      if (extra == "resign") return status(reply, TurnReply::Resigned, "resigns");
    if (move.empty()) return status(reply, TurnReply::Garbage, "a bestmove line without a move");
    reply.move = fsf_ ? shift_ranks(move, -1) : move;
    reply.status = TurnReply::Moved;
    return reply;
  }

  bool fsf_ = false, millis_ = true, has_usemillisec_ = false, has_newgame_ = false;
};

}  // namespace

std::unique_ptr<Player> make_uci_player(const EngineConfig& cfg) { return std::make_unique<UciPlayer>(cfg); }

}  // namespace xq::match
