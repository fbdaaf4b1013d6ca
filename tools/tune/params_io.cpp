#include "params_io.h"

#include <cctype>
#include <map>
#include <sstream>
#include <vector>

namespace xq::tune {

namespace {

using eval::EndgameScales;
using eval::EvalParams;
using eval::Tapered;
using eval::TermInfo;

constexpr int VALUES_PER_LINE = 8;

const char* const HEADER =
    "// The evaluation's parameter values; their names and meanings are in params.h.\n"
    "// Written by tools/xqtune (it reads this file back: keep one \".name = ...\" block per term and\n"
    "// the values as S(mg, eg); comments and spacing are free). Edit by hand or let a fit rewrite it.\n"
    "#include \"params.h\"\n"
    "\n"
    "namespace xq::eval {\n"
    "\n"
    "// clang-format off\n";

std::string value_text(Tapered v) { return "S(" + std::to_string(v.mg()) + ", " + std::to_string(v.eg()) + ")"; }

// Values first .. first + n - 1, VALUES_PER_LINE to a line, each line after the first
// starting with `indent`.
void write_values(std::ostringstream& out, const EvalParams& p, int first, int n, const std::string& indent) {
  for (int i = 0; i < n; ++i) {
    if (i > 0) out << (i % VALUES_PER_LINE == 0 ? ",\n" + indent : ", ");
    out << value_text(eval::param_at(p, first + i));
  }
}

// A scalar as "S(..)", a short list on one line, a long list or a table as a block with one
// line per row (tables seen from the owner's side name their ranks).
void write_term(std::ostringstream& out, const EvalParams& p, const TermInfo& t) {
  out << "    ." << t.name << " = ";
  if (t.size() == 1) {
    out << value_text(eval::param_at(p, t.offset));
  } else if (t.rows * t.cols <= VALUES_PER_LINE && (t.rows == 1 || t.cols == 1)) {
    out << "{";
    write_values(out, p, t.offset, t.size(), "");
    out << "}";
  } else if (t.cols == 1) {
    out << "{\n        ";
    write_values(out, p, t.offset, t.size(), "        ");
    out << ",\n    }";
  } else {
    const bool ranks = std::string(t.name).rfind("pst_", 0) == 0;
    out << "{\n";
    for (int r = 0; r < t.rows; ++r) {
      out << "        {";
      write_values(out, p, t.offset + r * t.cols, t.cols, "         ");
      out << "},  // " << (ranks ? "rank " : "[") << r << (ranks ? "" : "]") << "\n";
    }
    out << "    }";
  }
  out << ",\n";
}

// The text without comments, so that a name in a comment is not taken for a term.
std::string strip_comments(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "//") == 0) {
      while (i < text.size() && text[i] != '\n') ++i;
    }
    if (i < text.size()) out += text[i];
  }
  return out;
}

bool read_int(const std::string& s, std::size_t& i, int& v) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  std::size_t j = i;
  if (j < s.size() && s[j] == '-') ++j;
  if (j >= s.size() || !std::isdigit(static_cast<unsigned char>(s[j]))) return false;
  while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
  v = std::stoi(s.substr(i, j - i));
  i = j;
  return true;
}

bool skip(const std::string& s, std::size_t& i, char c) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  if (i < s.size() && s[i] == c) return ++i, true;
  return false;
}

// Every ".name = " in order, with the S(mg, eg) values (or the one integer) that follow it.
struct Block {
  std::vector<Tapered> values;
  std::vector<int> ints;
};

bool read_blocks(const std::string& s, std::map<std::string, Block>& blocks, std::string& error) {
  Block* cur = nullptr;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == '.' && i + 1 < s.size() && (std::isalpha(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '_')) {
      std::size_t j = i + 1;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      const std::string name = s.substr(i + 1, j - i - 1);
      if (!skip(s, j, '=')) {
        i = j;
        continue;
      }
      if (blocks.count(name)) return error = "'" + name + "' is given twice", false;
      cur = &blocks[name];
      std::size_t k = j;
      if (int v; read_int(s, k, v)) cur->ints.push_back(v), j = k;
      i = j;
    } else if (s.compare(i, 2, "S(") == 0 && (i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1])))) {
      std::size_t j = i + 2;
      int mg = 0, eg = 0;
      if (!read_int(s, j, mg) || !skip(s, j, ',') || !read_int(s, j, eg) || !skip(s, j, ')'))
        return error = "malformed S(mg, eg) near offset " + std::to_string(i), false;
      if (!cur) return error = "a value before the first '.name ='", false;
      cur->values.push_back(eval::S(mg, eg));
      i = j;
    } else {
      ++i;
    }
  }
  return true;
}

}  // namespace

std::string write_params_source(const EvalParams& params, const EndgameScales& scales) {
  std::ostringstream out;
  out << HEADER << "const EvalParams DEFAULT_EVAL_PARAMS = {\n";
  for (const TermInfo& t : eval::TERMS) write_term(out, params, t);
  out << "};\n\nconst EndgameScales DEFAULT_ENDGAME_SCALES = {\n";
  for (const eval::ScaleInfo& s : eval::SCALES) out << "    ." << s.name << " = " << scales.*s.member << ",\n";
  out << "};\n// clang-format on\n\n}  // namespace xq::eval\n";
  return out.str();
}

std::optional<ParamFile> parse_params_source(const std::string& text, std::string& error) {
  std::map<std::string, Block> blocks;
  if (!read_blocks(strip_comments(text), blocks, error)) return std::nullopt;
  ParamFile f;
  for (const TermInfo& t : eval::TERMS) {
    const auto it = blocks.find(t.name);
    if (it == blocks.end()) return error = std::string("term '") + t.name + "' is missing", std::nullopt;
    if (int(it->second.values.size()) != t.size())
      return error = std::string("term '") + t.name + "' has " + std::to_string(it->second.values.size()) +
                     " values, wants " + std::to_string(t.size()),
             std::nullopt;
    for (int i = 0; i < t.size(); ++i) eval::param_at(f.params, t.offset + i) = it->second.values[i];
    blocks.erase(it);
  }
  for (const eval::ScaleInfo& s : eval::SCALES) {
    const auto it = blocks.find(s.name);
    if (it == blocks.end() || it->second.ints.size() != 1 || !it->second.values.empty())
      return error = std::string("scale '") + s.name + "' is missing or not one integer", std::nullopt;
    f.scales.*s.member = it->second.ints[0];
    blocks.erase(it);
  }
  if (!blocks.empty()) return error = "unknown name '" + blocks.begin()->first + "'", std::nullopt;
  return f;
}

}  // namespace xq::tune
