// libFuzzer target: any bytes as a game record (PGN in any notation and encoding, XQF,
// DhtmlXQ). The reader must name a problem or give games whose moves are legal from their
// start FEN; every game is then ruled move by move as xqjudge --record does.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/notation.h"
#include "judge/game_review.h"
#include "records/record.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  const xq::records::RecordFile f = xq::records::read_record(bytes);
  if (f.games.empty() && f.error.empty()) std::abort();
  for (const auto& g : f.games) {
    xq::Position pos;
    if (!xq::set_fen(pos, g.start_fen).ok) std::abort();
    if (g.comments.size() != g.moves.size() + 1 || g.move_texts.size() != g.moves.size()) std::abort();
    xq::Position check = pos;
    for (const xq::Move m : g.moves) {
      if (!check.is_pseudo_legal(m) || !check.is_legal(m)) std::abort();
      check.do_move(m);
    }
    (void)xq::judge::review_game(pos, g.moves, 2);
  }
  return 0;
}
