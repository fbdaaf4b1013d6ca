// Builds our book (.xqb) from games: every position of a game's first `max_plies` plies with
// the move played in it, counted over all games. A position and its mirror image are counted
// as one (stored under the smaller of the two keys, the move mirrored to match), since the
// lookup finds either.
//
// A move's weight is the number of games that played it there (at most 65535): how often the
// masters chose it. Wins, draws and losses, from the mover's side, count the games with a
// known result. Moves played in fewer than `min_games` games are left out.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "book.h"
#include "pgn_games.h"

namespace xq::book {

struct BuildOptions {
  int max_plies = 20;
  int min_games = 2;
};

class Builder {
 public:
  explicit Builder(BuildOptions options) : options_(options) {}

  // Adds a game: its start position and moves (parsed against it). A move that is not legal
  // ends the game there; the return is "" or that problem ("move 12 'h2h9': ...").
  std::string add(Position start, const std::vector<std::string>& moves, GameResult result);
  // Adds PGN games; returns one message per game cut short or skipped (bad FEN), with its line.
  std::vector<std::string> add(const std::vector<PgnGame>& games);

  int games() const { return games_; }
  std::vector<Entry> entries() const;  // the rows that pass min_games

 private:
  struct Counts {
    std::uint32_t games = 0, wins = 0, draws = 0, losses = 0;
  };
  BuildOptions options_;
  std::map<std::pair<Key, std::uint16_t>, Counts> counts_;
  int games_ = 0;
};

}  // namespace xq::book
