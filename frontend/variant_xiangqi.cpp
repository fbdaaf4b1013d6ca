// Xiangqi behind the VariantGame interface: engine/ does the work (FEN, ICCS moves, perft).
#include "engine/movegen.h"
#include "engine/notation.h"
#include "variant.h"

namespace xq::frontend {
namespace {

class XiangqiGame final : public VariantGame {
 public:
  const char* name() const override { return "xiangqi"; }

  std::string set_position(const std::optional<std::string>& fen, const std::vector<std::string>& moves) override {
    Position next;  // built aside; committed only when every step succeeded
    if (fen) {
      const FenResult fr = set_fen(next, *fen);
      if (!fr.ok) return "bad FEN: " + fr.error;
    }
    for (size_t i = 0; i < moves.size(); ++i) {
      const MoveResult mr = parse_move(next, moves[i]);
      if (!mr.ok()) return "move " + std::to_string(i + 1) + " '" + moves[i] + "': " + mr.error;
      next.do_move(mr.move);
    }
    pos_ = std::move(next);
    return "";
  }

  std::vector<PerftLine> perft_divide(int depth) override {
    std::vector<PerftLine> lines;
    for (Move m : legal_moves(pos_)) {
      pos_.do_move(m);
      lines.push_back({move_to_string(m), perft(pos_, depth - 1)});
      pos_.undo_move();
    }
    return lines;
  }

  int max_perft_depth() const override { return 6; }
  std::string diagram() const override { return board_diagram(pos_); }

 private:
  Position pos_;
};

}  // namespace

std::unique_ptr<VariantGame> make_xiangqi_game() { return std::make_unique<XiangqiGame>(); }

}  // namespace xq::frontend
