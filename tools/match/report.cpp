// The text a match prints (cutechess-cli's summary lines and a tournament table) and the results
// files shards write and `xqmatch merge` reads back. Reading is strict because the files may have
// been copied between machines or edited by hand: a bad one must stop a merge with a message,
// never turn into a wrong total.
#include "report.h"

#include <map>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <set>
#include <stdexcept>

namespace xq::match {

using nlohmann::json;

namespace {

// ---- Numbers and lines ----

// printf's "%.Nf", except that a value rounding to zero prints without a sign: "-0.0 Elo" would
// claim a direction the data does not have.
std::string fixed(double value, int decimals) {
  const int size = std::snprintf(nullptr, 0, "%.*f", decimals, value);
  std::string text(size_t(std::max(size, 0)), '\0');
  std::snprintf(text.data(), text.size() + 1, "%.*f", decimals, value);
  if (!text.empty() && text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
  return text;
}

std::string wdl_text(const Wdl& wdl) {
  return std::to_string(wdl.wins) + " - " + std::to_string(wdl.losses) + " - " + std::to_string(wdl.draws) + "  [" +
         fixed(wdl.score(), 3) + "] " + std::to_string(wdl.games());
}

std::string ptnml_line(const Pentanomial& p) {
  std::string line = "Ptnml(0-2): ";
  for (size_t i = 0; i < p.n.size(); ++i) line += (i ? ", " : "") + std::to_string(p.n[i]);
  return line;
}

// Pairs are the honest sample when openings are played with both colours (a pair's two games
// share the opening, so they are not independent); without pairs only the per-game estimate is
// there to print.
// A margin of 0 is not certainty: one sample, or samples that all scored the same, have no
// spread to measure, so the line says that instead of "+/- 0.0".
std::string elo_line(const Counts& counts) {
  const bool paired = counts.pairs.pairs() > 0;
  const EloEstimate e = paired ? elo_pentanomial(counts.pairs) : elo_trinomial(counts.wdl);
  const int sample = paired ? counts.pairs.pairs() : counts.wdl.games();
  const std::string unit = paired ? "game pair" : "game";
  std::string interval;
  if (sample < 2)
    interval = " (too few games for an interval: " + std::to_string(sample) + " " + unit + (sample == 1 ? "" : "s") + ")";
  else if (e.margin == 0)
    interval = " (no interval: every " + unit + " scored the same)";
  else
    interval = " +/- " + fixed(e.margin, 1);
  return "Elo difference: " + fixed(e.elo, 1) + interval + ", LOS: " + fixed(100 * los(counts.wdl), 1) +
         " %, DrawRatio: " + fixed(100 * draw_ratio(counts.wdl), 1) + " %";
}

// The llr as a share of the bound it is heading for: 100% means that bound is reached.
double sprt_progress(double llr, const SprtBounds& bounds) {
  const double bound = llr >= 0 ? bounds.upper : -bounds.lower;
  return bound > 0 ? 100 * llr / bound : 0;
}

std::string sprt_line(const Pentanomial& pairs, const SprtConfig& cfg) {
  const SprtBounds bounds = sprt_bounds(cfg);
  const double llr = sprt_llr(pairs, cfg);
  std::string line = "SPRT: llr " + fixed(llr, 2) + " (" + fixed(sprt_progress(llr, bounds), 1) + "%), lbound " +
                     fixed(bounds.lower, 2) + ", ubound " + fixed(bounds.upper, 2);
  switch (sprt_state(llr, bounds)) {
    case SprtState::AcceptH1: return line + " - H1 was accepted";
    case SprtState::AcceptH0: return line + " - H0 was accepted";
    case SprtState::Continue: break;
  }
  return line;
}

// ---- Checked arithmetic ----

int checked_sum(std::int64_t sum) {
  if (sum > INT_MAX || sum < INT_MIN) throw std::overflow_error("match counts overflow an int");
  return int(sum);
}

void add_into(Wdl& into, const Wdl& from) {
  into.wins = checked_sum(std::int64_t(into.wins) + from.wins);
  into.losses = checked_sum(std::int64_t(into.losses) + from.losses);
  into.draws = checked_sum(std::int64_t(into.draws) + from.draws);
}

// games() and pairs() add in int, so their totals must fit as well as each field.
void check_totals(const Counts& c) {
  checked_sum(std::int64_t(c.wdl.wins) + c.wdl.losses + c.wdl.draws);
  checked_sum(std::int64_t(c.as_red.wins) + c.as_red.losses + c.as_red.draws);
  std::int64_t pairs = 0;
  for (int n : c.pairs.n) pairs += n;
  checked_sum(pairs);
}

// ---- Reading results files ----

[[noreturn]] void fail(const std::string& message) { throw std::runtime_error(message); }

// A value for an error message: short, so a huge settings object does not flood the terminal.
std::string describe(const json& value) {
  std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

int count_value(const json& value, const std::string& where) {
  if (value.is_number_unsigned()) {
    if (value.get<std::uint64_t>() <= std::uint64_t(INT_MAX)) return int(value.get<std::uint64_t>());
  } else if (value.is_number_integer()) {
    const std::int64_t n = value.get<std::int64_t>();
    if (n < 0) fail(where + " is negative (" + describe(value) + ")");
    if (n <= INT_MAX) return int(n);
  } else {
    fail(where + " must be a non-negative integer, not " + describe(value));
  }
  fail(where + " is too large (" + describe(value) + ")");
}

const json& member(const json& object, const char* key, const std::string& where) {
  if (!object.is_object()) fail(where + " must be an object, not " + std::string(object.type_name()));
  const auto it = object.find(key);
  if (it == object.end()) fail(where + "." + key + " is missing");
  return *it;
}

Wdl wdl_from_json(const json& object, const std::string& where) {
  Wdl wdl;
  wdl.wins = count_value(member(object, "wins", where), where + ".wins");
  wdl.losses = count_value(member(object, "losses", where), where + ".losses");
  wdl.draws = count_value(member(object, "draws", where), where + ".draws");
  return wdl;
}

Pentanomial pentanomial_from_json(const json& array, const std::string& where) {
  if (!array.is_array() || array.size() != 5)
    fail(where + " must be an array of 5 counts, not " + describe(array));
  Pentanomial p;
  for (size_t i = 0; i < 5; ++i) p.n[i] = count_value(array[i], where + "[" + std::to_string(i) + "]");
  return p;
}

// Counts a runner cannot have produced: the file was damaged or edited.
void check_consistent(const Counts& c) {
  const Wdl &all = c.wdl, &red = c.as_red;
  if (red.wins > all.wins || red.losses > all.losses || red.draws > all.draws)
    fail("counts.red has more games of a result than counts itself");
  if (2 * std::int64_t(c.pairs.pairs()) > all.games()) fail("counts.pentanomial has more pairs than games / 2");
}

// ---- Comparing settings ----

struct Difference {
  std::string path;         // "tc", "engines[1].name"; empty when the settings differ whole
  const json* a = nullptr;  // nullptr: missing on that side
  const json* b = nullptr;
};

std::string child_path(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

// The first place, in key order, where a and b disagree.
std::optional<Difference> first_difference(const json& a, const json& b, const std::string& path) {
  if (a.is_object() && b.is_object()) {
    std::set<std::string> keys;
    for (const auto& item : a.items()) keys.insert(item.key());
    for (const auto& item : b.items()) keys.insert(item.key());
    for (const std::string& key : keys) {
      const auto ia = a.find(key), ib = b.find(key);
      if (ia == a.end() || ib == b.end())
        return Difference{child_path(path, key), ia == a.end() ? nullptr : &*ia, ib == b.end() ? nullptr : &*ib};
      if (auto d = first_difference(*ia, *ib, child_path(path, key))) return d;
    }
    return std::nullopt;
  }
  if (a.is_array() && b.is_array()) {
    for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
      const std::string at = path + "[" + std::to_string(i) + "]";
      if (i >= a.size() || i >= b.size()) return Difference{at, i < a.size() ? &a[i] : nullptr, i < b.size() ? &b[i] : nullptr};
      if (auto d = first_difference(a[i], b[i], at)) return d;
    }
    return std::nullopt;
  }
  if (a != b) return Difference{path, &a, &b};
  return std::nullopt;
}

std::string shown(const json* value) { return value ? describe(*value) : "missing"; }

// A shard number tells the files apart by design; everything else must match.
json settings_without_shard(const std::string& name, const json& results) {
  if (!results.is_object() || !results.contains("settings")) fail(name + ": not a results file (no \"settings\")");
  json settings = results["settings"];
  if (settings.is_object()) settings.erase("shard");
  return settings;
}

Counts counts_of(const std::string& name, const json& results) {
  try {
    return counts_from_json(results);
  } catch (const std::runtime_error& e) {
    fail(name + ": " + e.what());
  }
}

}  // namespace

Counts& Counts::operator+=(const Counts& other) {
  Counts sum = *this;  // all or nothing: a throw leaves *this as it was
  add_into(sum.wdl, other.wdl);
  add_into(sum.as_red, other.as_red);
  for (size_t i = 0; i < sum.pairs.n.size(); ++i)
    sum.pairs.n[i] = checked_sum(std::int64_t(sum.pairs.n[i]) + other.pairs.n[i]);
  check_totals(sum);
  return *this = sum;
}

std::vector<std::string> summary_lines(const std::string& first, const std::string& second, const Counts& counts,
                                       const std::optional<SprtConfig>& sprt) {
  std::vector<std::string> lines = {ptnml_line(counts.pairs), "Score of " + first + " vs " + second + ": " + wdl_text(counts.wdl),
                                    elo_line(counts)};
  if (sprt) lines.push_back(sprt_line(counts.pairs, *sprt));
  return lines;
}

std::vector<std::string> colour_lines(const std::string& first, const Counts& counts) {
  const Wdl& red = counts.as_red;
  const Wdl black{counts.wdl.wins - red.wins, counts.wdl.losses - red.losses, counts.wdl.draws - red.draws};
  // Red's result, whichever engine had it: the first engine's with Red, the reverse of its with Black.
  const Wdl side{red.wins + black.losses, red.losses + black.wins, counts.wdl.draws};
  const std::string lead = "...      ";
  return {lead + first + " playing Red: " + wdl_text(red), lead + first + " playing Black: " + wdl_text(black),
          lead + "Red vs Black: " + wdl_text(side)};
}

namespace {

// Terminal columns of a UTF-8 name, one per code point: engine names are often Chinese, and
// counting bytes would push every later column of that row three times too far.
size_t display_width(const std::string& text) {
  return size_t(std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string pad_right(const std::string& text, size_t width) {
  const size_t used = display_width(text);
  return text + std::string(used < width ? width - used : 0, ' ');
}

std::string pad_left(const std::string& text, size_t width) {
  return std::string(text.size() < width ? width - text.size() : 0, ' ') + text;
}

}  // namespace

std::vector<std::string> rating_table(const std::vector<Standing>& standings) {
  struct Row {
    const Standing* standing;
    EloEstimate elo;
  };
  std::vector<Row> rows;
  size_t name_width = 4;  // "Name"
  for (const Standing& s : standings) {
    rows.push_back({&s, elo_trinomial(s.wdl)});
    name_width = std::max(name_width, display_width(s.name));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.elo.elo > b.elo.elo; });

  std::vector<std::string> lines = {"Rank " + pad_right("Name", name_width) + "     Elo     +/-   Games   Score    Draw"};
  for (size_t i = 0; i < rows.size(); ++i) {
    const Wdl& wdl = rows[i].standing->wdl;
    lines.push_back(pad_left(std::to_string(i + 1), 4) + " " + pad_right(rows[i].standing->name, name_width) +
                    pad_left(fixed(rows[i].elo.elo, 0), 8) + pad_left(fixed(rows[i].elo.margin, 0), 8) +
                    pad_left(std::to_string(wdl.games()), 8) + pad_left(fixed(100 * wdl.score(), 1) + "%", 8) +
                    pad_left(fixed(100 * draw_ratio(wdl), 1) + "%", 8));
  }
  return lines;
}

json results_json(const json& settings, const Counts& counts) {
  const auto wdl = [](const Wdl& w) { return json{{"wins", w.wins}, {"losses", w.losses}, {"draws", w.draws}}; };
  json c = wdl(counts.wdl);
  c["red"] = wdl(counts.as_red);
  c["pentanomial"] = counts.pairs.n;
  return json{{"settings", settings}, {"counts", c}};
}

Counts counts_from_json(const json& results) {
  if (!results.is_object()) fail("a results file must be a JSON object, not " + std::string(results.type_name()));
  const json& c = member(results, "counts", "results");
  Counts counts;
  counts.wdl = wdl_from_json(c, "counts");
  counts.as_red = wdl_from_json(member(c, "red", "counts"), "counts.red");
  counts.pairs = pentanomial_from_json(member(c, "pentanomial", "counts"), "counts.pentanomial");
  try {
    check_totals(counts);
  } catch (const std::overflow_error&) {
    fail("counts: the games or pairs total overflows an int");
  }
  check_consistent(counts);
  return counts;
}

std::string settings_difference(const json& a, const json& b, const std::string& name_a, const std::string& name_b,
                                const std::vector<std::string>& ignore) {
  json left = a, right = b;
  for (const std::string& key : ignore) {
    if (left.is_object()) left.erase(key);
    if (right.is_object()) right.erase(key);
  }
  const auto d = first_difference(left, right, "");
  if (!d) return "";
  const std::string where = d->path.empty() ? "" : " at key \"" + d->path + "\"";
  return where + " (" + name_a + ": " + shown(d->a) + ", " + name_b + ": " + shown(d->b) + ")";
}

Merged merge_results(const std::vector<std::pair<std::string, json>>& files) {
  if (files.empty()) fail("merge: no results files given");
  const std::string& first_name = files.front().first;
  Merged merged;
  merged.settings = settings_without_shard(first_name, files.front().second);
  std::map<std::string, std::string> shards;  // "i/n" -> the file that brought it
  for (const auto& [name, results] : files) {
    const json settings = settings_without_shard(name, results);
    if (const std::string d = settings_difference(merged.settings, settings, first_name, name); !d.empty())
      fail("merge: the settings of " + name + " differ from those of " + first_name + d);
    const Counts counts = counts_of(name, results);
    try {
      merged.counts += counts;
    } catch (const std::overflow_error&) {
      fail("merge: adding " + name + " overflows the merged counts");
    }
    // The same shard twice would count its games twice.
    if (results["settings"].is_object() && results["settings"].contains("shard")) {
      const std::string shard = results["settings"]["shard"].dump();
      if (const auto [it, fresh] = shards.emplace(shard, name); !fresh)
        fail("merge: " + name + " and " + it->second + " are the same shard " + shard);
    }
  }
  return merged;
}

}  // namespace xq::match
