// One game variant as the protocol sees it: set a position, count perft, draw the board.
// The protocol layer only parses and prints; everything rule-specific sits behind this
// interface (Xiangqi through engine/, chess through engine/fide/). The search (Xiangqi only)
// is handed out as a task the protocol runs on its worker thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "search/timeman.h"

namespace xq::frontend {

struct PerftLine {
  std::string move;  // the root move in the variant's coordinate notation
  std::uint64_t nodes = 0;
};

// One info line of a running search, already in the variant's notation.
struct SearchReport {
  int depth = 0, seldepth = 0;
  bool is_mate = false;
  int score = 0;  // centipawns, or moves to mate (negative: getting mated) when is_mate
  std::uint64_t nodes = 0, nps = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<std::string> pv;
};

// A search ready to run: it owns a copy of the position, so the protocol may accept a new
// `position` while it runs. Returns the best move's text, or "" when there is no legal move.
using SearchTask =
    std::function<std::string(const std::atomic<bool>& stop, const std::function<void(const SearchReport&)>& report)>;

class VariantGame {
 public:
  virtual ~VariantGame() = default;
  virtual const char* name() const = 0;

  // Sets the start position (no FEN) or `fen`, then plays `moves`. On any error returns a
  // message naming the problem (the bad field, or the move and its index) and keeps the
  // previous position: the command is rejected whole.
  virtual std::string set_position(const std::optional<std::string>& fen, const std::vector<std::string>& moves) = 0;

  // Leaf counts below each legal root move (depth >= 1).
  virtual std::vector<PerftLine> perft_divide(int depth) = 0;
  // Deepest `go perft` accepted: perft runs on the protocol thread, so an unbounded depth
  // would stop the engine from answering for hours.
  virtual int max_perft_depth() const = 0;

  virtual std::string diagram() const = 0;  // text picture plus FEN, lines ending in '\n'

  // A search of the current position, or an empty task when this variant cannot search.
  // Only one task may run at a time, and the game must outlive it.
  virtual SearchTask prepare_search(const search::Limits&) { return {}; }
  virtual void set_hash_mb(int) {}
  // Repetition rules of the search: true for perpetual-check-only rules, false for full WXF.
  virtual void set_check_only_rules(bool) {}
  // A new game: forget what earlier searches learned.
  virtual void new_game() { set_position(std::nullopt, {}); }
};

std::unique_ptr<VariantGame> make_xiangqi_game();
std::unique_ptr<VariantGame> make_chess_game();
// "xiangqi" or "chess"; nullptr for anything else.
std::unique_ptr<VariantGame> make_variant(std::string_view name);

}  // namespace xq::frontend
