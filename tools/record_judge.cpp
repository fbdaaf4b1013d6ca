#include "record_judge.h"

#include <algorithm>
#include <cctype>
#include <ostream>

#include <nlohmann/json.hpp>

#include "engine/notation.h"
#include "fileio/read_file.h"
#include "judge/game_review.h"
#include "records/record.h"

namespace xq::tools {
namespace {

using json = nlohmann::ordered_json;
using records::GameRecord;


// ---------------------------------------------------------------------------------------------
// Move numbers as a PGN shows them.

struct MoveNumber {
  int number = 1;
  bool black = false;
  std::string text() const { return std::to_string(number) + (black ? "..." : "."); }
  std::string short_text() const { return std::to_string(number) + (black ? "b" : "r"); }
};

// The PGN number of ply `ply` (1 = the first move) of a game starting at `start`.
MoveNumber number_of(const Position& start, int ply) {
  const int k = ply - 1 + (start.side_to_move() == BLACK ? 1 : 0);
  return {start.fullmove_number() + k / 2, k % 2 == 1};
}

const char* reason_name(judge::EndReason r) {
  switch (r) {
    case judge::EndReason::Mate: return "no_legal_move";
    case judge::EndReason::Repetition: return "repetition";
    case judge::EndReason::NaturalLimit: return "natural_limit";
    default: return nullptr;
  }
}

json square_list(const std::vector<Square>& sqs) {
  json a = json::array();
  for (const Square s : sqs) a.push_back(square_to_string(s));
  return a;
}

// What the rules require at a ruling point, in words.
std::string requirement(const judge::RulingPoint& p) {
  if (p.draw) return "the position is drawn by repetition";
  std::string offence = "a forbidden repetition";
  for (const auto& w : p.windows)
    if (w.player == p.offender && w.level != judge::Level::Idle)
      offence = std::string("perpetual ") + judge::to_string(w.level);
  return std::string(side_name(p.offender)) + " must vary (" + offence + "; " + side_name(p.offender) + " loses if it does not)";
}

// ---------------------------------------------------------------------------------------------
// One game.

struct Judged {
  const GameRecord* game = nullptr;
  Position start;
  std::vector<Move> moves;  // as judged: cut at --at
  judge::GameReview review;
  std::string error;  // the record's own, or --at's
};

Judged judge_game(const GameRecord& g, const RecordJudgeOptions& opts) {
  Judged j;
  j.game = &g;
  j.error = g.error;
  set_fen(j.start, g.start_fen);  // the readers only give FENs that set_fen accepted
  j.moves = g.moves;
  if (!opts.at.empty()) {
    int number = 0;
    bool black = false;
    parse_move_number(opts.at, number, black);
    size_t keep = j.moves.size() + 1;
    for (size_t ply = 1; ply <= j.moves.size(); ++ply) {
      const MoveNumber n = number_of(j.start, int(ply));
      if (n.number == number && n.black == black) keep = ply;
    }
    if (keep > j.moves.size())
      j.error = (j.error.empty() ? "" : j.error + "; ") + "the game has no move " + opts.at;
    else
      j.moves.resize(keep);
  }
  Position pos = j.start;
  j.review = judge::review_game(pos, j.moves, opts.ntimes);
  return j;
}

json ruling_json(const Judged& j, const judge::RulingPoint& p) {
  json r;
  r["ply"] = p.ply;
  r["move_number"] = number_of(j.start, p.ply).short_text();
  r["ruling"] = p.draw ? "draw" : "must_vary";
  r["must_vary"] = p.draw ? json(nullptr) : json(color_name(p.offender));
  r["cycle"] = {{"from_ply", p.cycle_from}, {"to_ply", p.cycle_to}};
  json windows = json::array();
  for (const auto& w : p.windows)
    windows.push_back({{"player", color_name(w.player)}, {"class", judge::to_string(w.level)}, {"plies", w.plies},
                       {"victims", square_list(w.victims)}});
  r["windows"] = windows;
  json moves = json::array();
  for (const auto& m : p.moves)
    moves.push_back({{"ply", m.ply}, {"move", move_to_string(m.move)}, {"mover", color_name(m.mover)},
                     {"class", judge::to_string(m.status)}, {"chasing", square_list(m.chasing)}, {"chased", square_list(m.chased)}});
  r["moves"] = moves;
  r["last_ruled_ply"] = p.last_ruled_ply;
  r["game_went_on"] = p.game_went_on;
  r["explanation"] = p.explanation;
  return r;
}

json game_json(const std::string& file, const Judged& j) {
  const GameRecord& g = *j.game;
  json out;
  out["file"] = file;
  out["game"] = g.number;
  json tags = json::object();
  for (const auto& [k, v] : g.tags) tags[k] = v;
  out["tags"] = tags;
  out["notation"] = g.notation;
  out["fen"] = g.start_fen;
  json moves = json::array();
  for (const Move m : j.moves) moves.push_back(move_to_string(m));
  out["moves"] = moves;
  json comments = json::array();  // UTF-8 already: the readers convert what they read
  for (size_t i = 0; i < g.comments.size() && i <= j.moves.size(); ++i)
    if (!g.comments[i].empty()) comments.push_back({{"after_ply", i}, {"text", g.comments[i]}});
  out["comments"] = comments;
  out["recorded_result"] = g.result.empty() ? json(nullptr) : json(g.result);
  out["error"] = j.error.empty() ? json(nullptr) : json(j.error);
  json rulings = json::array();
  for (const auto& p : j.review.rulings) rulings.push_back(ruling_json(j, p));
  out["rulings"] = rulings;
  const judge::GameEnd& end = j.review.end;
  out["end"] = {{"result", end.result.empty() ? json(nullptr) : json(end.result)},
                {"reason", reason_name(end.reason) ? json(reason_name(end.reason)) : json(nullptr)},
                {"explanation", end.explanation}};
  out["result_check"] = judge::result_agreement(g.result, end);
  return out;
}

std::string move_words(const Judged& j, int ply) {
  const GameRecord& g = *j.game;
  const std::string iccs = move_to_string(j.moves[ply - 1]);
  const std::string& written = g.move_texts[ply - 1];
  return number_of(j.start, ply).text() + " " + iccs + (written != iccs ? " (" + written + ")" : "");
}

void game_text(const Judged& j, std::ostream& out) {
  const GameRecord& g = *j.game;
  out << "== " << g.label() << ": " << g.notation << ", " << j.moves.size() << " moves judged, recorded result "
      << (g.result.empty() ? "none" : g.result) << "\n";
  if (!j.error.empty()) out << "  record problem: " << j.error << " (judged up to there)\n";
  if (j.review.rulings.empty()) out << "  no repetition ruling applied\n";
  for (const auto& p : j.review.rulings) {
    out << "  after " << move_words(j, p.ply) << ": " << requirement(p) << "\n";
    out << "    cycle: moves " << number_of(j.start, p.cycle_from).text() << " to " << number_of(j.start, p.cycle_to).text()
        << " (plies " << p.cycle_from << "-" << p.cycle_to << ")\n";
    out << "    " << p.explanation << "\n";
    if (p.last_ruled_ply > p.ply) out << "    the repetition went on through " << move_words(j, p.last_ruled_ply) << "\n";
    if (p.game_went_on)
      out << "    the game went on: the position stopped repeating after " << move_words(j, p.last_ruled_ply)
          << (p.draw ? "\n" : " (the repetition was left, as the rules require)\n");
    else
      out << "    the game ended in this repetition\n";
  }
  const judge::GameEnd& end = j.review.end;
  out << "  end: " << (end.result.empty() ? "the rules do not decide the final position" : end.result + ": " + end.explanation) << "\n";
  const std::string agreement = judge::result_agreement(g.result, end);
  out << "  recorded result " << (g.result.empty() ? "none" : g.result) << ": "
      << (agreement == "agrees"        ? "agrees with the rules"
          : agreement == "contradicts" ? "CONTRADICTS the rules"
                                       : "cannot be decided from the rules (resignation, agreement, time, or no result)")
      << "\n";
}

}  // namespace

bool parse_move_number(const std::string& text, int& number, bool& black) {
  size_t i = 0;
  number = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i < 6) number = number * 10 + (text[i++] - '0');
  if (i == 0 || number == 0) return false;
  const std::string rest = text.substr(i);
  if (rest == "b" || rest == "B" || rest == "...") return black = true, true;
  if (rest == "r" || rest == "R" || rest == "w" || rest == "W" || rest == "." || rest.empty()) return black = false, true;
  return false;
}

