// Xiangqi behind the VariantGame interface: engine/ does the work (FEN, ICCS moves, perft),
// judge/ records every game move's repetition data and rules the game's end, search/ plays.
#include <algorithm>
#include <cctype>
#include <memory>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "judge/explain.h"
#include "judge/judge.h"
#include "judge/natural.h"
#include "eval/evaluator.h"
#include "eval/playing_eval.h"
#include "eval/trace.h"
#include "search/search.h"
#include "search/threads.h"
#include "book_move.h"
#include "flip.h"
#include "shown_score.h"
#include "variant.h"

namespace xq::frontend {
namespace {

SearchReport to_report(const search::InfoLine& info, int move_number) {
  SearchReport r;
  static_cast<search::IterationInfo&>(r) = info;  // the numbers as they are, but
  r.score = shown_score(info.score);                // the score as GUIs read it
  r.move_number = move_number;
  for (Move m : info.pv) r.pv.push_back(move_to_string(m));
  return r;
}

// Leaf count `depth` plies below `pos`, looking at `stop` between subtrees of depth 3 (a few
// thousand nodes each), so a deep perft ends within milliseconds of being told to.
std::uint64_t stoppable_perft(Position& pos, int depth, const std::atomic<bool>& stop) {
  if (depth <= 3) return perft(pos, depth);
  std::uint64_t nodes = 0;
  for (Move m : legal_moves(pos)) {
    if (stop) break;
    pos.do_move(m);
    nodes += stoppable_perft(pos, depth - 1, stop);
    pos.undo_move();
  }
  return nodes;
}

bool contains(const std::vector<MoveCode>& codes, Move m) { return std::find(codes.begin(), codes.end(), MoveCode(m)) != codes.end(); }

GameEnd::Winner win_for(Color c) { return c == RED ? GameEnd::RED_WINS : GameEnd::BLACK_WINS; }

class XiangqiGame final : public VariantGame {
 public:
  explicit XiangqiGame(const EngineSettings& settings)
      : settings_(settings),
        tt_(std::make_unique<search::TranspositionTable>(std::size_t(settings.hash_mb))),
        pool_(std::make_unique<search::SearchPool>(*tt_, settings.threads, settings.search)) {
    judge::record_root(pos_);
  }

  const char* name() const override { return "xiangqi"; }

  // Every move goes through the judge: the search rules repetitions that began before its
  // root, so the GUI's moves need their per-ply chase data too.
  std::string set_position(const std::optional<std::string>& fen, const std::vector<std::string>& moves) override {
    Position next;  // built aside; committed only when every step succeeded
    if (std::string err = build(fen, moves, next); !err.empty()) return err;
    pos_ = std::move(next);
    return "";
  }

  std::string play(std::string_view text) override {
    const MoveResult mr = parse_move(pos_, text);
    if (!mr.ok()) return mr.error;
    judge::play(pos_, mr.move);
    return "";
  }

  bool undo() override {
    if (pos_.game_ply() == 0) return false;
    pos_.undo_move();
    return true;
  }

  Color side_to_move() const override { return pos_.side_to_move(); }
  int game_ply() const override { return pos_.game_ply(); }
  std::string fen() const override { return to_fen(pos_); }
  std::string diagram() const override { return board_diagram(pos_) + key_and_checkers_lines(pos_.key(), checkers()); }
  std::string evaluation() const override {
    std::string text = eval::format_eval(pos_);
    if (net_) text += "\n" + eval::format_network_eval(pos_, *net_, use_net_);
    return text + playing_eval_line();
  }
  std::string flip() override { return set_position(flip_xiangqi_fen(to_fen(pos_)), {}); }

  // Claims follow the full WXF rules whatever the search plays by: an arbiter rules by them.
  GameEnd game_end(int ntimes) override {
    const Color us = pos_.side_to_move();
    if (!has_legal_move(pos_)) {
      const std::string winner = side_name(~us);
      return {win_for(~us), pos_.in_check() ? winner + " mates" : winner + " wins: " + side_name(us) + " has no legal move"};
    }
    if (judge::judge_ntimes(pos_.history(), ntimes) == judge::Verdict::Undecided) return natural_end();
    const judge::Ruling ruling = judge::judge_full(pos_.history(), ntimes);
    GameEnd end;
    end.winner = ruling.verdict == judge::Verdict::Draw  ? GameEnd::DRAW
                 : ruling.verdict == judge::Verdict::Win ? win_for(us)
                                                         : win_for(~us);
    end.reason = judge::ruling_summary(pos_, ruling);
    if (end.reason.empty()) end.reason = end.winner == GameEnd::DRAW ? "draw by repetition" : "repetition";
    end.reason[0] = char(std::toupper(static_cast<unsigned char>(end.reason[0])));
    return end;
  }

