#include "book_move.h"

#include <algorithm>

#include "book/choose.h"
#include "engine/random.h"

namespace xq::frontend {
namespace {

// Would `m` bring back a position the game has had? A book line that repeats is no opening
// (and under WXF rules a repetition can lose); the search decides such positions instead.
bool repeats(Position& pos, Move m) {
  pos.do_move(m);
  const Key key = pos.key();
  const auto& h = pos.history();
  const bool seen = std::any_of(h.begin(), h.end() - 1, [key](const StateInfo& s) { return s.key == key; });
  pos.undo_move();
  return seen;
}

}  // namespace

std::optional<SearchOutcome> book_answer(Position& pos, const std::vector<std::shared_ptr<const book::Book>>& books,
                                         const EngineSettings& settings, const std::vector<Move>& allowed) {
  if (!settings.own_book || pos.fullmove_number() > settings.book_depth) return std::nullopt;
  for (const std::shared_ptr<const book::Book>& b : books) {
    if (!b) continue;  // (only a bad build has an embedded book that does not load)
    std::vector<book::BookMove> moves = b->moves(pos);
    std::erase_if(moves, [&](const book::BookMove& bm) {
      return (!allowed.empty() && std::find(allowed.begin(), allowed.end(), bm.move) == allowed.end()) ||
             repeats(pos, bm.move);
    });
    std::uint64_t state = settings.search.noise_seed ^ pos.key();
    const std::optional<std::size_t> pick = book::choose(moves, settings.book_variety, splitmix64(state));
    if (!pick) continue;
    std::uint32_t total = 0;
    for (const book::BookMove& bm : moves) total += bm.weight;
    SearchOutcome out;
    out.best = move_to_string(moves[*pick].move);
    // The expected reply, for a GUI that ponders: the same book's heaviest answer.
    pos.do_move(moves[*pick].move);
    const std::vector<book::BookMove> replies = b->moves(pos);
    pos.undo_move();
    if (!replies.empty()) out.ponder = move_to_string(replies.front().move);
    out.note = "book move " + out.best + " (weight " + std::to_string(moves[*pick].weight) + " of " +
               std::to_string(total) + ", " + std::to_string(moves.size()) + " book moves, " + b->source() + ")";
    return out;
  }
  return std::nullopt;
}

}  // namespace xq::frontend