std::string judge_game_json(const std::string& name, const GameRecord& game, const RecordJudgeOptions& opts) {
  return game_json(name, judge_game(game, opts)).dump(-1, ' ', false, json::error_handler_t::replace);
}

int judge_record_bytes(const std::string& name, const std::string& bytes, const RecordJudgeOptions& opts, std::ostream& out,
                       std::string* file_error) {
  const records::RecordFile f = records::read_record(bytes);
  if (file_error) *file_error = f.error;
  if (!f.error.empty()) {
    if (opts.json) out << json{{"file", name}, {"error", f.error}}.dump() << "\n";
    else out << "== " << name << ": " << f.error << "\n";
    return 1;
  }
  if (!opts.json) out << "# " << name << ": " << f.format << (f.encoding.empty() ? "" : ", " + f.encoding) << ", "
                      << f.games.size() << (f.games.size() == 1 ? " game" : " games") << "\n";
  int status = 0;
  for (const GameRecord& g : f.games) {
    const Judged j = judge_game(g, opts);
    if (!j.error.empty()) status = 1;
    if (opts.json) out << game_json(name, j).dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
    else game_text(j, out);
  }
  out.flush();
  return status;
}

int judge_record_files(const std::vector<std::string>& paths, const RecordJudgeOptions& opts, std::ostream& out,
                       std::ostream& err) {
  int status = 0;
  for (const std::string& path : paths) {
    std::string bytes;
    if (const std::string error = fileio::read_file(path, bytes, fileio::record_rules()); !error.empty()) {
      err << "xqjudge: " << error << "\n";
      status = 3;
      continue;
    }
    status = std::max(status, judge_record_bytes(path, bytes, opts, out));
  }
  return status;
}

}  // namespace xq::tools
