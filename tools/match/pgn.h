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

// Which readers the record is written for. The moves are ICCS in both: XBoard 4.9 reads ICCS
// coordinate moves as they are (it numbers the ranks of a 10-rank board from 0, like ICCS). What
// differs is the FEN: XBoard knows the Xiangqi horse and elephant only as H and E and rejects a
// FEN with N or B (it then loads no moves at all), while the usual Xiangqi FEN (ours, the
// Chinese Chess PGN convention, Fairy-Stockfish's) writes N and B. Games from the start position
// carry no FEN, so their records are the same in both notations.
enum class PgnNotation {
  Iccs,    // FEN letters K A B N R C P; the default
  XBoard,  // FEN letters K A E H R C P, as XBoard reads them
};

// One PGN record, ending with a blank line. Tags: the seven-tag roster, then Game, Format,
// Variant, SetUp and FEN (only when not from the start), TimeControl and Termination (when
// set), then the extra tags. Movetext lines stay under 80 columns; '{' and '}' inside comments
// become '(' and ')', since a PGN comment cannot contain its closing brace.
std::string to_pgn(const PgnGame& game, PgnNotation notation = PgnNotation::Iccs);

// A FEN as the record's FEN tag writes it: the notation's piece letters, side "w" or "b" (a
// Red side written "r" becomes "w"), and all six fields, "- - 0 1" filled in where missing.
std::string pgn_fen(const std::string& fen, PgnNotation notation);

}  // namespace xq::match
