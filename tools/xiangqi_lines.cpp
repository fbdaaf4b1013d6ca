// xqjudge --variant xiangqi: one WXF ruling per JSON input line, with a plain-words reason.
//   in:  {"fen": "..." or "startpos", "moves": ["h2e2", ...], "ntimes": 1}; any other key is an error
//   out: {"result", "side_to_move", "offender", "red", "black", "explanation"} or {"error"}
// The natural move limit is ruled too (judge/natural.h): a game at the limit is a draw (or a
// loss for a side with no legal move), and a move after it has drawn the game is an error.
// Blank lines are skipped without output; every other line gets exactly one output line.
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "engine/notation.h"
#include "judge/explain.h"
#include "judge/judge.h"
#include "judge/natural.h"
#include "judge_lines.h"
#include "json_lines.h"

namespace xq::tools {
namespace {

using json = nlohmann::ordered_json;  // keeps the documented key order in the output

constexpr int MAX_NTIMES = 100;

struct Request {
  std::string fen;
  std::vector<std::string> moves;
  int ntimes = 1;
};

// The problem with a request, or "" when it is well formed.
using Error = std::string;

// ---------------------------------------------------------------------------------------------
// Step 1. Parse and check one input line.

Error read_moves(const json& j, Request& req) {
  if (!j.contains("moves")) return "missing field \"moves\" (an array of ICCS moves such as \"h2e2\")";
  const json& moves = j["moves"];
  if (!moves.is_array()) return "field \"moves\" must be an array of strings";
  for (size_t i = 0; i < moves.size(); ++i) {
    if (!moves[i].is_string()) return "moves[" + std::to_string(i) + "] is not a string: " + json_excerpt(moves[i]);
    req.moves.push_back(moves[i].get<std::string>());
  }
  return "";
}

Error read_ntimes(const json& j, Request& req) {
  if (!j.contains("ntimes")) return "";
  const json& n = j["ntimes"];
  const std::string range = "an integer from 1 to " + std::to_string(MAX_NTIMES);
  if (!n.is_number_integer()) return "field \"ntimes\" must be " + range + ", got " + json_excerpt(n);
  if (n.get<std::int64_t>() < 1 || n.get<std::int64_t>() > MAX_NTIMES)
    return "ntimes " + n.dump() + " is out of range: expected " + range;
  req.ntimes = n.get<int>();
  return "";
}

Error parse_request(const std::string& line, Request& req) {
  json j;
  if (Error e = parse_request_object(line, j); !e.empty()) return e;
  if (Error e = unknown_key_error(j, {"fen", "moves", "ntimes"}); !e.empty()) return e;
  if (!j.contains("fen")) return "missing field \"fen\"";
  if (!j["fen"].is_string()) return "field \"fen\" must be a string";
  req.fen = fen_or_startpos(j["fen"].get<std::string>(), Position::START_FEN);
  if (Error e = read_moves(j, req); !e.empty()) return e;
  return read_ntimes(j, req);
}

// Step 2. Set up the position and play the moves through the judge.
Error play_request(const Request& req, Position& pos) {
  const FenResult fr = set_fen(pos, req.fen);
  if (!fr.ok) return "bad FEN: " + fr.error;
  for (const auto& w : fr.warnings) spdlog::warn("FEN {}: {}", req.fen, w);
  judge::record_root(pos);
  for (size_t i = 0; i < req.moves.size(); ++i) {
    const std::string which = "moves[" + std::to_string(i) + "] (\"" + req.moves[i] + "\"): ";
    // The limit ends the game like a mate does: nothing may be played after it.
    if (judge::natural_limit(pos) == judge::Verdict::Draw)
      return which + "the game was already drawn by the natural move limit (" + std::to_string(pos.rule60_count()) +
             " plies without a capture)";
    const MoveResult mr = parse_move(pos, req.moves[i]);
    if (!mr.ok()) return which + mr.error;
    judge::play(pos, mr.move);
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// Step 3. The answer line; the explanation is the judge's own (judge/explain.h).

json level_json(judge::Level l) {
  switch (l) {
    case judge::Level::Idle: return "idle";
    case judge::Level::Chase: return "chase";
    case judge::Level::Check: return "check";
    default: return nullptr;
  }
}

json ruling_json(const Position& pos, const judge::Ruling& r, int ntimes) {
  const Color stm = pos.side_to_move();
  json out;
  static const char* results[] = {"undecided", "win", "loss", "draw"};
  out["result"] = results[int(r.verdict)];
  out["side_to_move"] = color_name(stm);
  out["offender"] = r.verdict == judge::Verdict::Win    ? json(color_name(~stm))
                    : r.verdict == judge::Verdict::Loss ? json(color_name(stm))
                                                        : json(nullptr);
  out["red"] = nullptr;
  out["black"] = nullptr;
  for (const judge::PlayerWindow* w : {&r.last_mover, &r.side_to_move})
    if (w->level != judge::Level::Undecided) out[color_name(judge::window_player(pos, *w))] = level_json(w->level);
  out["explanation"] = judge::explain(pos, r, ntimes);
  return out;
}

// The natural move limit, ruled after the repetition as xqmatch does: a decided repetition
// stands and the limit is only mentioned; otherwise the limit's ruling replaces "undecided".
void add_natural_limit(Position& pos, const judge::Ruling& r, json& out) {
  const judge::Verdict v = judge::natural_limit(pos);
  if (v == judge::Verdict::Undecided) return;
  if (r.verdict != judge::Verdict::Undecided) {
    out["explanation"] = out["explanation"].get<std::string>() + " The natural move limit was reached by the same move; the repetition is ruled first.";
    return;
  }
  out["result"] = v == judge::Verdict::Draw ? "draw" : "loss";
  out["explanation"] = judge::explain_natural_limit(pos, v);
}

json answer(const std::string& line) {
  Request req;
  if (Error e = parse_request(line, req); !e.empty()) return {{"error", e}};
  Position pos;
  if (Error e = play_request(req, pos); !e.empty()) return {{"error", e}};
  const judge::Ruling ruling = judge::judge_full(pos.history(), req.ntimes);
  json out = ruling_json(pos, ruling, req.ntimes);
  add_natural_limit(pos, ruling, out);
  return out;
}

}  // namespace

bool run_xiangqi_lines(std::istream& in, std::ostream& out) { return run_json_lines(in, out, answer); }

}  // namespace xq::tools
