// How a diagram is drawn: orientation, edge labels, size. One parser reads the small option
// strings of the C API and of xqdiagram's flags, so both spell and check options the same way.
#pragma once

#include <string>
#include <string_view>

namespace xq::diagram {

// The edge labels. Players: as Xiangqi players read a board, Red's files 九..一 along Red's
// side and Black's 1..9 along Black's (each side counts its files from its own right).
// Wxf: the same files in Arabic numerals for both sides (WXF notation). Iccs: files a-i and
// ranks 0-9, the coordinates of the moves.
enum class Labels { Players, Wxf, Iccs, None };

enum class Language { English, Chinese };

struct Options {
  bool flip = false;       // Black at the bottom
  Labels labels = Labels::Players;
  Language language = Language::English;  // the words of captions and headings
  bool arrow = true;       // the last move's arrow
  bool marks = true;       // chasing, chased and checking pieces marked
  int square = 40;         // pixels between two lines of the board
  int columns = 4;         // boards per row in a cycle strip
};

constexpr int MIN_SQUARE = 16, MAX_SQUARE = 160;
constexpr int MAX_COLUMNS = 12;

// Reads options words separated by commas, semicolons or spaces, each applied over `opts`:
//   flip | labels=zh|en|wxf|iccs|none | iccs | lang=zh|en | zh | en | noarrow | nomarks
//   | size=N (MIN_SQUARE..MAX_SQUARE) | columns=N (1..MAX_COLUMNS)
// labels=zh is the players' labels with Chinese words; labels=en the WXF labels with English
// words. Returns "" on success, else a message naming the word; `opts` is then unchanged.
std::string parse_options(std::string_view text, Options& opts);

}  // namespace xq::diagram
