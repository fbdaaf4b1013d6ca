// The PGN writer: tag order, FEN only off the start, move numbers, comments that cannot break
// the record, lines under 80 columns. Whether XBoard loads what we write is checked end to end
// by tests/cli/xqmatch_pgn_xboard.sh.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "engine/position.h"
#include "tools/match/pgn.h"

using namespace xq::match;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// The tag names in order of appearance.
std::vector<std::string> tag_names(const std::string& pgn) {
  std::vector<std::string> names;
  for (const std::string& l : lines_of(pgn))
    if (!l.empty() && l[0] == '[') names.push_back(l.substr(1, l.find(' ') - 1));
  return names;
}

// Everything after the blank line that ends the tags, lines joined by spaces.
std::string movetext(const std::string& pgn) {
  const size_t start = pgn.find("\n\n");
  REQUIRE(start != std::string::npos);
  std::string text;
  for (const std::string& l : lines_of(pgn.substr(start + 2)))
    if (!l.empty()) text += (text.empty() ? "" : " ") + l;
  return text;
}

// The moves a reader sees: movetext without comments, move numbers and the result.
std::vector<std::string> read_moves(const std::string& pgn) {
  std::string text = movetext(pgn), plain;
  int depth = 0;
  for (char c : text) {
    if (c == '{') ++depth;
    else if (c == '}') --depth, plain += ' ';
    else if (depth == 0) plain += c;
  }
  std::vector<std::string> moves;
  std::istringstream in(plain);
  for (std::string t; in >> t;)
    if (t.find('.') == std::string::npos && t != "1-0" && t != "0-1" && t != "1/2-1/2" && t != "*") moves.push_back(t);
  return moves;
}

PgnGame sample() {
  PgnGame g;
  g.event = "xqmatch test";
  g.site = "here";
  g.date = "2024.05.01";
  g.round = "3";
  g.red = "alpha";
  g.black = "beta";
  g.moves = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0"};
  g.result = "1-0";
  g.termination = "normal";
  g.time_control = "40/60+0.5";
  g.ending = "Red mates";
  return g;
}

const char* const MIDGAME = "2bakab2/9/4c4/p3p3p/9/9/P3P3P/4C4/9/2BAKAB2 b - - 0 7";

}  // namespace

TEST_CASE("pgn: the seven-tag roster first, then the Xiangqi and western tags", "[match]") {
  PgnGame g = sample();
  g.extra_tags = {{"Opening", "central cannon"}, {"PlyCount", "5"}};
  const std::string pgn = to_pgn(g);
  CHECK(tag_names(pgn) == std::vector<std::string>{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Game",
                                                   "Format", "Variant", "TimeControl", "Termination", "Opening",
                                                   "PlyCount"});
  const std::vector<std::string> lines = lines_of(pgn);
  CHECK(lines[0] == "[Event \"xqmatch test\"]");
  CHECK(lines[4] == "[White \"alpha\"]");
  CHECK(lines[5] == "[Black \"beta\"]");
  CHECK(lines[6] == "[Result \"1-0\"]");
  CHECK(lines[7] == "[Game \"Chinese Chess\"]");
  CHECK(lines[8] == "[Format \"ICCS\"]");
  CHECK(lines[9] == "[Variant \"xiangqi\"]");
  CHECK(lines[10] == "[TimeControl \"40/60+0.5\"]");
  CHECK(lines[11] == "[Termination \"normal\"]");
  CHECK(lines[12] == "[Opening \"central cannon\"]");
  CHECK(lines[14].empty());  // a blank line between tags and movetext
}