  PerftTask prepare_perft(int depth) override {
    return [depth, pos = pos_](const std::atomic<bool>& stop, const std::function<void(const PerftLine&)>& line) mutable {
      for (Move m : legal_moves(pos)) {
        if (stop) return;
        pos.do_move(m);
        const std::uint64_t nodes = stoppable_perft(pos, depth - 1, stop);
        pos.undo_move();
        if (stop) return;  // a part-counted move would print a wrong number
        line({move_to_string(m), nodes});
      }
    };
  }

  int max_perft_depth() const override { return 6; }

  std::optional<MoveCode> legal_move(std::string_view text) override {
    const MoveResult mr = parse_move(pos_, text);
    return mr.ok() ? std::optional<MoveCode>(mr.move) : std::nullopt;
  }

  SearchTask prepare_search(const search::Limits& limits, const std::vector<MoveCode>& only,
                            const std::vector<MoveCode>& banned) override {
    // The root moves: the legal ones of searchmoves (all if none is given or legal), minus the
    // banned ones; if every searchmove is banned, every legal move that is not.
    const MoveList legal = legal_moves(pos_);
    const auto allowed_moves = [&](bool use_only) {
      std::vector<Move> moves;
      for (Move m : legal)
        if ((!use_only || contains(only, m)) && !contains(banned, m)) moves.push_back(m);
      return moves;
    };
    std::vector<Move> allowed = allowed_moves(!only.empty());
    if (allowed.empty() && !only.empty()) allowed = allowed_moves(false);
    search::Limits lim = limits;
    if (!only.empty() || !banned.empty()) lim.searchmoves = allowed;
    // No legal move, or every one banned: nothing to search, no move to answer (the engine core
    // still holds the answer of an infinite or pondering go until stop or ponderhit).
    const bool nothing = allowed.empty();
    // A book move answers at once; analysis (infinite) and pondering always search.
    std::optional<SearchOutcome> booked;
    if (!nothing && !lim.infinite && !lim.ponder)
      booked = book_answer(pos_, books_, settings_, lim.searchmoves);
    search::SearchPool* pool = pool_.get();
    return [pool, lim, nothing, booked, pos = pos_](const std::atomic<bool>& stop, const ReportFn& report) {
      SearchOutcome out;
      if (nothing) return out;
      if (booked) return *booked;
      const int move_number = pos.fullmove_number();
      const search::Result r =
          pool->run(pos, lim, stop, [&](const search::InfoLine& info) { report(to_report(info, move_number)); });
      if (r.best != MOVE_NONE) out.best = move_to_string(r.best);
      if (r.ponder != MOVE_NONE) out.ponder = move_to_string(r.ponder);
      out.score = r.score;
      out.depth = r.depth;
      return out;
    };
  }

  void set_hash_mb(int mb) override { tt_->resize(std::size_t(mb)); }
  void set_threads(int n) override { pool_->set_threads(n); }
  void clear_hash() override { tt_->clear(); }

  std::optional<HashEntry> probe(const std::optional<std::string>& fen, const std::vector<std::string>& moves,
                                 std::string& error) override {
    Position pos;
    if (error = build(fen, moves, pos); !error.empty()) return std::nullopt;
    const std::optional<search::TTEntry> e = tt_->probe(pos.key());
    if (!e) return std::nullopt;
    HashEntry h;
    // A stored move is only a hint (another position may share the key bits): show it only
    // when it is legal here.
    for (Move m : legal_moves(pos))
      if (m == e->move) h.move = move_to_string(m);
    h.score = shown_score(search::TranspositionTable::score_from_tt(e->score, 0));
    h.depth = e->depth;
    // Bound::None (a repetition ruling, which depends on the path): the move only.
    h.lower = e->bound == search::Bound::Lower || e->bound == search::Bound::Exact;
    h.upper = e->bound == search::Bound::Upper || e->bound == search::Bound::Exact;
    return h;
  }

