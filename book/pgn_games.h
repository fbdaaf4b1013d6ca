// Games from PGN text whose moves are ICCS coordinates ("h2e2", also "h2-e2"), as the xqdb
// collections and xqmatch write them: tags, move numbers, comments in {} and ; to the end of
// the line, variations in () (skipped), and a result token or [Result] tag (either may be
// missing: the result is then unknown). A tag after moves starts the next game. Text only:
// the caller reads the file.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xq::book {

enum class GameResult { Unknown, RedWins, BlackWins, Draw };

struct PgnGame {
  std::optional<std::string> fen;  // the [FEN] tag; none: the start position
  std::vector<std::string> moves;  // as written, "-" removed
  GameResult result = GameResult::Unknown;
  int line = 0;  // where the game starts in the text (1-based), for messages
};

std::vector<PgnGame> read_pgn_games(std::string_view text);

// "1-0", "0-1", "1/2-1/2" (also "1/2"), anything else: Unknown.
GameResult parse_result(std::string_view text);

}  // namespace xq::book
