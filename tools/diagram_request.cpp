#include "diagram_request.h"

#include "diagram/cycle_strip.h"
#include "diagram/diagram.h"
#include "engine/notation.h"
#include "engine/text.h"
#include "judge/game_review.h"
#include "records/record.h"

namespace xq::tools {
namespace {

// The game to draw: a start and legal moves, or the reason there is none.
struct Game {
  Position start;
  std::vector<Move> moves;
  std::string error;         // the request is bad: nothing to draw
  std::string record_error;  // the record broke: the game stops where it did
};

Game refused(std::string error) {
  Game g;
  g.error = std::move(error);
  return g;
}

Game game_from_moves(const DiagramRequest& r) {
  Game g;
  const std::string fen = r.fen == "startpos" ? std::string(Position::START_FEN) : r.fen;
  const FenResult f = set_fen(g.start, fen);
  if (!f.ok) return refused("bad FEN '" + fen + "': " + f.error);
  Position pos = g.start;
  for (const std::string& arg : r.moves) {
    std::string text = arg;
    for (char& c : text) c = c == ',' ? ' ' : c;
    for (const std::string_view word : split_words(text)) {
      const MoveResult m = parse_move(pos, word);
      if (!m.ok()) return refused("move " + std::to_string(g.moves.size() + 1) + " '" + std::string(word) + "': " + m.error);
      pos.do_move(m.move);
      g.moves.push_back(m.move);
    }
  }
  return g;
}

Game game_from_record(const DiagramRequest& r) {
  Game g;
  const records::RecordFile f = records::read_record(r.record);
  if (!f.error.empty()) return refused("the record cannot be read: " + f.error);
  if (r.game < 1 || r.game > int(f.games.size()))
    return refused("the record has " + std::to_string(f.games.size()) + (f.games.size() == 1 ? " game" : " games") +
                   ", not a game " + std::to_string(r.game));
  const records::GameRecord& rec = f.games[r.game - 1];
  set_fen(g.start, rec.start_fen);  // the readers only give FENs that set_fen accepted
  g.moves = rec.moves;
  g.record_error = rec.error;
  return g;
}

DiagramResult draw(const DiagramRequest& r, const Game& g, const diagram::Options& opts) {
  const int count = int(g.moves.size());
  if (r.cycle == 0) {
    if (r.ply < -1 || r.ply > count)
      return {"", "ply " + std::to_string(r.ply) + " is beyond the end of the game: it has " + std::to_string(count) +
                      (count == 1 ? " move" : " moves"),
              2};
    return {diagram::game_position_svg(g.start, g.moves, r.ply < 0 ? count : r.ply, opts), "", 0};
  }
  Position pos = g.start;
  const judge::GameReview review = judge::review_game(pos, g.moves, r.ntimes);
  const int n = int(review.rulings.size());
  if (r.cycle < 1 || r.cycle > n)
    return {"", "no ruling " + std::to_string(r.cycle) + " to draw: the game has " + std::to_string(n) +
                    (n == 1 ? " repetition ruling" : " repetition rulings") + " counting " + std::to_string(r.ntimes) +
                    " earlier occurrence(s) (--ntimes)",
            2};
  return {diagram::cycle_svg(g.start, g.moves, review.rulings[r.cycle - 1], opts), "", 0};
}

}  // namespace

DiagramResult make_diagram(const DiagramRequest& request) {
  diagram::Options opts;
  const std::string bad_option = diagram::parse_options(request.options, opts);
  if (!bad_option.empty()) return {"", bad_option, 2};
  if (request.ntimes < 1 || request.ntimes > 100) return {"", "ntimes must be 1..100", 2};
  const Game g = request.from_record ? game_from_record(request) : game_from_moves(request);
  if (!g.error.empty()) return {"", g.error, 2};
  DiagramResult out = draw(request, g, opts);
  if (out.status == 0 && !g.record_error.empty()) {
    out.error = g.record_error + " (drawn from the moves read before it)";
    out.status = 1;
  }
  return out;
}

}  // namespace xq::tools
