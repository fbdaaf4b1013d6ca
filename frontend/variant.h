// One game variant as the protocol sees it: set a position, count perft, draw the board.
// The protocol layer only parses and prints; everything rule-specific sits behind this
// interface (Xiangqi through engine/, chess through engine/fide/). A later search slots in as
// one more method here, called by the protocol's `go depth/movetime` handler.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xq::frontend {

struct PerftLine {
  std::string move;  // the root move in the variant's coordinate notation
  std::uint64_t nodes = 0;
};

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
};

std::unique_ptr<VariantGame> make_xiangqi_game();
std::unique_ptr<VariantGame> make_chess_game();
// "xiangqi" or "chess"; nullptr for anything else.
std::unique_ptr<VariantGame> make_variant(std::string_view name);

}  // namespace xq::frontend
