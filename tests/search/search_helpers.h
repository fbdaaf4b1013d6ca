// Shared helpers of the search tests: set up a position with judge data, search it, and an
// exhaustive mate finder that checks the search against the move generator alone.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/text.h"
#include "judge/judge.h"
#include "search/search.h"

namespace xq::test {

// The FEN (or the start position) with `moves` played through the judge, as the front end does.
inline Position setup(const std::string& fen, const std::string& moves = "") {
  Position pos;
  if (!fen.empty()) {
    const FenResult fr = set_fen(pos, fen);
    if (!fr.ok) throw std::runtime_error("bad test FEN '" + fen + "': " + fr.error);
  }
  judge::record_root(pos);
  for (std::string_view text : split_words(moves)) {
    const MoveResult mr = parse_move(pos, text);
    if (!mr.ok()) throw std::runtime_error("bad test move '" + std::string(text) + "': " + mr.error);
    judge::play(pos, mr.move);
  }
  return pos;
}

// A fresh table and searcher per call: results do not depend on earlier tests.
// `settings`: the options the searcher reads (the defaults unless given).
// `net`: the network to evaluate with (the classical evaluation when null, the default).
inline search::Result search_limits(const Position& pos, const search::Limits& limits,
                                    const search::SearchSettings& settings = search::default_settings(),
                                    std::shared_ptr<const nnue::LoadedNetwork> net = nullptr) {
  auto tt = std::make_unique<search::TranspositionTable>(4);
  auto searcher = std::make_unique<search::Searcher>(*tt, settings);
  if (net) searcher->set_network(std::move(net));
  const std::atomic<bool> stop{false};
  return searcher->run(pos, limits, stop);
}

inline search::Result search_depth(const Position& pos, int depth,
                                   const search::SearchSettings& settings = search::default_settings()) {
  search::Limits limits;
  limits.depth = depth;
  return search_limits(pos, limits, settings);
}

// Does the side to move force mate within `moves` of its own moves? Plain minimax over legal
// moves, nothing borrowed from the search (no repetition rulings: none fit in so few moves).
inline bool forced_mate(Position& pos, int moves) {
  if (moves == 0) return false;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m);
    bool all_replies_lose = true;
    const MoveList replies = legal_moves(pos);
    for (Move r : replies) {
      pos.do_move(r);
      const bool mated = forced_mate(pos, moves - 1);
      pos.undo_move();
      if (!mated) {
        all_replies_lose = false;
        break;
      }
    }
    pos.undo_move();
    if (all_replies_lose) return true;  // includes "no reply at all": mate (or stalemate, also lost)
  }
  return false;
}

}  // namespace xq::test
