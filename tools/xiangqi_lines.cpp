// xqjudge --variant xiangqi: one WXF ruling per JSON input line, with a plain-words reason.
//   in:  {"fen": "...", "moves": ["h2e2", ...], "ntimes": 1}
//   out: {"result", "side_to_move", "offender", "red", "black", "explanation"} or {"error"}
// Blank lines are skipped without output; every other line gets exactly one output line.
#include <algorithm>
#include <cctype>
#include <istream>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "engine/notation.h"
#include "judge/chase.h"
#include "judge/judge.h"
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
    if (!moves[i].is_string()) return "moves[" + std::to_string(i) + "] is not a string: " + moves[i].dump();
    req.moves.push_back(moves[i].get<std::string>());
  }
  return "";
}

Error read_ntimes(const json& j, Request& req) {
  if (!j.contains("ntimes")) return "";
  const json& n = j["ntimes"];
  const std::string range = "an integer from 1 to " + std::to_string(MAX_NTIMES);
  if (!n.is_number_integer()) return "field \"ntimes\" must be " + range + ", got " + n.dump();
  if (n.get<std::int64_t>() < 1 || n.get<std::int64_t>() > MAX_NTIMES)
    return "ntimes " + n.dump() + " is out of range: expected " + range;
  req.ntimes = n.get<int>();
  return "";
}

