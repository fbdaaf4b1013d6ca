#pragma once
// A named file written, or the reason it was not, in the words of read_file.h: "cannot write
// 'P': No such file or directory" says what a bare "cannot write P" left the user to guess
// (a missing folder, a read-only place, a full disk).

#include <fstream>
#include <string>

namespace xq::fileio {

// Opens `path` for writing with `mode` (std::ios::out is added), or says why not: "'P' is a
// directory, not a file", "cannot write 'P': <reason>". The stream is left closed on failure.
std::string open_output(const std::string& path, std::ofstream& out, std::ios::openmode mode = std::ios::binary);

// Writes `bytes` as the whole of `path` ("" or the problem, as open_output, or "cannot write
// 'P': <reason>" when the write or the close fails, e.g. on a full disk).
std::string write_file(const std::string& path, const std::string& bytes);

// Writes `bytes` to "<path>.part", then renames it over `path`, so that a reader never sees half
// a file ("" or the problem: write_file's, about the .part file, or "cannot rename ...").
std::string replace_file(const std::string& path, const std::string& bytes);

// Renames `from` over `to`: "" or "cannot rename 'F' to 'T': <reason>". The last step of
// replace_file, and of a tool that streams its output into a side file of its own.
std::string rename_over(const std::string& from, const std::string& to);

// Whether replace_file(path, ...) could write: "" or the problem it would meet ("'P' is a
// directory, not a file", "cannot write 'P.part': <reason>"). Its side file is created and
// removed again, so a tool whose output comes after minutes of work can refuse a bad path first.
std::string check_replaceable(const std::string& path);

}  // namespace xq::fileio
