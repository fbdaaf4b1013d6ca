// The WXF diagram cases of data/wxf_diagrams/ (schema in its README): loading, replaying and
// describing them. Header-only on purpose: the unit tests (built without the tools in the
// sanitizer run), the replay table and the benchmark all read the data through this one loader.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/notation.h"
#include "judge/judge.h"

namespace xq::wxf {

struct Case {
  int id = 0;
  std::vector<int> diagrams;
  std::string topic, fen, file;
  std::vector<std::string> moves;
  std::string expected;  // win | loss | draw | undecided, for the side to move after the last move
};

struct ProtectionFact {
  int id = 0;
  std::string fen, move;
  bool is_protected = false;
};

struct Data {
  std::vector<Case> cases;            // sorted by id
  std::vector<ProtectionFact> facts;  // sorted by id
  std::vector<std::string> errors;    // one per file or case that failed to load
};


// Sets `pos` to the case's position and plays its moves through the judge. Returns "" or an
// error naming the failing move and its index.
inline std::string replay(Position& pos, const std::string& fen, const std::vector<std::string>& moves) {
  const FenResult fr = set_fen(pos, fen);
  if (!fr.ok) return "bad FEN: " + fr.error;
  judge::record_root(pos);
  for (size_t i = 0; i < moves.size(); ++i) {
    const MoveResult mr = parse_move(pos, moves[i]);
    if (!mr.ok()) return "move " + std::to_string(i) + ": " + mr.error;
    judge::play(pos, mr.move);
  }
  return "";
}

namespace detail {

// The three expected fields must tell the same story (README: "What the ruling means").
inline std::string check_expected(const Case& c, const nlohmann::json& exp) {
  Position pos;
  const FenResult fr = set_fen(pos, c.fen);
  if (!fr.ok) return "bad FEN: " + fr.error;
  const Color stm = c.moves.size() % 2 ? ~pos.side_to_move() : pos.side_to_move();
  const std::string side = exp.at("side_to_move").get<std::string>();
  if (side != color_name(stm)) return "expected.side_to_move is " + side + " but " + color_name(stm) + " moves after the last move";
  const std::string offender = exp.at("offender").is_null() ? "null" : exp.at("offender").get<std::string>();
  const std::string want = c.expected == "win" ? color_name(~stm) : c.expected == "loss" ? color_name(stm) : "null";
  if (c.expected != "win" && c.expected != "loss" && c.expected != "draw" && c.expected != "undecided")
    return "unknown expected.ruling '" + c.expected + "'";
  if (offender != want) return "expected.offender is " + offender + " but ruling " + c.expected + " for " + side + " means " + want;
  return "";
}

inline void load_cases(const nlohmann::json& doc, const std::string& file, Data& out) {
  const std::string topic = doc.at("topic").get<std::string>();
  for (const auto& j : doc.at("cases")) {
    Case c;
    c.id = j.at("id").get<int>();
    c.diagrams = j.at("diagrams").get<std::vector<int>>();
    c.topic = topic;
    c.file = file;
    c.fen = j.at("fen").get<std::string>();
    c.moves = j.at("moves").get<std::vector<std::string>>();
    c.expected = j.at("expected").at("ruling").get<std::string>();
    if (std::string e = check_expected(c, j.at("expected")); !e.empty())
      out.errors.push_back(file + ": case " + std::to_string(c.id) + ": " + e);
    else
      out.cases.push_back(std::move(c));
  }
}

inline void load_facts(const nlohmann::json& doc, Data& out) {
  for (const auto& j : doc.at("facts"))
    out.facts.push_back({j.at("id").get<int>(), j.at("fen").get<std::string>(), j.at("move").get<std::string>(),
                         j.at("protected").get<bool>()});
}

inline void load_file(const std::filesystem::path& path, Data& out) {
  const std::string file = path.filename().string();
  try {
    std::ifstream in(path);
    const auto doc = nlohmann::json::parse(in);
    const std::string kind = doc.at("kind").get<std::string>();
    if (kind == "wxf-repetition-cases")
      load_cases(doc, file, out);
    else if (kind == "wxf-protection-facts")
      load_facts(doc, out);
    else
      out.errors.push_back(file + ": unknown kind '" + kind + "'");
  } catch (const nlohmann::json::exception& e) {
    out.errors.push_back(file + ": " + e.what());
  }
}

}  // namespace detail

// Reads every *.json under `dir`. Duplicate ids are reported as errors.
inline Data load(const std::string& dir) {
  Data out;
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  if (ec) out.errors.push_back(dir + ": " + ec.message());
  std::sort(files.begin(), files.end());  // a stable order whatever the file system does
  for (const auto& f : files) detail::load_file(f, out);
  std::sort(out.cases.begin(), out.cases.end(), [](const Case& a, const Case& b) { return a.id < b.id; });
  std::sort(out.facts.begin(), out.facts.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  for (size_t i = 1; i < out.cases.size(); ++i)
    if (out.cases[i].id == out.cases[i - 1].id) out.errors.push_back("duplicate case id " + std::to_string(out.cases[i].id));
  return out;
}

inline std::string diagrams_text(const std::vector<int>& d) {
  if (d.empty()) return "-";
  std::string s;
  for (int n : d) s += (s.empty() ? "" : ",") + std::to_string(n);
  return s;
}

inline std::string squares_text(SquareSet set) {
  std::string s;
  while (set) s += (s.empty() ? "" : " ") + square_to_string(pop_lsb(set));
  return s.empty() ? "-" : s;
}

inline std::string window_text(const judge::PlayerWindow& w) {
  std::ostringstream os;
  os << judge::to_string(w.level) << " (occurrence " << w.occurrence << ", index " << w.index
     << ", victims " << squares_text(w.victims) << ")";
  return os.str();
}

// Everything needed to see why a ruling came out as it did: the root board, each ply's
// status, threats and chased set, and both windows of the ruling.
inline std::string describe(const Position& pos, const std::string& root_fen) {
  std::ostringstream os;
  Position root;
  set_fen(root, root_fen);
  os << board_diagram(root);
  const auto& h = pos.history();
  os << "ply move mover  status threats / chased\n";
  for (size_t i = 1; i < h.size(); ++i) {
    const Color mover = (root.side_to_move() == RED) == (i % 2 == 1) ? RED : BLACK;
    os << (i < 10 ? "  " : " ") << i << ' ' << move_to_string(h[i].move) << ' ' << color_name(mover)
       << (mover == RED ? "    " : "  ") << judge::to_string(h[i].judge.status) << "  " << squares_text(h[i].judge.threats)
       << " / " << squares_text(h[i].judge.chased) << '\n';
  }
  const judge::Ruling r = judge::judge_full(h);
  os << "last mover: " << window_text(r.last_mover) << "\nside to move: " << window_text(r.side_to_move) << '\n';
  return os.str();
}

}  // namespace xq::wxf
