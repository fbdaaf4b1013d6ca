// The protocol's output stream, shared by the reading thread and the search thread. Every
// write is one whole line under one lock, flushed at once: two threads never interleave
// inside a line, and a GUI never waits for an answer sitting in a buffer.
#pragma once

#include <mutex>
#include <ostream>
#include <string_view>

namespace xq::frontend {

class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}

  void line(std::string_view text) {
    std::lock_guard lock(mutex_);
    out_ << text << '\n';
    out_.flush();
  }

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

}  // namespace xq::frontend
