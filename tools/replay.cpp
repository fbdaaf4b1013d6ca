// xqjudge --replay data/wxf_diagrams: every WXF case judged and tabulated, a per-ply dump for
// each case that disagrees, and a last line "N/M cases agree (T ms)".
#include <chrono>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "judge_lines.h"
#include "wxf_cases.h"

namespace xq::tools {
namespace {

struct Row {
  const wxf::Case* c;
  std::string got;  // a ruling, or "error"
  std::string dump;  // why it disagrees: the replay error or the per-ply dump
};

Row judge_case(const wxf::Case& c) {
  Position pos;
  const std::string err = wxf::replay(pos, c.fen, c.moves);
  if (!err.empty()) return {&c, "error", err + "\n"};
  const std::string got = judge::to_string(judge::judge_full(pos.history()).verdict);
  return {&c, got, got == c.expected ? "" : wxf::describe(pos, c.fen)};
}

std::string table_line(const std::string& id, const std::string& diagrams, const std::string& topic,
                       const std::string& expected, const std::string& got, const std::string& ok) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%4s  %-8s  %-48.48s  %-9s  %-9s  %s\n", id.c_str(), diagrams.c_str(), topic.c_str(),
                expected.c_str(), got.c_str(), ok.c_str());
  return buf;
}

}  // namespace

bool replay_diagrams(const std::string& dir, std::ostream& out, std::ostream& err) {
  const auto start = std::chrono::steady_clock::now();
  const wxf::Data data = wxf::load(dir);
  // A wrong folder is a mistake, not a result: no table and no "0/0 cases agree".
  if (data.cases.empty()) {
    for (const auto& e : data.errors) err << "error: " << e << '\n';
    err << "error: no WXF cases in '" << dir << "' (expected a folder of case files such as data/wxf_diagrams)"
        << std::endl;
    return false;
  }
  std::vector<Row> rows;
  for (const auto& c : data.cases) rows.push_back(judge_case(c));

  out << table_line("id", "diagrams", "topic", "expected", "got", "ok");
  int agree = 0;
  for (const Row& r : rows) {
    const bool ok = r.got == r.c->expected;
    agree += ok;
    out << table_line(std::to_string(r.c->id), wxf::diagrams_text(r.c->diagrams), r.c->topic, r.c->expected, r.got,
                      ok ? "ok" : "FAIL");
  }
  for (const Row& r : rows)
    if (r.got != r.c->expected)
      out << "\ncase " << r.c->id << " (" << r.c->file << "): expected " << r.c->expected << ", got " << r.got << "\n"
          << r.dump;
  for (const auto& e : data.errors) out << "error: " << e << '\n';
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  char tail[64];
  std::snprintf(tail, sizeof tail, " (%.1f ms)", ms);
  out << agree << '/' << rows.size() << " cases agree" << tail << std::endl;
  return data.errors.empty() && !rows.empty() && agree == int(rows.size());
}

}  // namespace xq::tools
