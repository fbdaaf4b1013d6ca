// PGN records of Xiangqi games, readable by Xiangqi tools (ICCS moves, [Game "Chinese Chess"])
// and by western tools such as XBoard ([Variant "xiangqi"], [SetUp "1"]).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace xq::match {

struct PgnGame {
  std::string event = "?", site = "?", date = "????.??.??", round = "?";
  std::string red, black;      // engine names
  std::string start_fen;       // empty: the standard start position
  std::vector<std::string> moves;          // ICCS ("h2e2"), legal from the start
  std::vector<std::string> move_comments;  // empty, or one per move (e.g. "+0.35/12 0.52s")
  std::string result = "*";                // "1-0", "0-1", "1/2-1/2" or "*"
  std::string termination;                 // PGN Termination: "normal", "time forfeit", "rules infraction", "adjudication", "unterminated", "abandoned"
  std::string time_control;                // PGN TimeControl value, e.g. "40/60+0.5" -> as the PGN standard writes it
  std::string ending;                      // the closing comment, e.g. "Red mates" or a WXF ruling's explanation
  std::vector<std::pair<std::string, std::string>> extra_tags;  // written after the standard ones
};

// One PGN record, ending with a blank line.
std::string to_pgn(const PgnGame& game);

}  // namespace xq::match
