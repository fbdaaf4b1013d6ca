#include "builder.h"

#include <algorithm>

#include "engine/notation.h"

namespace xq::book {

std::string Builder::add(Position pos, const std::vector<std::string>& moves, GameResult result) {
  ++games_;
  const int plies = std::min<int>(int(moves.size()), options_.max_plies);
  for (int i = 0; i < plies; ++i) {
    const MoveResult mr = parse_move(pos, moves[i]);
    if (!mr.ok()) return "move " + std::to_string(i + 1) + " '" + moves[i] + "': " + mr.error;
    const Key key = pos.key(), mirror = mirrored_key(pos);
    const bool mirrored = mirror < key;
    Counts& c = counts_[{mirrored ? mirror : key, std::uint16_t(mirrored ? mirror_move(mr.move) : mr.move)}];
    ++c.games;
    const Color us = pos.side_to_move();
    if (result == GameResult::Draw) ++c.draws;
    if (result == GameResult::RedWins) ++(us == RED ? c.wins : c.losses);
    if (result == GameResult::BlackWins) ++(us == BLACK ? c.wins : c.losses);
    pos.do_move(mr.move);
  }
  return "";
}

std::vector<std::string> Builder::add(const std::vector<PgnGame>& games) {
  std::vector<std::string> problems;
  for (const PgnGame& g : games) {
    Position start;
    if (g.fen) {
      if (const FenResult fr = set_fen(start, *g.fen); !fr.ok) {
        problems.push_back("game at line " + std::to_string(g.line) + ": bad FEN: " + fr.error + "; skipped");
        continue;
      }
    }
    if (std::string err = add(start, g.moves, g.result); !err.empty())
      problems.push_back("game at line " + std::to_string(g.line) + ": " + err + "; the rest of the game is left out");
  }
  return problems;
}

std::vector<Entry> Builder::entries() const {
  std::vector<Entry> out;
  for (const auto& [key_move, c] : counts_) {
    if (int(c.games) < options_.min_games) continue;
    out.push_back({key_move.first, key_move.second, std::uint16_t(std::min<std::uint32_t>(c.games, 65535)), c.wins,
                   c.draws, c.losses});
  }
  return out;
}

}  // namespace xq::book
