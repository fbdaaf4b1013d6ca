// A child process (an engine) with its stdin and stdout on pipes. It runs in a process group of
// its own, so a terminal's Ctrl-C reaches only us and we decide how engines end; the destructor
// always reaps it, so no zombie outlives its owner.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

namespace xq::match {

using SteadyClock = std::chrono::steady_clock;

class ChildProcess {
 public:
  ChildProcess() = default;
  ~ChildProcess() { kill_now(); }
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Starts argv[0] (searched on PATH when it has no slash) in `dir` (empty: ours). stderr goes
  // to `stderr_file` (appended) or /dev/null. False with `error` set when it cannot start.
  bool start(const std::vector<std::string>& argv, const std::string& dir, const std::string& stderr_file,
             std::string& error);
  bool started() const { return pid_ > 0; }

  // False when the engine can no longer read (it died).
  bool write_line(const std::string& line);

  enum class Read { Line, Timeout, Closed, Aborted };
  // The next line without its end of line. Waits until `deadline`; gives up early when
  // `abort` becomes true. A line longer than MAX_LINE is cut there and returned as it is.
  Read read_line(std::string& line, SteadyClock::time_point deadline, const std::atomic<bool>* abort = nullptr);

  // Closes its stdin, waits up to `grace` for it to exit, then kills the group and reaps it.
  void finish(std::chrono::milliseconds grace);
  void kill_now() { finish(std::chrono::milliseconds(0)); }

  static constexpr std::size_t MAX_LINE = 1 << 20;

 private:
  bool reap(bool block);

  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_;
  bool closed_ = false;
};

// Splits a command line into words: blanks separate, '...' and "..." group, \ escapes.
std::vector<std::string> split_command(const std::string& command);

}  // namespace xq::match
