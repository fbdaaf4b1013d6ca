#pragma once
// A named file read whole, or the reason it was not, in words that name the path. Every
// tool used to open its files its own way, and a directory came back as "empty file" from one
// and as a size of 2^63 bytes from another; here the refusals are decided once.

#include <cstddef>
#include <fstream>
#include <limits>
#include <string>

namespace xq::fileio {

struct ReadRules {
  // More than this is refused; the file is read in pieces up to one byte past it, so a wrong
  // huge file is found out without being read whole (and a pipe, whose size nobody knows, too).
  std::size_t max_bytes = std::numeric_limits<std::size_t>::max() - 1;
  // Refuse FIFOs and devices. A command-line tool may read `<(...)` or /dev/stdin; the engine
  // must not, as such a read can block its protocol thread for ever.
  bool regular_only = false;
  // Named in the too-large message: "records larger than ... are refused".
  std::string what = "files";
};

// Game records (PGN, XQF, DhtmlXQ): a limit far beyond any real record file.
inline ReadRules record_rules() {
  ReadRules r;
  r.max_bytes = std::size_t(64) << 20;
  r.what = "records";
  return r;
}

// "-" is the standard input (a pipe: `cat game.pgn | xqrecord -`), unless regular_only.
// "" and the bytes, or the problem: "'P' does not exist", "'P' is a directory, not a file",
// "'P' is not a regular file", "cannot open 'P': <reason>", "cannot read 'P': <reason>",
// "'P' is larger than N bytes; <what> larger than that are refused". `bytes` is left as it
// was unless the read succeeds.
std::string read_file(const std::string& path, std::string& bytes, const ReadRules& rules = {});

// Opens `path` for reading as a stream (for files read line by line or in chunks), or says
// why not in the same words as read_file. The stream is left closed on failure.
std::string open_input(const std::string& path, std::ifstream& in, bool binary = true, bool regular_only = false);

}  // namespace xq::fileio
