// Random-game consistency: the incremental key equals the key from scratch, and the
// repetition count (a key scan bounded by the last irreversible move) agrees with a naive
// scan of every earlier position compared by placement, side, castling and legal e.p. captures.
#include <random>
#include <string>
#include <vector>

#include "engine/fide/draws.h"
#include "engine/fide/movegen.h"
#include "fide_helpers.h"

using namespace xq::fide;

namespace {

// What FIDE 9.2.3 compares, built without the key or the stored e.p. square: placement, side
// and castling (the first three FEN fields) plus the en-passant captures the move generator
// finds legal.
std::string identity(const Position& pos) {
  const std::string fen = to_fen(pos);
  size_t cut = 0;
  for (int spaces = 0; spaces < 3; ++cut)
    if (fen[cut] == ' ') ++spaces;
  std::string id = fen.substr(0, cut);
  for (Move m : legal_moves(pos))
    if (kind_of(m) == EN_PASSANT) id += move_to_uci(m);
  return id;
}

// Prefers quiet piece moves so that games wander back to earlier positions.
Move pick(const Position& pos, std::mt19937& rng) {
  const MoveList all = legal_moves(pos);
  std::vector<Move> quiet;
  for (Move m : all)
    if (!pos.is_capture(m) && type_of(pos.piece_on(from_sq(m))) != PAWN) quiet.push_back(m);
  if (!quiet.empty() && rng() % 20 != 0) return quiet[rng() % quiet.size()];
  return all[int(rng() % unsigned(all.size()))];
}

}  // namespace

TEST_CASE("chess: random games: incremental keys and repetition counts agree with naive scans", "[fide][random]") {
  const char* starts[] = {
      Position::START_FEN,
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "4k3/2n5/8/8/8/8/5N2/4K3 w - - 0 1",
  };
  std::mt19937 rng(20261121);
  int positions = 0, repeated = 0, threefold = 0;
  for (int game = 0; game < 240; ++game) {
    Position pos = fide_test::from_fen(starts[game % 6]);
    const std::string root_fen = to_fen(pos);
    const Key root_key = pos.key();
    std::vector<std::string> seen{identity(pos)};
    for (int ply = 0; ply < 160 && has_legal_move(pos); ++ply) {
      pos.do_move(pick(pos, rng));
      const std::string id = identity(pos);
      int naive = 1;
      for (const auto& earlier : seen) naive += earlier == id;
      seen.push_back(id);
      INFO("game " << game << " ply " << ply << " " << to_fen(pos));
      REQUIRE(pos.key() == pos.compute_key());
      REQUIRE(repetition_count(pos) == naive);
      repeated += naive >= 2;
      threefold += naive >= 3;
      ++positions;
    }
    while (pos.game_ply() > 0) pos.undo_move();
    CHECK(to_fen(pos) == root_fen);
    CHECK(pos.key() == root_key);
  }
  CHECK(positions > 10000);
  // The games did repeat, so the comparison was not vacuous.
  CHECK(repeated > 200);
  CHECK(threefold > 10);
}
