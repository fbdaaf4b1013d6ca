// Drives a Protocol through string streams for the front-end tests, and reads its answers.
#pragma once

#include <chrono>
#include <mutex>
#include <ostream>
#include <regex>
#include <sstream>
#include <streambuf>
#include <string>

#include "engine/notation.h"
#include "frontend/protocol.h"

namespace xq::test {

using Clock = std::chrono::steady_clock;

// An output stream a test may read while the search thread writes to it: a std::ostringstream
// read during a search is a data race (ThreadSanitizer reports it). Every write and every read
// takes the lock; there is no put area, so even single characters go through overflow().
class SyncedOutput : public std::ostream {
 public:
  SyncedOutput() : std::ostream(nullptr) { rdbuf(&buf_); }
  std::string str() const { return buf_.str(); }
  void str(const std::string& text) { buf_.str(text); }

 private:
  class Buf : public std::streambuf {
   public:
    std::string str() const {
      std::lock_guard lock(mutex_);
      return text_;
    }
    void str(const std::string& text) {
      std::lock_guard lock(mutex_);
      text_ = text;
    }

   protected:
    int_type overflow(int_type c) override {
      if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
      std::lock_guard lock(mutex_);
      text_ += traits_type::to_char_type(c);
      return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
      std::lock_guard lock(mutex_);
      text_.append(s, std::size_t(n));
      return n;
    }

   private:
    mutable std::mutex mutex_;
    std::string text_;
  };
  Buf buf_;
};

// Sends the lines and returns everything the protocol printed for them (run() returns once the
// input is used up and any finite search has answered). `out` is the protocol's stream: a
// std::ostringstream, or a SyncedOutput where the test reads it while a search runs.
template <class Out>
std::string send(frontend::Protocol& p, Out& out, const std::string& lines) {
  out.str("");
  std::istringstream in(lines);
  p.run(in);
  return out.str();
}

inline bool has(const std::string& text, const std::string& fragment) { return text.find(fragment) != std::string::npos; }

// How often `fragment` occurs in `text` (overlaps counted).
inline int count_of(const std::string& text, const std::string& fragment) {
  int n = 0;
  for (auto at = text.find(fragment); at != std::string::npos; at = text.find(fragment, at + 1)) ++n;
  return n;
}

inline long ms_since(Clock::time_point t0) {
  return long(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count());
}

// The first whole line that starts with "bestmove " (UCI, UCCI), without its newline, or "".
inline std::string bestmove_line(const std::string& text) {
  std::smatch m;
  return std::regex_search(text, m, std::regex("(^|\n)(bestmove [^\n]*)\n")) ? m[2].str() : "";
}

// The move of that line (not its ponder move, draw or resign), or "".
inline std::string bestmove(const std::string& text) {
  std::smatch m;
  const std::string line = bestmove_line(text);
  return std::regex_search(line, m, std::regex("^bestmove (\\S+)")) ? m[1].str() : "";
}

// Is `move` legal after the space-separated `moves` from `fen` ("": the start position)?
inline bool legal_in(const std::string& fen, const std::string& moves, const std::string& move) {
  Position pos;
  if (!fen.empty()) set_fen(pos, fen);
  std::istringstream in(moves);
  for (std::string m; in >> m;) pos.do_move(parse_move(pos, m).move);
  return parse_move(pos, move).ok();
}

}  // namespace xq::test
