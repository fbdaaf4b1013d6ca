// Western chess behind the VariantGame interface: engine/fide/ does the work.
#include "engine/fide/movegen.h"
#include "engine/fide/notation.h"
#include "variant.h"

namespace xq::frontend {
namespace {

class ChessGame final : public VariantGame {
 public:
  const char* name() const override { return "chess"; }

  std::string set_position(const std::optional<std::string>& fen, const std::vector<std::string>& moves) override {
    fide::Position next;  // built aside; committed only when every step succeeded
    if (fen) {
      const fide::FenResult fr = fide::set_fen(next, *fen);
      if (!fr.ok) return "bad FEN: " + fr.error;
    }
    for (size_t i = 0; i < moves.size(); ++i) {
      const fide::MoveResult mr = fide::parse_uci_move(next, moves[i]);
      if (!mr.ok()) return "move " + std::to_string(i + 1) + " '" + moves[i] + "': " + mr.error;
      next.do_move(mr.move);
    }
    pos_ = std::move(next);
    return "";
  }

  std::vector<PerftLine> perft_divide(int depth) override {
    std::vector<PerftLine> lines;
    for (fide::Move m : fide::legal_moves(pos_)) {
      pos_.do_move(m);
      lines.push_back({fide::move_to_uci(m), fide::perft(pos_, depth - 1)});
      pos_.undo_move();
    }
    return lines;
  }

  int max_perft_depth() const override { return 7; }
  std::string diagram() const override { return fide::board_diagram(pos_); }

 private:
  fide::Position pos_;
};

}  // namespace

std::unique_ptr<VariantGame> make_chess_game() { return std::make_unique<ChessGame>(); }

}  // namespace xq::frontend
