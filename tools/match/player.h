// One engine as the match runner sees it: a process speaking UCI (ranks 0-9, or 1-10 as
// Fairy-Stockfish does after "uci"), UCCI or CECP v2. The runner owns the game and the clocks;
// a player only turns "your move, with these clocks" into the engine's dialect and its answer
// back into an ICCS move.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "process.h"
#include "timecontrol.h"

namespace xq::match {

enum class Protocol { Uci, UciFsf, Ucci, Xboard };
const char* protocol_name(Protocol p);
std::optional<Protocol> parse_protocol(const std::string& text);  // uci, uci-fsf, ucci, xboard, cecp

// Helpers shared by the protocols (player.cpp).
std::string first_word(const std::string& line);
std::string shift_ranks(const std::string& move, int delta);  // ICCS <-> Fairy-Stockfish UCI ranks
SteadyClock::time_point deadline_after(std::int64_t ms);     // ms < 0: far in the future

struct EngineConfig {
  std::string name, cmd, dir, stderr_file;
  std::vector<std::string> args;
  Protocol proto = Protocol::Uci;
  std::vector<std::pair<std::string, std::string>> options;  // option.NAME=VALUE, in order
  std::vector<std::string> initstr;                          // raw lines after the handshake
  TimeControl tc;                 // tc=... or st=...
  std::int64_t nodes = 0;         // per move
  int depth = 0;                  // per move
  std::int64_t timemargin_ms = 50;   // a move may overstep the clock by this much (process overhead)
  std::int64_t timeout_ms = 60000;   // how long a move without a clock may take before the engine counts as hung
  std::string timeunit;           // UCCI: "ms" or "s"; empty: ms when the engine offers usemillisec (or is Fairy-Stockfish)
};

// One side's clock as an engine is told it.
struct ClockState {
  std::int64_t remaining_ms = 0, inc_ms = 0;
  int moves_to_go = 0;
};

struct TurnRequest {
  std::string start_fen;                          // empty: the standard start position
  const std::vector<std::string>* moves = nullptr;  // ICCS, from the start position
  bool red_to_move = true;
  ClockState own, opponent;                       // only used when the engine plays on a clock
  std::int64_t wait_ms = -1;                      // how long to wait for the move (-1: forever)
  const std::atomic<bool>* abort = nullptr;
};

struct TurnReply {
  // FalseClaim: the engine claimed a result instead of moving. Had the rules ended the game,
  // the arbiter would not have asked for a move, so every such claim is false (and loses).
  enum Status { Moved, Timeout, Crashed, Garbage, Resigned, FalseClaim, Aborted } status = Garbage;
  std::string move;       // ICCS, ranks 0-9, as the runner reads the engine's answer
  std::string raw;        // the engine's line, for the record
  std::int64_t elapsed_ms = 0;
  std::optional<int> score_cp;  // last score the engine reported, its own point of view
  int depth = 0;
  std::string detail;     // what went wrong, in words
};

class Player {
 public:
  explicit Player(EngineConfig cfg) : cfg_(std::move(cfg)) {}
  virtual ~Player() = default;
  static std::unique_ptr<Player> create(const EngineConfig& cfg);

  // Starts the process and completes the handshake and options. False with `error` set.
  bool start(const std::atomic<bool>* abort, std::string& error);
  // Before each game; false when the engine no longer answers.
  virtual bool new_game(const std::string& start_fen) = 0;
  virtual TurnReply think(const TurnRequest& req) = 0;
  // After a Timeout: ask for the move now and wait a little. False when the engine stays
  // silent (it is then killed and must be restarted).
  virtual bool settle(std::int64_t wait_ms) = 0;
  // Tells the engine the result (CECP only).
  virtual void game_over(const std::string& /*result*/, const std::string& /*reason*/) {}
  // Quits politely, kills if need be; the player may be started again afterwards.
  void quit();

  bool alive() const { return alive_; }
  const EngineConfig& config() const { return cfg_; }
  const std::string& engine_id() const { return id_name_; }

 protected:
  virtual bool handshake(std::string& error) = 0;
  void mark_dead() { alive_ = false; }
  bool send(const std::string& line);
  static TurnReply status(TurnReply& reply, TurnReply::Status s, const std::string& detail);
  TurnReply crashed(TurnReply& reply);
  // Reads the engine's lines for one turn, timing it, until `turn_over(line, reply)` returns
  // true, the engine exits, req.wait_ms passes or req.abort is raised.
  template <class TurnOver>
  TurnReply read_turn(const TurnRequest& req, TurnOver turn_over) {
    TurnReply reply;
    const auto started = SteadyClock::now();
    const auto deadline = deadline_after(req.wait_ms);
    std::string line;
    while (true) {
      const auto r = proc_.read_line(line, deadline, req.abort);
      reply.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - started).count();
      if (r == ChildProcess::Read::Closed) return crashed(reply);
      if (r == ChildProcess::Read::Timeout) return status(reply, TurnReply::Timeout, "no move in time");
      if (r == ChildProcess::Read::Aborted) return status(reply, TurnReply::Aborted, "aborted");
      if (turn_over(line, reply)) return reply;
    }
  }
  // Reads lines until one starts with `token` (a whole first word); its text in `line`.
  ChildProcess::Read wait_for(const std::string& token, std::string& line, std::int64_t wait_ms);

  EngineConfig cfg_;
  ChildProcess proc_;
  const std::atomic<bool>* abort_ = nullptr;
  std::string id_name_;
  bool alive_ = false;
};


}  // namespace xq::match
