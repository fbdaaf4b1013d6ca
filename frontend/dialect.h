// One protocol dialect (UCI, UCCI, CECP): it parses its own command lines, calls the engine
// core, and prints answers in its own words. Protocol (protocol.h) picks the dialect from the
// GUI's first word and hands every line to it.
#pragma once

#include <memory>
#include <string>

#include "engine_core.h"
#include "output.h"
#include "words.h"

namespace xq::frontend {

class Dialect {
 public:
  Dialect(EngineCore& core, Output& out) : core_(core), out_(out) {}
  virtual ~Dialect() = default;
  Dialect(const Dialect&) = delete;
  Dialect& operator=(const Dialect&) = delete;

  // One command line, already split (never empty). Returns false once the GUI said quit.
  virtual bool handle(const Tokens& t) = 0;
  // The GUI's input ended: nobody is left to send "stop", so end what only a stop would end,
  // and let finite work (a search with limits, a perft, a bench) answer first.
  virtual void end_of_input() {
    if (core_.needs_stop()) core_.stop();
    core_.wait();
  }
  // Reports a problem with the GUI's input in this dialect's words; the state is kept.
  virtual void error(const std::string& message) = 0;
  // The line handle() gets next, as the GUI wrote it: option values keep their spaces.
  void set_line(std::string_view line) { line_ = line; }

 protected:
  EngineCore& core_;
  Output& out_;
  std::string_view line_;  // valid during handle() only
};

std::unique_ptr<Dialect> make_uci(EngineCore& core, Output& out);
std::unique_ptr<Dialect> make_ucci(EngineCore& core, Output& out);
std::unique_ptr<Dialect> make_cecp(EngineCore& core, Output& out);

// Identity shown by every dialect's handshake.
constexpr const char* ENGINE_NAME = "xqengine";
constexpr const char* ENGINE_VERSION = "1.0";
constexpr const char* ENGINE_AUTHOR = "the xqjudge project";

}  // namespace xq::frontend
