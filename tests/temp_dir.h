// A scratch folder for a test's files, unique to the process and removed with everything in
// it when the test ends (also when a REQUIRE fails).
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace xq::test {

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name)
      : path(std::filesystem::temp_directory_path() / ("xq_" + name + "_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  // Writes `bytes` to the folder's file `name`; its full path.
  std::string write(const std::string& name, const std::string& bytes) const {
    const std::filesystem::path file = path / name;
    std::ofstream(file, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
    return file.string();
  }
};

}  // namespace xq::test
