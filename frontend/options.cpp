#include "options.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <vector>

#include "engine/text.h"
#include "words.h"

namespace xq::frontend {
namespace {

const char* type_name(OptionType t) {
  switch (t) {
    case OptionType::Check: return "check";
    case OptionType::Spin: return "spin";
    case OptionType::Combo: return "combo";
    case OptionType::Button: return "button";
    case OptionType::String: return "string";
  }
  return "";
}

// "a or b", "one of a, b, c".
std::string choices(const std::vector<std::string>& vars) {
  if (vars.size() == 2) return vars[0] + " or " + vars[1];
  std::string text = "one of ";
  for (std::size_t i = 0; i < vars.size(); ++i) text += (i ? ", " : "") + vars[i];
  return text;
}

// What a good value looks like, for error messages.
std::string expected(const Option& o) {
  switch (o.type) {
    case OptionType::Check: return "true or false";
    case OptionType::Spin:
      return (o.unit.empty() ? "" : o.unit + " from ") + std::to_string(o.min) + " to " + std::to_string(o.max);
    case OptionType::Combo: return choices(o.vars);
    default: return "";
  }
}

std::string uci_line(const Option& o) {
  std::string line = "option name " + o.uci + " type " + type_name(o.type);
  if (o.type == OptionType::Button) return line;
  line += " default " + (o.type == OptionType::String && o.default_value.empty() ? "<empty>" : o.default_value);
  if (o.type == OptionType::Spin) line += " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
  for (const std::string& v : o.vars) line += " var " + v;
  return line;
}

// UCCI puts the default last (ElephantEye: "option hashsize type spin min 16 max 1024 default 16").
std::string ucci_line(const Option& o) {
  std::string line = "option " + o.ucci + " type " + type_name(o.type);
  if (o.type == OptionType::Button) return line;
  if (o.type == OptionType::Spin) line += " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
  for (const std::string& v : o.vars) line += " var " + v;
  return line + " default " + o.default_in(OptionProtocol::Ucci);
}

// XBoard's feature option="NAME -TYPE ...": checks as 0/1, a combo's default marked with '*'.
std::string cecp_line(const Option& o) {
  std::string spec = o.cecp + " -" + type_name(o.type);
  switch (o.type) {
    case OptionType::Check: spec += o.default_value == "true" ? " 1" : " 0"; break;
    case OptionType::Spin: spec += " " + o.default_value + " " + std::to_string(o.min) + " " + std::to_string(o.max); break;
    case OptionType::Combo:
      for (std::size_t i = 0; i < o.vars.size(); ++i)
        spec += std::string(i ? " /// " : " ") + (o.vars[i] == o.default_value ? "*" : "") + o.vars[i];
      break;
    case OptionType::String: spec += " " + o.default_value; break;
    case OptionType::Button: break;
  }
  return "feature option=\"" + spec + "\"";
}

const Option* find_option(const std::vector<Option>& table, const std::string& name, OptionProtocol protocol) {
  const std::string wanted = lower(name);
  for (const Option& o : table)
    for (const std::string& n : accepted_names(o, protocol))
      if (lower(n) == wanted) return &o;
  return nullptr;
}

std::string lowered(std::string_view w) { return lower(std::string(w)); }

// Lower case without spaces, underscores and hyphens: "MoveOverhead", "move_overhead" and
// "Move Overhead" compare alike.
std::string squeezed(const std::string& name) {
  std::string out;
  for (char c : lower(name))
    if (c != ' ' && c != '_' && c != '-') out += c;
  return out;
}

// Edits between two names: insertions, deletions, substitutions and swaps of two neighbours
// ("Trheads"), the optimal-string-alignment distance. The names are short: a full table.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// The listed option a mistyped name most likely meant, for the error: the closest within a
// quarter of its length (at least one edit), or the first whose name it begins ("skill" for
// Skill Level, three letters at least), else none.
const Option* likely_meant(const std::vector<Option>& table, const std::string& name, OptionProtocol protocol) {
  const std::string wanted = squeezed(name);
  if (wanted.size() > 64) return nullptr;  // no option name is near; and the table stays small
  const Option* best = nullptr;
  std::size_t best_distance = std::max<std::size_t>(1, wanted.size() / 4) + 1;
  for (const Option& o : table) {
    if (!o.listed) continue;
    for (const std::string& n : accepted_names(o, protocol)) {
      const std::string known = squeezed(n);
      std::size_t d = edit_distance(wanted, known);
      if (wanted.size() >= 3 && known.compare(0, wanted.size(), wanted) == 0) d = std::min<std::size_t>(d, 1);
      if (d < best_distance) best = &o, best_distance = d;
    }
  }
  return best;
}

std::string unknown_option(const std::vector<Option>& table, const std::string& name, OptionProtocol protocol) {
  std::string err = "unknown option '" + name + "'";
  if (const Option* o = likely_meant(table, name, protocol)) {
    const std::vector<std::string> names = accepted_names(*o, protocol);
    err += " (did you mean '" + names.front() + "'?)";
  }
  return err;
}

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return "";
  return std::string(s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1));
}

