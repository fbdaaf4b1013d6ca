#include "player.h"

#include <cctype>
#include <sstream>

namespace xq::match {

std::unique_ptr<Player> make_uci_player(const EngineConfig& cfg);   // player_uci.cpp (UCI and UCCI)
std::unique_ptr<Player> make_cecp_player(const EngineConfig& cfg);  // player_cecp.cpp

const char* protocol_name(Protocol p) {
  switch (p) {
    case Protocol::Uci: return "uci";
    case Protocol::UciFsf: return "uci-fsf";
    case Protocol::Ucci: return "ucci";
    case Protocol::Xboard: return "xboard";
  }
  return "?";
}

std::optional<Protocol> parse_protocol(const std::string& text) {
  if (text == "uci") return Protocol::Uci;
  if (text == "uci-fsf") return Protocol::UciFsf;
  if (text == "ucci") return Protocol::Ucci;
  if (text == "xboard" || text == "cecp") return Protocol::Xboard;
  return std::nullopt;
}

std::unique_ptr<Player> Player::create(const EngineConfig& cfg) {
  return cfg.proto == Protocol::Xboard ? make_cecp_player(cfg) : make_uci_player(cfg);
}

std::string first_word(const std::string& line) {
  std::istringstream in(line);
  std::string word;
  in >> word;
  return word;
}

std::string shift_ranks(const std::string& move, int delta) {
  // Files are letters, ranks are numbers: "h2e2" <-> "h3e3"; "a10" style ranks take two digits.
  std::string out;
  std::size_t i = 0;
  while (i < move.size()) {
    if (!std::isalpha(static_cast<unsigned char>(move[i]))) return move;
    out += move[i++];
    std::size_t j = i;
    while (j < move.size() && j - i < 3 && std::isdigit(static_cast<unsigned char>(move[j]))) ++j;
    if (j == i) return move;  // not a coordinate move: the legality check will say so
    out += std::to_string(std::stoi(move.substr(i, j - i)) + delta);
    i = j;
  }
  return out;
}

SteadyClock::time_point deadline_after(std::int64_t ms) {
  if (ms < 0) return SteadyClock::now() + std::chrono::hours(24 * 365);
  return SteadyClock::now() + std::chrono::milliseconds(ms);
}

bool Player::start(const std::atomic<bool>* abort, std::string& error) {
  quit();
  abort_ = abort;
  std::vector<std::string> argv = split_command(cfg_.cmd);
  argv.insert(argv.end(), cfg_.args.begin(), cfg_.args.end());
  if (!proc_.start(argv, cfg_.dir, cfg_.stderr_file, error)) return false;
  alive_ = true;
  if (!handshake(error)) {
    error = cfg_.name + ": " + error;
    quit();
    return false;
  }
  return true;
}

void Player::quit() {
  if (proc_.started()) {
    if (alive_) proc_.write_line("quit");
    proc_.finish(std::chrono::milliseconds(alive_ ? 500 : 0));
  }
  alive_ = false;
}

bool Player::send(const std::string& line) {
  if (!alive_ || !proc_.write_line(line)) {
    alive_ = false;
    return false;
  }
  return true;
}

TurnReply Player::status(TurnReply& reply, TurnReply::Status s, const std::string& detail) {
  reply.status = s;
  reply.detail = detail;
  return reply;
}

TurnReply Player::crashed(TurnReply& reply) {
  mark_dead();
  return status(reply, TurnReply::Crashed, "the engine exited");
}

ChildProcess::Read Player::wait_for(const std::string& token, std::string& line, std::int64_t wait_ms) {
  const auto deadline = deadline_after(wait_ms);
  while (true) {
    const auto r = proc_.read_line(line, deadline, abort_);
    if (r == ChildProcess::Read::Closed) alive_ = false;
    if (r != ChildProcess::Read::Line) return r;
    if (first_word(line) == token) return r;
  }
}

}  // namespace xq::match
