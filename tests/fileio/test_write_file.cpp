// fileio::write_file and open_output: a file written whole, or a refusal that names the path
// and the reason in words (the missing folder, the directory in the way).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "fileio/read_file.h"
#include "fileio/write_file.h"
#include "../temp_dir.h"

using xq::fileio::open_output;
using xq::fileio::read_file;
using xq::fileio::replace_file;
using xq::fileio::write_file;

namespace {

bool names(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("write_file: the bytes whole, binary intact, an older file replaced", "[fileio]") {
  const xq::test::TempDir dir("fileio_write_test");
  const std::string path = (dir.path / "out.bin").string();
  std::string bytes(70000, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = char((i * 131) % 256);
  REQUIRE(write_file(path, "a longer old content that must not survive") == "");
  CHECK(write_file(path, bytes) == "");
  std::string back;
  REQUIRE(read_file(path, back) == "");
  CHECK(back == bytes);
}

TEST_CASE("write_file and open_output: refusals name the path and the reason", "[fileio]") {
  const xq::test::TempDir dir("fileio_write_test");
  const std::string missing_dir = (dir.path / "no" / "such" / "x.svg").string();
  const std::string error = write_file(missing_dir, "x");
  CHECK(names(error, "cannot write '" + missing_dir + "'"));
  CHECK(names(error, "No such file or directory"));
  CHECK_FALSE(std::filesystem::exists(missing_dir));

  const std::string folder = dir.path.string();
  CHECK(write_file(folder, "x") == "'" + folder + "' is a directory, not a file");
  CHECK(write_file("", "x") == "no file name given");

  std::ofstream out;
  CHECK(names(open_output(missing_dir, out, std::ios::app), "No such file or directory"));
  CHECK_FALSE(out.is_open());
  const std::string appended = (dir.path / "log.txt").string();
  REQUIRE(open_output(appended, out, std::ios::app) == "");
  out << "one\n";
  out.close();
  REQUIRE(open_output(appended, out, std::ios::app) == "");  // appends, keeps the first line
  out << "two\n";
  out.close();
  std::string back;
  REQUIRE(read_file(appended, back) == "");
  CHECK(back == "one\ntwo\n");
}

TEST_CASE("replace_file: the new bytes in place of the old, no .part left; a refusal names it", "[fileio]") {
  const xq::test::TempDir dir("fileio_write_test");
  const std::string path = (dir.path / "results.json").string();
  REQUIRE(replace_file(path, "{\"old\": 1}\n") == "");
  REQUIRE(replace_file(path, "{}\n") == "");
  std::string back;
  REQUIRE(read_file(path, back) == "");
  CHECK(back == "{}\n");
  CHECK_FALSE(std::filesystem::exists(path + ".part"));
  const std::string missing_dir = (dir.path / "no" / "r.json").string();
  CHECK(names(replace_file(missing_dir, "x"), "cannot write '" + missing_dir + ".part': No such file or directory"));
}

TEST_CASE("check_replaceable: a writable place says nothing and leaves nothing; a bad one names the problem", "[fileio]") {
  const xq::test::TempDir dir("fileio_write_test");
  const std::string path = (dir.path / "net.nnue").string();
  CHECK(xq::fileio::check_replaceable(path) == "");
  CHECK_FALSE(std::filesystem::exists(path));
  CHECK_FALSE(std::filesystem::exists(path + ".part"));
  // An older file is left as it was: only replace_file replaces it.
  REQUIRE(write_file(path, "old") == "");
  CHECK(xq::fileio::check_replaceable(path) == "");
  std::string back;
  REQUIRE(read_file(path, back) == "");
  CHECK(back == "old");
  const std::string missing_dir = (dir.path / "no" / "net.nnue").string();
  CHECK(names(xq::fileio::check_replaceable(missing_dir), "cannot write '" + missing_dir + ".part': No such file or directory"));
  const std::string folder = dir.path.string();
  CHECK(xq::fileio::check_replaceable(folder) == "'" + folder + "' is a directory, not a file");
  CHECK(xq::fileio::check_replaceable("") == "no file name given");
}

TEST_CASE("rename_over: the file moves over the old one; a refusal names both paths and the reason", "[fileio]") {
  const xq::test::TempDir dir("fileio_write_test");
  const std::string from = (dir.path / "a.tmp").string(), to = (dir.path / "a.xqd").string();
  REQUIRE(write_file(from, "new") == "");
  REQUIRE(write_file(to, "old") == "");
  CHECK(xq::fileio::rename_over(from, to) == "");
  std::string back;
  REQUIRE(read_file(to, back) == "");
  CHECK(back == "new");
  CHECK_FALSE(std::filesystem::exists(from));
  CHECK(xq::fileio::rename_over(from, to) == "cannot rename '" + from + "' to '" + to + "': No such file or directory");
}
