// Western chess behind the VariantGame interface: engine/fide/ does the work. No search.
#include "engine/fide/movegen.h"
#include "engine/fide/notation.h"
#include "engine/fide/result.h"
#include "flip.h"
#include "variant.h"

namespace xq::frontend {
namespace {

std::uint64_t stoppable_perft(fide::Position& pos, int depth, const std::atomic<bool>& stop) {
  if (depth <= 3) return fide::perft(pos, depth);
  std::uint64_t nodes = 0;
  for (fide::Move m : fide::legal_moves(pos)) {
    if (stop) break;
    pos.do_move(m);
    nodes += stoppable_perft(pos, depth - 1, stop);
    pos.undo_move();
  }
  return nodes;
}

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

  std::string play(std::string_view text) override {
    const fide::MoveResult mr = fide::parse_uci_move(pos_, text);
    if (!mr.ok()) return mr.error;
    pos_.do_move(mr.move);
    return "";
  }

  std::optional<MoveCode> legal_move(std::string_view text) override {
    const fide::MoveResult mr = fide::parse_uci_move(pos_, text);
    return mr.ok() ? std::optional<MoveCode>(mr.move) : std::nullopt;
  }

  bool undo() override {
    if (pos_.game_ply() == 0) return false;
    pos_.undo_move();
    return true;
  }

  // White moves first, like Red: the core speaks of the first and second player.
  Color side_to_move() const override { return pos_.side_to_move() == fide::WHITE ? RED : BLACK; }
  int game_ply() const override { return pos_.game_ply(); }
  std::string fen() const override { return fide::to_fen(pos_); }
  std::string diagram() const override {
    std::vector<std::string> checkers;
    for (fide::Bitboard b = pos_.checkers(); b;) checkers.push_back(fide::square_to_string(fide::pop_lsb(b)));
    return fide::board_diagram(pos_) + key_and_checkers_lines(pos_.key(), checkers);
  }
  std::string flip() override { return set_position(flip_chess_fen(fide::to_fen(pos_)), {}); }

  GameEnd game_end(int) override {
    const fide::GameResult r = fide::game_result(pos_);
    if (!r.over()) return {};
    const GameEnd::Winner w = r.winner == fide::Winner::White   ? GameEnd::RED_WINS
                              : r.winner == fide::Winner::Black ? GameEnd::BLACK_WINS
                                                                : GameEnd::DRAW;
    return {w, fide::to_string(r.reason)};
  }

  PerftTask prepare_perft(int depth) override {
    return [depth, pos = pos_](const std::atomic<bool>& stop, const std::function<void(const PerftLine&)>& line) mutable {
      for (fide::Move m : fide::legal_moves(pos)) {
        if (stop) return;
        pos.do_move(m);
        const std::uint64_t nodes = stoppable_perft(pos, depth - 1, stop);
        pos.undo_move();
        if (stop) return;
        line({fide::move_to_uci(m), nodes});
      }
    };
  }

  int max_perft_depth() const override { return 7; }

 private:
  fide::Position pos_;
};

}  // namespace

std::unique_ptr<VariantGame> make_chess_game() { return std::make_unique<ChessGame>(); }

}  // namespace xq::frontend