Error parse_request(const std::string& line, Request& req) {
  json j;
  try {
    j = json::parse(line);
  } catch (const json::parse_error& e) {
    // what() reads "[json.exception.parse_error.101] parse error at ..."; keep the plain part.
    const std::string what = e.what();
    const size_t tag_end = what.find("] ");
    return "malformed JSON: " + (tag_end == std::string::npos ? what : what.substr(tag_end + 2));
  }
  if (!j.is_object()) return "expected a JSON object {\"fen\": ..., \"moves\": [...]}, got " + std::string(j.type_name());
  if (!j.contains("fen")) return "missing field \"fen\"";
  if (!j["fen"].is_string()) return "field \"fen\" must be a string";
  req.fen = j["fen"].get<std::string>();
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
    const MoveResult mr = parse_move(pos, req.moves[i]);
    if (!mr.ok()) return "moves[" + std::to_string(i) + "] (\"" + req.moves[i] + "\"): " + mr.error;
    judge::play(pos, mr.move);
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// Step 3. Put the ruling into words. Moves are numbered from 1 (the first entry of "moves").

std::string Side(Color c) { return c == RED ? "Red" : "Black"; }

std::string piece_text(const Position& pos, Square s) {
  const Piece p = pos.piece_on(s);
  if (p == NO_PIECE) return "the piece on " + square_to_string(s);
  return std::string("the ") + color_name(color_of(p)) + " " + type_name(type_of(p)) + " on " + square_to_string(s);
}

std::string join(const std::vector<std::string>& items, const std::string& last_sep = " and ") {
  std::string s;
  for (size_t i = 0; i < items.size(); ++i) s += (i == 0 ? "" : i + 1 == items.size() ? last_sep : ", ") + items[i];
  return s;
}

std::string numbers(const std::vector<int>& plies) {
  std::vector<std::string> items;
  for (int p : plies) items.push_back(std::to_string(p));
  return (plies.size() == 1 ? "move " : "moves ") + join(items, ", ");
}

std::string move_texts(const std::vector<StateInfo>& h, const std::vector<int>& plies) {
  std::vector<std::string> items;
  for (int p : plies) items.push_back(move_to_string(h[p].move));
  return join(items, ", ");
}

PlyStatus ply_class(const std::vector<StateInfo>& h, int i) { return h[i].judge.status; }

// The plies a window judges: the moves its player made from its own positions, from the
// earlier occurrence up to the judged position (judge/judge.h, "Windows").
std::vector<int> window_plies(const judge::PlayerWindow& w) {
  std::vector<int> plies;
  for (int i = w.occurrence + 1; i < w.index; i += 2) plies.push_back(i);
  return plies;
}

// "the red rook on h8 chased the black cannon on c8" for each chase in every chasing ply,
// grouped by phrase with the plies it happened on, in order of first appearance.
class ChaseWords {
 public:
  ChaseWords(const Position& final_pos, const std::vector<int>& plies) {
    Position pos = final_pos;  // walked back ply by ply; the caller's position is untouched
    const auto& h = final_pos.history();
    for (int i = final_pos.game_ply(); i >= (plies.empty() ? 0 : plies.front()); --i) {
      if (ply_class(h, i) == PlyStatus::Chase && std::find(plies.begin(), plies.end(), i) != plies.end())
        describe_ply(pos, i);
      if (i > 0) pos.undo_move();
    }
  }
  std::string text() const {
    std::string s;
    for (const auto& key : order_) s += (s.empty() ? "" : "; ") + key + " on " + numbers(plies_.at(key));
    return s;
  }

 private:
  // Ply i chased the victims in its `chased` set; name their attackers from the mover's free
  // captures in the position it left (the turn passed back to it).
  void describe_ply(Position& pos, int i) {
    const SquareSet victims = pos.history()[i].judge.chased;
    pos.do_null_move();
    MoveList chases;
    judge::get_chases(pos, chases);
    SquareSet named = 0;
    for (Move m : chases)
      if (contains(victims, to_sq(m))) {
        add(piece_text(pos, from_sq(m)) + " chased " + piece_text(pos, to_sq(m)), i);
        named |= square_bit(to_sq(m));
      }
    for (SquareSet rest = victims & ~named; rest;) add("a move threatened " + piece_text(pos, pop_lsb(rest)), i);
    pos.undo_null_move();
  }
  void add(const std::string& phrase, int ply) {
    if (!plies_.count(phrase)) order_.insert(order_.begin(), phrase);  // walking backwards
    auto& v = plies_[phrase];
    v.insert(v.begin(), ply);
  }
  std::vector<std::string> order_;
  std::map<std::string, std::vector<int>> plies_;
};

// The position a window was judged on (history index `index`), for naming its victims.
Position position_at(const Position& final_pos, int index) {
  Position pos = final_pos;
  while (pos.game_ply() > index) pos.undo_move();
  return pos;
}

std::string victims_text(const Position& final_pos, const judge::PlayerWindow& w) {
  const Position pos = position_at(final_pos, w.index);
  std::vector<std::string> items;
  for (SquareSet v = w.victims; v;) items.push_back(piece_text(pos, pop_lsb(v)));
  return join(items);
}

std::string describe_check(Color c, const std::vector<StateInfo>& h, const std::vector<int>& plies) {
  return Side(c) + "'s " + numbers(plies) + " (" + move_texts(h, plies) + ") " +
         (plies.size() == 1 ? "gave" : "each gave") + " check: perpetual check.";
}

// How the chased side met each chase: detect_block tells whether the reply moved, shielded or
// protected a threatened piece. An unanswered threat is still a chase (case 34), so this only
// informs the reader; the ruling does not depend on it.
std::string replies_text(Color chased_side, const Position& final_pos, const std::vector<int>& plies) {
  const auto& h = final_pos.history();
  std::vector<int> saved, ignored;
  for (int p : plies) {
    if (p + 1 > final_pos.game_ply()) continue;
    Position after = position_at(final_pos, p + 1);
    const bool answered = judge::detect_block(after, h[p + 1].move, h[p].judge.chased) != 0;
    (answered ? saved : ignored).push_back(p + 1);
  }
  std::string s;
  if (!saved.empty())
    s += " " + Side(chased_side) + "'s " + numbers(saved) + " (" + move_texts(h, saved) + ") saved the threatened piece" +
         (saved.size() > 1 ? " each time" : "") + ".";
  if (!ignored.empty())
    s += " " + Side(chased_side) + "'s " + numbers(ignored) + " (" + move_texts(h, ignored) +
         ") left the threat unanswered, which does not undo a chase.";
  return s;
}

std::string describe_chase(Color c, const Position& pos, const judge::PlayerWindow& w, const std::vector<int>& plies) {
  std::string victims = victims_text(pos, w);
  if (!victims.empty())
    victims = char(std::toupper(static_cast<unsigned char>(victims[0]))) + victims.substr(1) +
              (popcount(w.victims) == 1 ? " was" : " were") + " chased on every one of these moves" +
              (w.index < pos.game_ply() ? " (squares as of move " + std::to_string(w.index) + ")" : "") + ": ";
  const std::string words = ChaseWords(pos, plies).text();
  return Side(c) + "'s " + numbers(plies) + " (" + move_texts(pos.history(), plies) + ") kept up the attack" +
         (words.empty() ? "" : ": " + words) + "." + replies_text(~c, pos, plies) + " " + victims + "perpetual chase.";
}

// Idle: say which moves did what, and which condition of check or chase failed.
std::string describe_idle(Color c, const Position& pos, const std::vector<int>& plies) {
  const auto& h = pos.history();
  std::vector<int> checks, chases, quiet;
  for (int p : plies)
    (ply_class(h, p) == PlyStatus::Check ? checks : ply_class(h, p) == PlyStatus::Chase ? chases : quiet).push_back(p);
  const std::string who = Side(c) + "'s " + numbers(plies) + " (" + move_texts(h, plies) + ")";
  if (checks.empty() && chases.empty())
    return who + (plies.size() == 1 ? " was" : " were") + " idle: neither check nor chase.";
  if (chases.size() == plies.size())
    return who + " each chased, but no one piece was chased on every move (" + ChaseWords(pos, chases).text() +
           "), so " + Side(c) + "'s moves count as idle.";
  std::vector<std::string> parts;
  if (!checks.empty()) parts.push_back(numbers(checks) + " gave check");
  if (!chases.empty()) parts.push_back(numbers(chases) + " chased (" + ChaseWords(pos, chases).text() + ")");
  if (!quiet.empty()) parts.push_back(numbers(quiet) + " did neither");
  const std::string why = !quiet.empty() ? "not every move checked or chased"
                          : chases.empty() ? "not every move gave check"
                                           : "no one piece was chased on every move";
  return who + ": " + join(parts) + "; " + why + ", so " + Side(c) + "'s moves count as idle.";
}

std::string describe_window(Color c, const Position& pos, const judge::PlayerWindow& w) {
  const std::vector<int> plies = window_plies(w);
  if (plies.empty()) return Side(c) + " made no moves in the cycle.";
  switch (w.level) {
    case judge::Level::Check: return describe_check(c, pos.history(), plies);
    case judge::Level::Chase: return describe_chase(c, pos, w, plies);
    default: return describe_idle(c, pos, plies);
  }
}

const char* offence_name(judge::Level l) {
  return l == judge::Level::Check ? "perpetual check" : l == judge::Level::Chase ? "perpetual chase" : "idle play";
}

// The player a window judges is the one to move at history[w.index] (judge/judge.h).
Color window_player(const Position& pos, const judge::PlayerWindow& w) {
  return (pos.game_ply() - w.index) % 2 == 0 ? pos.side_to_move() : ~pos.side_to_move();
}

std::string position_name(int index) {
  return index == 0 ? "the starting position" : "the position after move " + std::to_string(index);
}

// Why a window found nothing: its position did not occur before, or the move played from it
// was a capture or pawn advance, which ends every repetition.
std::string undecided_reason(const Position& pos, const judge::Ruling& r, int ntimes) {
  const int n = pos.game_ply();
  if (n < 2) return std::string(n == 0 ? "No moves were" : "Only one move was") + " played: nothing can have repeated yet.";
  const bool first_ok = r.last_mover.level != judge::Level::Undecided;
  const judge::PlayerWindow& open = first_ok ? r.side_to_move : r.last_mover;
  const int index = open.index >= 0 ? open.index : first_ok ? n - 2 : n - 1;
  const Color to_move = (n - index) % 2 == 0 ? pos.side_to_move() : ~pos.side_to_move();
  std::string s = "No repetition to rule on yet: ";
  if (index + 1 <= n && pos.history()[index + 1].irreversible)
    s += "move " + std::to_string(index + 1) + " (" + move_to_string(pos.history()[index + 1].move) +
         ") was a capture or a pawn advance, which ends any repetition.";
  else
    s += position_name(index) + " (" + Side(to_move) + " to move) has not occurred before" +
         (ntimes == 1 ? "" : " " + std::to_string(ntimes) + " times") + " since the last capture or pawn advance.";
  return s;
}

// Who made the cycle: the last mover, if the final position repeats; else the cycle ended a
// move earlier and the last move left it (judge/judge.h: case 120).
std::string cycle_intro(const Position& pos, const judge::Ruling& r, int ntimes) {
  const int n = pos.game_ply();
  const judge::PlayerWindow final_window = judge::judge_player_window(pos.history(), n, ntimes);
  if (final_window.occurrence >= 0)
    return Side(~pos.side_to_move()) + " repeated the position: " + position_name(n) + " already occurred after move " +
           std::to_string(final_window.occurrence) + ". ";
  return position_name(r.last_mover.index) + " already occurred after move " + std::to_string(r.last_mover.occurrence) +
         "; the last move (" + move_to_string(pos.history()[n].move) + ") left the cycle, which is still ruled. ";
}

std::string explain(const Position& pos, const judge::Ruling& r, int ntimes) {
  if (r.verdict == judge::Verdict::Undecided) return undecided_reason(pos, r, ntimes);
  const judge::PlayerWindow& first = r.last_mover;
  const Color last = window_player(pos, first);
  std::string s = cycle_intro(pos, r, ntimes);
  s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
  s += describe_window(last, pos, first) + " " + describe_window(~last, pos, r.side_to_move) + " ";
  if (r.verdict == judge::Verdict::Draw)
    return s + "Both sides' moves are of the same class (" + offence_name(first.level) + "): a draw.";
  // The verdict is the side to move's: a win means the other side is the offender.
  const Color loser = r.verdict == judge::Verdict::Win ? ~pos.side_to_move() : pos.side_to_move();
  const judge::Level worse = loser == last ? first.level : r.side_to_move.level;
  std::string offence = offence_name(worse);
  offence[0] = char(std::toupper(static_cast<unsigned char>(offence[0])));
  return s + offence + " is the greater offence: " + Side(loser) + " loses.";
}

// ---------------------------------------------------------------------------------------------
// Step 4. The answer line.

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
    if (w->level != judge::Level::Undecided) out[color_name(window_player(pos, *w))] = level_json(w->level);
  out["explanation"] = explain(pos, r, ntimes);
  return out;
}

json answer(const std::string& line) {
  Request req;
  if (Error e = parse_request(line, req); !e.empty()) return {{"error", e}};
  Position pos;
  if (Error e = play_request(req, pos); !e.empty()) return {{"error", e}};
  return ruling_json(pos, judge::judge_full(pos.history(), req.ntimes), req.ntimes);
}

}  // namespace

bool run_xiangqi_lines(std::istream& in, std::ostream& out) { return run_json_lines(in, out, answer); }

}  // namespace xq::tools
