// libFuzzer target: a game as text, "FEN-index move move ...": move strings of any shape go
// through parse_move and the judge; a bad move must be rejected without changing anything.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "engine/notation.h"
#include "judge/judge.h"

namespace {
const char* FENS[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "2bakab2/3r5/2n1c2c1/p1R1p1p2/7np/2P2CP2/P2rP3P/2N1C1N2/4A4/2B1KAB1R w",
    "3aka3/7R1/7c1/9/9/9/9/9/4A4/3AK1p2 b",
    "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w",
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  xq::Position pos;
  xq::set_fen(pos, FENS[size % 4]);
  xq::judge::record_root(pos);
  std::string word;
  while (in >> word) {
    const xq::Key key = pos.key();
    const int ply = pos.game_ply();
    const xq::MoveResult r = xq::parse_move(pos, word);
    if (!r.ok()) {
      if (r.error.empty() || pos.key() != key || pos.game_ply() != ply) std::abort();
      continue;
    }
    xq::judge::play(pos, r.move);
    for (int n = 1; n <= 3; ++n) (void)xq::judge::judge_full(pos.history(), n);
    (void)xq::judge::judge_prune(pos.history(), 0, 0);
  }
  return 0;
}
