// xqjudge --variant chess: FIDE game state after the given moves, one JSON line per input line.
//   in:  {"fen": "..." or "startpos", "moves": ["e2e4", ...], "claim_with": "g1f3"}   (claim_with optional;
//        any other key is an error)
//   out: {"result": "white"|"black"|"draw"|null, "reason": "checkmate"|...|null,
//         "claimable": ["threefold_repetition", "fifty_move"], "halfmove_clock": N, "repetitions": N}
//        or {"error": "..."}
// Blank lines are skipped without output (as for the Xiangqi variant); every other line gets
// exactly one output line. Moves after the game has ended (checkmate, stalemate, dead position,
// fivefold, 75 moves) are an error: FIDE ends the game there, so they cannot have been played.
// A finished game has nothing to claim: "claimable" is [] whenever "result" is set.
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/fide/draws.h"
#include "engine/fide/notation.h"
#include "engine/fide/result.h"
#include "judge_lines.h"
#include "json_lines.h"

namespace xq::tools {
namespace {

using json = nlohmann::ordered_json;  // keeps the documented key order in the output

struct ChessRequest {
  std::string fen;
  std::vector<std::string> moves;
  std::optional<std::string> claim_with;
};

// The problem with a request, or "" when it is well formed.
using Error = std::string;

// Step 1. Parse and check one input line.
Error parse_chess_request(const std::string& line, ChessRequest& req) {
  json j;
  if (Error e = parse_request_object(line, j); !e.empty()) return e;
  if (Error e = unknown_key_error(j, {"fen", "moves", "claim_with"}); !e.empty()) return e;
  if (!j.contains("fen")) return "missing field \"fen\"";
  if (!j["fen"].is_string()) return "field \"fen\" must be a string";
  req.fen = fen_or_startpos(j["fen"].get<std::string>(), fide::Position::START_FEN);
  if (!j.contains("moves")) return "missing field \"moves\" (an array of UCI moves such as \"e2e4\")";
  const json& moves = j["moves"];
  if (!moves.is_array()) return "field \"moves\" must be an array of strings";
  for (size_t i = 0; i < moves.size(); ++i) {
    if (!moves[i].is_string()) return "moves[" + std::to_string(i) + "] is not a string: " + json_excerpt(moves[i]);
    req.moves.push_back(moves[i].get<std::string>());
  }
  if (j.contains("claim_with")) {
    if (!j["claim_with"].is_string()) return "field \"claim_with\" must be a UCI move string";
    req.claim_with = j["claim_with"].get<std::string>();
  }
  return "";
}

// Step 2. Set up the position and play the moves, refusing any move after the game ended.
Error play_chess_request(const ChessRequest& req, fide::Position& pos) {
  const fide::FenResult fr = fide::set_fen(pos, req.fen);
  if (!fr.ok) return "bad FEN: " + fr.error;
  for (size_t i = 0; i < req.moves.size(); ++i) {
    const std::string where = "moves[" + std::to_string(i) + "] (\"" + req.moves[i] + "\"): ";
    if (const fide::GameResult r = fide::game_result(pos); r.over())
      return where + "played after the game ended (" + fide::to_string(r.reason) + ")";
    const fide::MoveResult mr = fide::parse_uci_move(pos, req.moves[i]);
    if (!mr.ok()) return where + mr.error;
    pos.do_move(mr.move);
  }
  return "";
}

// Step 3. Rule on the final position.
json rule(fide::Position& pos, fide::Move intended) {
  const fide::GameResult r = fide::game_result(pos);
  const fide::Claims c = fide::claimable_draws(pos, intended);
  json claimable = json::array();
  if (c.threefold_repetition) claimable.push_back("threefold_repetition");
  if (c.fifty_move) claimable.push_back("fifty_move");
  json out;
  out["result"] = r.over() ? json(fide::to_string(r.winner)) : json(nullptr);
  out["reason"] = r.over() ? json(fide::to_string(r.reason)) : json(nullptr);
  out["claimable"] = claimable;
  out["halfmove_clock"] = pos.halfmove_clock();
  out["repetitions"] = fide::repetition_count(pos);
  return out;
}

json answer_line(const std::string& line) {
  ChessRequest req;
  if (Error e = parse_chess_request(line, req); !e.empty()) return json{{"error", e}};
  fide::Position pos;
  if (Error e = play_chess_request(req, pos); !e.empty()) return json{{"error", e}};
  fide::Move intended = fide::MOVE_NONE;
  if (req.claim_with) {
    const fide::MoveResult mr = fide::parse_uci_move(pos, *req.claim_with);
    if (!mr.ok()) return json{{"error", "claim_with '" + *req.claim_with + "': " + mr.error}};
    intended = mr.move;
  }
  return rule(pos, intended);
}

}  // namespace

bool run_chess_lines(std::istream& in, std::ostream& out) { return run_json_lines(in, out, answer_line); }

}  // namespace xq::tools