std::string apply(const Option& o, const std::string& value, OptionContext& context) {
  OptionValue v;
  if (std::string err = check_value(o, value, v); !err.empty()) return err;
  return o.apply(context, v);
}

// CECP: "NAME=VALUE", or "NAME" for a button.
std::string set_cecp_option(std::string_view args, OptionContext& context, const std::vector<Option>& table) {
  const std::size_t eq = args.find('=');
  const std::string name = trimmed(args.substr(0, eq));
  const std::string value = eq == std::string_view::npos ? "" : trimmed(args.substr(eq + 1));
  if (name.empty()) return "option needs a name: option NAME=VALUE";
  const Option* o = find_option(table, name, OptionProtocol::Cecp);
  if (!o) return unknown_option(table, name, OptionProtocol::Cecp);
  return apply(*o, value, context);
}

}  // namespace

const std::string& Option::display_name() const { return !uci.empty() ? uci : !ucci.empty() ? ucci : cecp; }

const std::string& Option::default_in(OptionProtocol protocol) const {
  return protocol == OptionProtocol::Ucci && !ucci_default.empty() ? ucci_default : default_value;
}

void apply_protocol_defaults(OptionProtocol protocol, OptionContext& context, const std::vector<Option>& table) {
  for (const Option& o : table) {
    if (o.ucci_default.empty() || o.ucci_default == o.default_value) continue;
    if (const std::string err = apply(o, o.default_in(protocol), context); !err.empty())
      spdlog::error("default of {}: {}", o.display_name(), err);
  }
}

std::vector<std::string> option_lines(OptionProtocol protocol, const std::vector<Option>& table) {
  std::vector<std::string> lines;
  for (const Option& o : table) {
    if (!o.listed) continue;
    if (protocol == OptionProtocol::Uci && !o.uci.empty()) lines.push_back(uci_line(o));
    if (protocol == OptionProtocol::Ucci && !o.ucci.empty()) lines.push_back(ucci_line(o));
    if (protocol == OptionProtocol::Cecp && !o.cecp.empty()) lines.push_back(cecp_line(o));
  }
  return lines;
}

std::vector<std::string> accepted_names(const Option& o, OptionProtocol protocol) {
  const std::string& own = protocol == OptionProtocol::Uci ? o.uci : protocol == OptionProtocol::Ucci ? o.ucci : o.cecp;
  if (own.empty()) return {};
  if (protocol == OptionProtocol::Cecp) return {own};
  const std::string& other = protocol == OptionProtocol::Uci ? o.ucci : o.uci;
  if (other.empty() || other == own) return {own};
  return {own, other};
}

std::string check_value(const Option& o, const std::string& text, OptionValue& out) {
  out.text = text;
  const std::string name = o.display_name();
  const auto bad = [&] {
    std::string err = "bad value '" + text + "' for " + name + ": expected " + expected(o);
    if (text.empty()) err += " (setoption " + name + " needs a value)";
    return err;
  };
  switch (o.type) {
    case OptionType::Check: {
      const std::string v = lower(text);
      if (v == "true" || v == "on" || v == "1") out.on = true;
      else if (v == "false" || v == "off" || v == "0") out.on = false;
      else return bad();
      return "";
    }
    case OptionType::Spin: {
      const auto n = to_int<std::int64_t>(text);
      if (!n || *n < o.min || *n > o.max) return bad();
      out.number = *n;
      return "";
    }
    case OptionType::Combo:
      for (const std::string& v : o.vars)
        if (lower(v) == lower(text)) {
          out.text = v;
          return "";
        }
      return bad();
    case OptionType::Button:
    case OptionType::String: return "";
  }
  return "";
}

// The name is the longest run of words (after an optional "name") that names an option; an
// optional "value" follows; the value is the rest of the line as written.
std::string set_option(std::string_view args, OptionProtocol protocol, OptionContext& context,
                       const std::vector<Option>& table) {
  if (protocol == OptionProtocol::Cecp) return set_cecp_option(args, context, table);
  const std::vector<std::string_view> words = split_words(args);
  const std::size_t first = !words.empty() && lowered(words[0]) == "name" ? 1 : 0;
  if (first == words.size()) return "setoption needs an option name: setoption name Hash value 64";
  std::string name;
  for (std::size_t k = words.size(); k > first; --k) {
    name.clear();
    for (std::size_t i = first; i < k; ++i) name += (i > first ? " " : "") + std::string(words[i]);
    const Option* o = find_option(table, name, protocol);
    if (!o) continue;
    std::size_t v = k;
    if (v < words.size() && lowered(words[v]) == "value") ++v;
    const std::string value = v < words.size() ? trimmed(args.substr(std::size_t(words[v].data() - args.data()))) : "";
    return apply(*o, value, context);
  }
  // Unknown: name it as the GUI wrote it, up to a "value" word.
  name.clear();
  for (std::size_t i = first; i < words.size() && lowered(words[i]) != "value"; ++i)
    name += (i > first ? " " : "") + std::string(words[i]);
  return unknown_option(table, name, protocol);
}

}  // namespace xq::frontend
