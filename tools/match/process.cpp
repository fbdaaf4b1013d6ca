#include "process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

extern char** environ;

namespace xq::match {

namespace {

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

}  // namespace

std::vector<std::string> split_command(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (quote) {
      if (c == quote) quote = 0;
      else if (c == '\\' && quote == '"' && i + 1 < command.size()) word += command[++i];
      else word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == '\\' && i + 1 < command.size()) {
      word += command[++i];
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

bool ChildProcess::start(const std::vector<std::string>& argv, const std::string& dir, const std::string& stderr_file,
                         std::string& error) {
  if (argv.empty() || argv[0].empty()) {
    error = "empty engine command";
    return false;
  }
  // O_CLOEXEC: engines started by other threads at the same moment must not inherit our pipe
  // ends, or this engine's stdin would never see end of file.
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  if (pipe2(out, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    close(in[0]);
    close(in[1]);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  if (stderr_file.empty()) posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  else posix_spawn_file_actions_addopen(&actions, 2, stderr_file.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (!dir.empty()) posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);
  // The child must not inherit "SIGPIPE ignored" or our signal mask.
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const int rc = posix_spawnp(&pid_, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(in[0]);
  close(out[1]);
  if (rc != 0) {
    error = "cannot start '" + argv[0] + "': " + std::strerror(rc);
    pid_ = -1;
    close(in[1]);
    close(out[0]);
    return false;
  }
  to_ = in[1];
  from_ = out[0];
  buffer_.clear();
  closed_ = false;
  return true;
}

bool ChildProcess::write_line(const std::string& line) {
  if (to_ < 0) return false;
  const std::string text = line + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(to_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // EPIPE: SIGPIPE is ignored by the runner
    done += std::size_t(n);
  }
  return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, SteadyClock::time_point deadline,
                                           const std::atomic<bool>* abort) {
  while (true) {
    const auto nl = buffer_.find('\n');
    if (nl != std::string::npos || buffer_.size() >= MAX_LINE || (closed_ && !buffer_.empty())) {
      const std::size_t len = nl != std::string::npos ? nl : std::min(buffer_.size(), MAX_LINE);
      line.assign(buffer_, 0, len);
      buffer_.erase(0, nl != std::string::npos ? len + 1 : len);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::Line;
    }
    if (closed_ || from_ < 0) return Read::Closed;
    if (abort && abort->load()) return Read::Aborted;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
    if (left <= 0) return Read::Timeout;
    // Wake up now and then to notice `abort` (Ctrl-C, an SPRT decision).
    pollfd p{from_, POLLIN, 0};
    const int ready = poll(&p, 1, int(std::min<long long>(left, 50)));
    if (ready < 0 && errno != EINTR) return Read::Closed;
    if (ready <= 0) continue;
    char chunk[8192];
    const ssize_t n = read(from_, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) closed_ = true;
    else buffer_.append(chunk, std::size_t(n));
  }
}

bool ChildProcess::reap(bool block) {
  if (pid_ <= 0) return true;
  int status = 0;
  const pid_t r = waitpid(pid_, &status, block ? 0 : WNOHANG);
  if (r == pid_ || (r < 0 && errno == ECHILD)) {
    pid_ = -1;
    return true;
  }
  return false;
}

void ChildProcess::finish(std::chrono::milliseconds grace) {
  close_fd(to_);
  if (pid_ > 0) {
    const auto until = SteadyClock::now() + grace;
    while (!reap(false) && SteadyClock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (pid_ > 0) {
      ::kill(-pid_, SIGKILL);  // the whole group: an engine's own helpers go too
      ::kill(pid_, SIGKILL);
      reap(true);
    }
  }
  close_fd(from_);
  buffer_.clear();
}

}  // namespace xq::match
