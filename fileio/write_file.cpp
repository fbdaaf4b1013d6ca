#include "fileio/write_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "fileio/errno_words.h"

namespace xq::fileio {

namespace {

std::string cannot_write(const std::string& path) {
  return "cannot write '" + path + "': " + detail::errno_words();
}

}  // namespace

std::string open_output(const std::string& path, std::ofstream& out, std::ios::openmode mode) {
  if (path.empty()) return "no file name given";
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return "'" + path + "' is a directory, not a file";
  errno = 0;
  out.open(path, mode | std::ios::out);
  if (!out) return cannot_write(path);
  return "";
}

std::string write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out;
  if (std::string why = open_output(path, out, std::ios::binary | std::ios::trunc); !why.empty()) return why;
  errno = 0;
  out.write(bytes.data(), std::streamsize(bytes.size()));
  out.close();
  if (out.fail()) return cannot_write(path);
  return "";
}

std::string replace_file(const std::string& path, const std::string& bytes) {
  const std::string side = path + ".part";
  if (std::string why = write_file(side, bytes); !why.empty()) return why;
  return rename_over(side, path);
}

std::string rename_over(const std::string& from, const std::string& to) {
  errno = 0;
  if (std::rename(from.c_str(), to.c_str()) != 0) return "cannot rename '" + from + "' to '" + to + "': " + detail::errno_words();
  return "";
}

std::string check_replaceable(const std::string& path) {
  if (path.empty()) return "no file name given";
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return "'" + path + "' is a directory, not a file";
  const std::string side = path + ".part";
  std::ofstream out;
  if (std::string why = open_output(side, out, std::ios::binary | std::ios::app); !why.empty()) return why;
  out.close();
  std::filesystem::remove(side, ec);
  return "";
}

}  // namespace xq::fileio
