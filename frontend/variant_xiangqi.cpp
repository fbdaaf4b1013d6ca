// Xiangqi behind the VariantGame interface: engine/ does the work (FEN, ICCS moves, perft),
// judge/ records every game move's repetition data, search/ plays.
#include <memory>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "judge/judge.h"
#include "search/search.h"
#include "variant.h"

namespace xq::frontend {
namespace {

SearchReport to_report(const search::InfoLine& info) {
  SearchReport r;
  r.depth = info.depth;
  r.seldepth = info.seldepth;
  r.is_mate = search::is_mate_score(info.score);
  r.score = r.is_mate ? search::mate_moves(info.score) : info.score;
  r.nodes = info.nodes;
  r.nps = info.nps;
  r.time_ms = info.time_ms;
  r.hashfull = info.hashfull;
  for (Move m : info.pv) r.pv.push_back(move_to_string(m));
  return r;
}

class XiangqiGame final : public VariantGame {
 public:
  XiangqiGame() { judge::record_root(pos_); }

  const char* name() const override { return "xiangqi"; }

  // Every move goes through the judge: the search rules repetitions that began before its
  // root, so the GUI's moves need their per-ply chase data too.
  std::string set_position(const std::optional<std::string>& fen, const std::vector<std::string>& moves) override {
    Position next;  // built aside; committed only when every step succeeded
    if (fen) {
      const FenResult fr = set_fen(next, *fen);
      if (!fr.ok) return "bad FEN: " + fr.error;
    }
    judge::record_root(next);
    for (size_t i = 0; i < moves.size(); ++i) {
      const MoveResult mr = parse_move(next, moves[i]);
      if (!mr.ok()) return "move " + std::to_string(i + 1) + " '" + moves[i] + "': " + mr.error;
      judge::play(next, mr.move);
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

  SearchTask prepare_search(const search::Limits& limits) override {
    search::Searcher* searcher = searcher_.get();
    return [searcher, limits, pos = pos_](const std::atomic<bool>& stop,
                                          const std::function<void(const SearchReport&)>& report) {
      const search::Result r =
          searcher->run(pos, limits, stop, [&](const search::InfoLine& info) { report(to_report(info)); });
      return r.best == MOVE_NONE ? std::string() : move_to_string(r.best);
    };
  }

  void set_hash_mb(int mb) override { tt_->resize(std::size_t(mb)); }
  void set_check_only_rules(bool on) override {
    searcher_->set_rules(on ? judge::RuleSet::CheckOnly : judge::RuleSet::Wxf);
    tt_->clear();  // scores stored under the other rules would mislead the search
  }

  void new_game() override {
    set_position(std::nullopt, {});
    tt_->clear();
    searcher_->clear();
  }

 private:
  Position pos_;
  std::unique_ptr<search::TranspositionTable> tt_ = std::make_unique<search::TranspositionTable>(16);
  std::unique_ptr<search::Searcher> searcher_ = std::make_unique<search::Searcher>(*tt_);
};

}  // namespace

std::unique_ptr<VariantGame> make_xiangqi_game() { return std::make_unique<XiangqiGame>(); }

}  // namespace xq::frontend
