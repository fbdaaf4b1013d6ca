#include "selfplay.h"

#include <cstdlib>
#include <random>
#include <stdexcept>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "judge/judge.h"
#include "judge/natural.h"

namespace xq::datagen {

namespace {

using judge::Verdict;

Position start_position(const Opening& opening) {
  Position pos;
  if (!opening.fen.empty())
    if (const FenResult fr = set_fen(pos, opening.fen); !fr.ok) throw std::runtime_error("opening FEN: " + fr.error);
  judge::record_root(pos);
  for (const std::string& text : opening.moves) {
    const MoveResult mr = parse_move(pos, text);
    if (!mr.ok()) throw std::runtime_error("opening move " + text + ": " + mr.error);
    judge::play(pos, mr.move);
  }
  return pos;
}

// Red's result from a verdict for the side to move.
double red_result(Verdict v, Color stm) {
  if (v == Verdict::Draw) return 0.5;
  const bool stm_wins = v == Verdict::Win;
  return (stm == RED) == stm_wins ? 1.0 : 0.0;
}

// The game's end by the rules in the current position, if it has ended.
bool ended(Position& pos, int max_plies, GameOutcome& out) {
  const Color us = pos.side_to_move();
  if (!has_legal_move(pos)) {  // mate or stalemate: both lose in Xiangqi
    out.result = red_result(Verdict::Loss, us);
    out.reason = "mate";
    return true;
  }
  // The third occurrence, as xqmatch rules by default (tools/match/game.cpp).
  if (const Verdict v = judge::judge_ntimes(pos.history(), judge::ARBITER_OCCURRENCES - 1); v != Verdict::Undecided) {
    out.result = red_result(v, us);
    out.reason = "repetition";
    return true;
  }
  if (const Verdict v = judge::natural_limit(pos); v != Verdict::Undecided) {
    out.result = red_result(v, us);
    out.reason = "natural limit";
    return true;
  }
  if (pos.game_ply() >= max_plies) {
    out.result = 0.5;
    out.reason = "move limit";
    return true;
  }
  return false;
}

}  // namespace

GameOutcome play_game(const Opening& opening, std::uint64_t seed, const SelfPlaySettings& settings,
                      search::TranspositionTable& tt, search::Searcher& searcher) {
  GameOutcome out;
  Position pos = start_position(opening);
  std::mt19937_64 rng(seed);
  const int random_plies = int(rng() % std::uint64_t(settings.random_plies + 1));
  for (int i = 0; i < random_plies; ++i) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    judge::play(pos, moves[int(rng() % std::uint64_t(moves.size()))]);
  }
  tt.clear();
  searcher.clear();
  search::Limits limits;
  limits.nodes = settings.nodes;
  const std::atomic<bool> stop{false};
  int resign_run = 0, last_sign = 0;
  while (!ended(pos, settings.max_plies, out)) {
    const search::Result r = searcher.run(pos, limits, stop);
    const int red_score = pos.side_to_move() == RED ? r.score : -r.score;
    // Quiet positions only: the static evaluation cannot see a pending capture or a check.
    if (!pos.in_check() && !pos.is_capture(r.best) && !search::is_decisive(r.score))
      out.samples.push_back({to_fen(pos), 0.5, red_score, pos.game_ply()});
    const int sign = red_score >= settings.resign_score ? 1 : red_score <= -settings.resign_score ? -1 : 0;
    resign_run = sign != 0 && sign == last_sign ? resign_run + 1 : sign != 0 ? 1 : 0;
    last_sign = sign;
    if (resign_run >= settings.resign_plies) {
      out.result = sign > 0 ? 1.0 : 0.0;
      out.reason = "resign";
      break;
    }
    judge::play(pos, r.best);
  }
  out.plies = pos.game_ply();
  for (Sample& s : out.samples) s.result = out.result;
  return out;
}

}  // namespace xq::datagen
