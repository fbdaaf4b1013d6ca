// fileio::read_file and open_input: the bytes of a file, or a refusal that names the path and
// the problem, and the caller's buffer untouched on a refusal.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "fileio/read_file.h"
#include "../temp_dir.h"

using xq::fileio::open_input;
using xq::fileio::read_file;
using xq::fileio::ReadRules;

namespace {

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("read_file: a file's bytes whole, across the reading pieces, binary intact", "[fileio]") {
  const xq::test::TempDir dir("fileio_test");
  std::string big(200000, '\0');  // more than three of the 64 KB pieces, with NULs and CRs
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = char((i * 7919) % 256);
  std::string bytes = "old";
  CHECK(read_file(dir.write("big.bin", big), bytes) == "");
  CHECK(bytes == big);
  CHECK(read_file(dir.write("empty.txt", ""), bytes) == "");
  CHECK(bytes.empty());
}

TEST_CASE("read_file: refusals name the path and the problem and keep the caller's bytes", "[fileio]") {
  const xq::test::TempDir dir("fileio_test");
  const std::string missing = (dir.path / "missing.pgn").string();
  std::string bytes = "kept";
  std::string error = read_file(missing, bytes);
  CHECK(error == "'" + missing + "' does not exist");
  error = read_file(dir.path.string(), bytes);
  CHECK(error == "'" + dir.path.string() + "' is a directory, not a file");
  CHECK(read_file("", bytes) == "no file name given");
  const std::string under_file = dir.write("plain.txt", "x") + "/inside";
  CHECK(mentions(read_file(under_file, bytes), "'" + under_file + "'"));
  CHECK(bytes == "kept");
}

TEST_CASE("read_file: a limit refuses a larger file, names the kind, and accepts one at the limit", "[fileio]") {
  const xq::test::TempDir dir("fileio_test");
  ReadRules rules;
  rules.max_bytes = 100;
  rules.what = "records";
  std::string bytes = "kept";
  const std::string at_limit = dir.write("at.txt", std::string(100, 'a'));
  const std::string over = dir.write("over.txt", std::string(101, 'b'));
  CHECK(read_file(over, bytes, rules) == "'" + over + "' is larger than 100 bytes; records larger than that are refused");
  CHECK(bytes == "kept");
  CHECK(read_file(at_limit, bytes, rules) == "");
  CHECK(bytes == std::string(100, 'a'));
  // A device that never ends is refused by the limit even when devices are allowed.
  CHECK(mentions(read_file("/dev/zero", bytes, rules), "is larger than 100 bytes"));
  CHECK(read_file("/dev/null", bytes, rules) == "");
  CHECK(bytes.empty());
}

TEST_CASE("read_file and open_input: regular_only refuses FIFOs and devices before opening them", "[fileio]") {
  const xq::test::TempDir dir("fileio_test");
  const std::string fifo = (dir.path / "pipe").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  ReadRules rules;
  rules.regular_only = true;
  std::string bytes = "kept";
  // Opening a FIFO with no writer would block: the refusal must come first.
  CHECK(read_file(fifo, bytes, rules) == "'" + fifo + "' is not a regular file");
  CHECK(read_file("/dev/zero", bytes, rules) == "'/dev/zero' is not a regular file");
  std::ifstream in;
  CHECK(open_input(fifo, in, true, true) == "'" + fifo + "' is not a regular file");
  CHECK_FALSE(in.is_open());
  CHECK(bytes == "kept");
}

TEST_CASE("open_input: a stream on a file, or the same refusals as read_file", "[fileio]") {
  const xq::test::TempDir dir("fileio_test");
  std::ifstream in;
  CHECK(open_input(dir.write("lines.txt", "one\ntwo\n"), in, false) == "");
  std::string line;
  REQUIRE(std::getline(in, line));
  CHECK(line == "one");
  std::ifstream other;
  CHECK(open_input(dir.path.string(), other) == "'" + dir.path.string() + "' is a directory, not a file");
  CHECK_FALSE(other.is_open());
  const std::string missing = (dir.path / "none.xqd").string();
  CHECK(open_input(missing, other) == "'" + missing + "' does not exist");
}

TEST_CASE("read_file: '-' is the standard input for the tools, a plain name for the engine", "[fileio]") {
  const xq::test::TempDir dir("fileio_test");
  // The standard input made a known file for the test: fd 0 is swapped and put back.
  const std::string text = "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 *\n";
  const std::string file = dir.write("stdin.pgn", text);
  const int saved = ::dup(0);
  REQUIRE(saved >= 0);
  REQUIRE(std::freopen(file.c_str(), "rb", stdin) != nullptr);
  std::string bytes;
  const std::string error = read_file("-", bytes);
  ReadRules strict;
  strict.regular_only = true;
  std::string strict_bytes = "kept";
  const std::string strict_error = read_file("-", strict_bytes, strict);
  // Twice the limit from a pipe: refused by the limit, under the input's name.
  REQUIRE(std::freopen(file.c_str(), "rb", stdin) != nullptr);
  ReadRules small;
  small.max_bytes = text.size() / 2;
  std::string small_bytes;
  const std::string small_error = read_file("-", small_bytes, small);
  ::dup2(saved, 0);
  ::close(saved);
  CHECK(error == "");
  CHECK(bytes == text);
  CHECK(strict_error == "'-' does not exist");
  CHECK(strict_bytes == "kept");
  CHECK(small_error == "the standard input is larger than " + std::to_string(text.size() / 2) +
                           " bytes; files larger than that are refused");
}
