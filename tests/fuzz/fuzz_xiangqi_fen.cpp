// libFuzzer target: any bytes as a Xiangqi FEN. Rejected input must leave the position as it
// was; accepted input must give a position every other part of the engine can work with. In
// check (the position itself or one a legal move reaches), the evasion generator must give
// exactly the pseudo-legal moves CheckSets::may_answer keeps, in their order.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "judge/judge.h"

namespace {

void check_evasions(const xq::Position& pos) {
  if (!pos.in_check()) return;
  const xq::CheckSets checks = pos.check_sets();
  xq::MoveList pseudo, answers;
  xq::generate_pseudo<xq::ALL>(pos, pseudo);
  xq::generate_evasions(pos, checks, answers);
  int kept = 0;
  for (xq::Move m : pseudo)
    if (checks.may_answer(m) && (kept >= answers.size() || answers[kept++] != m)) std::abort();
  if (kept != answers.size()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  xq::Position pos;
  const std::string before = xq::to_fen(pos);
  const xq::FenResult r = xq::set_fen(pos, text);
  if (!r.ok) {
    if (r.error.empty() || xq::to_fen(pos) != before) std::abort();
    return 0;
  }
  if (pos.key() != pos.compute_key() || pos.in_check(~pos.side_to_move()) || pos.kings_facing()) std::abort();
  xq::Position again;
  if (!xq::set_fen(again, xq::to_fen(pos)).ok || again.key() != pos.key()) std::abort();
  xq::judge::record_root(pos);
  check_evasions(pos);
  for (xq::Move m : xq::legal_moves(pos)) {
    xq::judge::play(pos, m);
    check_evasions(pos);
    (void)xq::judge::judge_full(pos.history());
    (void)xq::perft(pos, 1);
    pos.undo_move();
  }
  return 0;
}
