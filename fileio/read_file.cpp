#include "fileio/read_file.h"

#include <cerrno>
#include <filesystem>

#include "fileio/errno_words.h"

namespace xq::fileio {

namespace {

std::string quoted(const std::string& path) { return "'" + path + "'"; }

// What the file system says before anything is opened: "" when `path` may be opened.
std::string check_kind(const std::string& path, bool regular_only) {
  namespace fs = std::filesystem;
  if (path.empty()) return "no file name given";
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (st.type() == fs::file_type::not_found) return quoted(path) + " does not exist";
  if (ec) return "cannot open " + quoted(path) + ": " + ec.message();
  if (st.type() == fs::file_type::directory) return quoted(path) + " is a directory, not a file";
  if (regular_only && st.type() != fs::file_type::regular) return quoted(path) + " is not a regular file";
  return "";
}

std::string reason() { return detail::errno_words(); }

}  // namespace

std::string open_input(const std::string& path, std::ifstream& in, bool binary, bool regular_only) {
  if (path == "-" && !regular_only) return open_input("/dev/stdin", in, binary, false);
  if (std::string why = check_kind(path, regular_only); !why.empty()) return why;
  errno = 0;
  in.open(path, binary ? std::ios::binary | std::ios::in : std::ios::in);
  if (!in) return "cannot open " + quoted(path) + ": " + reason();
  return "";
}

std::string read_file(const std::string& path, std::string& bytes, const ReadRules& rules) {
  std::ifstream in;
  if (std::string why = open_input(path, in, true, rules.regular_only); !why.empty()) return why;
  std::string got;
  std::string piece(std::size_t(1) << 16, '\0');
  errno = 0;
  while (got.size() <= rules.max_bytes) {
    in.read(piece.data(), std::streamsize(piece.size()));
    got.append(piece.data(), std::size_t(in.gcount()));
    if (!in) break;
  }
  const std::string name = path == "-" && !rules.regular_only ? "the standard input" : quoted(path);
  if (in.bad()) return "cannot read " + name + ": " + reason();
  if (got.size() > rules.max_bytes)
    return name + " is larger than " + std::to_string(rules.max_bytes) + " bytes; " + rules.what +
           " larger than that are refused";
  bytes = std::move(got);
  return "";
}

}  // namespace xq::fileio