  void set_network(std::shared_ptr<const nnue::LoadedNetwork> net, bool use) override {
    const auto playing = use_net_ ? net_ : nullptr;
    net_ = std::move(net);
    use_net_ = use && net_;
    if ((use_net_ ? net_ : nullptr) == playing) return;  // eval's network changed at most
    pool_->set_network(use_net_ ? net_ : nullptr);
    tt_->clear();  // the stored static evaluations are the other evaluation's
  }

  void set_books(std::vector<std::shared_ptr<const book::Book>> books) override { books_ = std::move(books); }

  // (The engine core picks a new noise seed with every new game, and only then, so games
  // differ from one another while the table stays consistent within one.)
  void new_game() override {
    set_position(std::nullopt, {});
    tt_->clear();
    pool_->clear();
  }

 private:
  // The position after `fen` (or the start) and `moves`, with judge data; "" or the problem.
  static std::string build(const std::optional<std::string>& fen, const std::vector<std::string>& moves, Position& out) {
    if (fen) {
      const FenResult fr = set_fen(out, *fen);
      if (!fr.ok) return "bad FEN: " + fr.error;
    }
    judge::record_root(out);
    for (size_t i = 0; i < moves.size(); ++i) {
      const MoveResult mr = parse_move(out, moves[i]);
      if (!mr.ok()) return "move " + std::to_string(i + 1) + " '" + moves[i] + "': " + mr.error;
      judge::play(out, mr.move);
    }
    return "";
  }

  // The squares of the pieces giving check to the side to move.
  std::vector<std::string> checkers() const {
    std::vector<std::string> out;
    if (!pos_.in_check()) return out;
    const Color us = pos_.side_to_move();
    for (SquareSet b = pos_.attackers(pos_.king_square(us), ~us); b;) out.push_back(square_to_string(pop_lsb(b)));
    return out;
  }

  // What the search plays by, from the evaluation above (eval/playing_eval.h): the network's
  // value scaled by the attacking material, and either value damped toward a draw once plies
  // without a capture have passed. Empty when the search takes the value as it is.
  std::string playing_eval_line() const {
    const int moves = settings_.search.natural_moves;
    const int plies = pos_.rule60_count();
    const int raw = use_net_ ? eval::evaluate_network(pos_, net_->net) : eval::evaluate(pos_);
    const int limit = judge::natural_limit_plies(moves);
    const int played = eval::playing_eval(raw, pos_, use_net_, limit);
    const bool damped = moves > 0 && plies > 0;
    if (!use_net_ && !damped) return "";
    const auto sign = [](int v) { return (v > 0 ? "+" : "") + std::to_string(v); };
    std::string text = "search eval " + sign(played) + " cp for the side to move: " + sign(raw);
    if (use_net_) {
      const int material = eval::attacking_material(pos_);
      text += " scaled to " + sign(eval::scale_by_material(raw, material)) + " by the attacking material (" +
              std::to_string(material) + " of " + std::to_string(eval::START_ATTACKING_MATERIAL) + " at the start)";
    }
    if (damped)
      text += std::string(use_net_ ? "," : "") + " damped toward a draw after " + std::to_string(plies) +
              " plies without a capture (natural move limit " + std::to_string(moves) + " moves each)";
    // The search's units are not the ones GUIs print (shown_score.h): say what they show.
    return text + "; shown to GUIs as " + sign(shown_score(played)) + " cp (times 100/" + std::to_string(SCORE_UNIT) + ")\n";
  }

  // The natural move limit, checked after mate and repetition (a mate on the move that reaches
  // the limit was found above already). The search plays by the same setting.
  GameEnd natural_end() {
    const int moves = settings_.search.natural_moves;
    if (judge::natural_limit(pos_, moves) != judge::Verdict::Draw) return {};
    return {GameEnd::DRAW, "Draw by the natural move limit: " + std::to_string(moves) + " moves each without a capture"};
  }

  const EngineSettings& settings_;
  Position pos_;
  std::unique_ptr<search::TranspositionTable> tt_;
  std::unique_ptr<search::SearchPool> pool_;
  std::shared_ptr<const nnue::LoadedNetwork> net_;
  bool use_net_ = false;
  std::vector<std::shared_ptr<const book::Book>> books_;
};

}  // namespace

std::unique_ptr<VariantGame> make_xiangqi_game(const EngineSettings& settings) {
  return std::make_unique<XiangqiGame>(settings);
}

}  // namespace xq::frontend
