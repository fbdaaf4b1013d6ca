#include "protocol.h"

#include <istream>

#include <spdlog/spdlog.h>

namespace xq::frontend {

Protocol::Protocol(std::ostream& out) : out_(out), dialect_(make_uci(core_, out_)), dialect_name_("uci") {}

Protocol::~Protocol() {
  // The running job's callbacks print through the dialect: end it while the dialect lives.
  core_.stop();
  core_.wait();
}

void Protocol::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!handle(line)) return;
  dialect_->end_of_input();
}

bool Protocol::handle(std::string_view line) {
  const Tokens t = split(line);
  if (t.empty()) return true;
  spdlog::debug("<< {}", printable(line));
  const std::string& first = t[0];
  if ((first == "uci" || first == "ucci" || first == "xboard") && first != dialect_name_) {
    core_.stop();  // the running job answers in the old dialect, which is about to go
    core_.wait();
    dialect_ = first == "uci" ? make_uci(core_, out_) : first == "ucci" ? make_ucci(core_, out_) : make_cecp(core_, out_);
    dialect_name_ = first;
    spdlog::debug("protocol is now {}", first);
  }
  try {
    dialect_->set_line(line);
    return dialect_->handle(t);
  } catch (const std::exception& e) {  // last line of defence: report, never die
    dialect_->error(std::string("internal error: ") + e.what());
    return true;
  }
}

}  // namespace xq::frontend