TEST_CASE("pgn: unset optional tags are left out, unknown names written as '?'", "[match]") {
  PgnGame g;
  g.moves = {"h2e2"};
  const std::string pgn = to_pgn(g);
  CHECK(tag_names(pgn) ==
        std::vector<std::string>{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Game", "Format", "Variant"});
  CHECK(pgn.find("[White \"?\"]") != std::string::npos);
  CHECK(pgn.find("[Date \"????.??.??\"]") != std::string::npos);
  CHECK(pgn.find("[Result \"*\"]") != std::string::npos);
}

TEST_CASE("pgn: tag values escape quotes and backslashes and stay on one line", "[match]") {
  PgnGame g = sample();
  g.red = "say \"hi\" \\o/";
  g.black = "two\nlines";
  const std::string pgn = to_pgn(g);
  CHECK(pgn.find("[White \"say \\\"hi\\\" \\\\o/\"]\n") != std::string::npos);
  CHECK(pgn.find("[Black \"two lines\"]\n") != std::string::npos);
}

TEST_CASE("pgn: SetUp and FEN only when the game does not start from the start position", "[match]") {
  PgnGame g = sample();
  CHECK(to_pgn(g).find("FEN") == std::string::npos);
  g.start_fen = xq::Position::START_FEN;
  CHECK(to_pgn(g).find("FEN") == std::string::npos);
  CHECK(to_pgn(g).find("SetUp") == std::string::npos);
  g.start_fen = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r";  // the start, other spellings
  CHECK(to_pgn(g, PgnNotation::XBoard).find("FEN") == std::string::npos);

  g.start_fen = MIDGAME;
  g.moves = {"e7e3", "e2e6"};
  const std::string pgn = to_pgn(g);
  CHECK(tag_names(pgn) == std::vector<std::string>{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Game",
                                                   "Format", "Variant", "SetUp", "FEN", "TimeControl", "Termination"});
  CHECK(pgn.find("[SetUp \"1\"]\n[FEN \"" + std::string(MIDGAME) + "\"]\n") != std::string::npos);
}

TEST_CASE("pgn: FEN letters follow the notation, all six fields written", "[match]") {
  const std::string wxf = "2bakab2/9/4c4/p3p3p/2n6/9/P3P3P/4C4/4N4/2BAKAB2";
  CHECK(pgn_fen(wxf + " w", PgnNotation::Iccs) == wxf + " w - - 0 1");
  CHECK(pgn_fen(wxf + " r", PgnNotation::XBoard) == "2eakae2/9/4c4/p3p3p/2h6/9/P3P3P/4C4/4H4/2EAKAE2 w - - 0 1");
  CHECK(pgn_fen("2eakae2/9/4c4/p3p3p/2h6/9/P3P3P/4C4/4H4/2EAKAE2 b - - 3 12", PgnNotation::Iccs) ==
        wxf + " b - - 3 12");
  CHECK(pgn_fen(wxf, PgnNotation::Iccs) == wxf + " w - - 0 1");  // no side: Red, as our FEN reader assumes

  PgnGame g = sample();
  g.start_fen = wxf + " b";
  g.moves = {"c5d3"};
  CHECK(to_pgn(g, PgnNotation::XBoard).find("[FEN \"2eakae2/9/4c4/p3p3p/2h6/9/P3P3P/4C4/4H4/2EAKAE2 b - - 0 1\"]") !=
        std::string::npos);
  CHECK(to_pgn(g, PgnNotation::Iccs).find("[FEN \"" + wxf + " b - - 0 1\"]") != std::string::npos);
}

TEST_CASE("pgn: records from the start position are the same in both notations", "[match]") {
  const PgnGame g = sample();
  CHECK(to_pgn(g, PgnNotation::Iccs) == to_pgn(g, PgnNotation::XBoard));
}

TEST_CASE("pgn: move numbers, the ending comment and the result token", "[match]") {
  const std::string pgn = to_pgn(sample());
  CHECK(movetext(pgn) == "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 {Red mates} 1-0");
  CHECK(pgn.substr(pgn.size() - 6) == " 1-0\n\n");  // the record ends with a blank line
  CHECK(read_moves(pgn) == sample().moves);
}

TEST_CASE("pgn: a game starting with Black to move opens with N...", "[match]") {
  PgnGame g = sample();
  g.start_fen = MIDGAME;  // Black to move, full move 7
  g.moves = {"e7e3", "e2e6", "a6a5"};
  g.result = "0-1";
  g.ending.clear();
  CHECK(movetext(to_pgn(g)) == "7... e7e3 8. e2e6 a6a5 0-1");

  g.start_fen = "2bakab2/9/4c4/p3p3p/9/9/P3P3P/4C4/9/2BAKAB2 b";  // no move number: start at 1
  CHECK(movetext(to_pgn(g)) == "1... e7e3 2. e2e6 a6a5 0-1");
}

TEST_CASE("pgn: per-move comments, and a Black move after a comment gets its number again", "[match]") {
  PgnGame g = sample();
  g.moves = {"h2e2", "h9g7", "h0g2"};
  g.move_comments = {"+0.35/12 0.52s", "-0.20/11 0.40s", ""};
  g.result = "*";
  g.ending.clear();
  CHECK(movetext(to_pgn(g)) == "1. h2e2 {+0.35/12 0.52s} 1... h9g7 {-0.20/11 0.40s} 2. h0g2 *");
  CHECK(read_moves(to_pgn(g)) == g.moves);

  g.move_comments = {"", "book", ""};  // no comment after Red's move: no number before Black's
  CHECK(movetext(to_pgn(g)) == "1. h2e2 h9g7 {book} 2. h0g2 *");
}

TEST_CASE("pgn: braces inside comments cannot end them early", "[match]") {
  PgnGame g = sample();
  g.moves = {"h2e2"};
  g.move_comments = {"a {nested} comment}"};
  g.ending = "rook chased\nthe cannon {see WXF 12}";
  const std::string text = movetext(to_pgn(g));
  CHECK(text == "1. h2e2 {a (nested) comment)} {rook chased the cannon (see WXF 12)} 1-0");
  CHECK(read_moves(to_pgn(g)) == g.moves);
}

TEST_CASE("pgn: long movetext and comments wrap under 80 columns at word boundaries", "[match]") {
  PgnGame g = sample();
  g.moves.clear();
  for (int i = 0; i < 40; ++i) {
    const bool red = i % 2 == 0;
    const int cycle = (i / 2) % 2;
    g.moves.push_back(red ? (cycle ? "e2h2" : "h2e2") : (cycle ? "g7h9" : "h9g7"));
  }
  g.move_comments.assign(g.moves.size(), "+0.12/9 0.10s");
  std::string ending;
  for (int i = 0; i < 30; ++i) ending += "Red's rook on h8 chased the black cannon; ";
  ending += "50% of the time %d";
  g.ending = ending;
  g.result = "0-1";
  const std::string pgn = to_pgn(g);

  const std::vector<std::string> lines = lines_of(pgn);
  size_t longest = 0;
  for (const std::string& l : lines) {
    longest = std::max(longest, l.size());
    CHECK((l.empty() || l[0] != '%'));  // '%' in column 1 would make a reader skip the line
  }
  CHECK(longest < 80);
  CHECK(longest > 70);  // filled, not broken early
  CHECK(lines.size() > 30);
  CHECK(read_moves(pgn) == g.moves);
  // The words survive wrapping: joining the lines gives back the one-line text.
  const std::string text = movetext(pgn);
  CHECK(text.find("{Red's rook on h8 chased the black cannon; Red's rook") != std::string::npos);
  CHECK(text.size() > 2000);
  CHECK(text.substr(text.size() - 23) == "50% of the time %d} 0-1");
}

TEST_CASE("pgn: a game without moves still has its ending and result", "[match]") {
  PgnGame g = sample();
  g.moves.clear();
  g.result = "0-1";
  g.ending = "Red's engine did not start";
  CHECK(movetext(to_pgn(g)) == "{Red's engine did not start} 0-1");
  g.ending.clear();
  g.result.clear();
  CHECK(movetext(to_pgn(g)) == "*");
}
