#include "help.h"

#include <algorithm>
#include <iterator>

#include "dialect.h"

namespace xq::frontend {

std::string help_text() {
  return std::string(ENGINE_NAME) + " " + ENGINE_VERSION + R"(: a Xiangqi (Chinese chess) engine that rules repetitions by the full
WXF rules (perpetual check and chase), inside its search and in the results it claims.
It reads commands on stdin and answers on stdout (logs go to stderr): load it into a GUI,
or type commands.

Protocols (the first command chooses; UCI until then):
  uci       UCI, as Pikafish speaks it (ranks 0-9, ICCS moves such as h2e2)
  ucci      UCCI (XQWizard, BHGUI, SharkChess); the engine answers quit with "bye"
  xboard    CECP v2 (XBoard / WinBoard with -variant xiangqi)

Commands for people (UCI and UCCI):
  position startpos | fen <FEN> [moves m1 m2 ...]   set up a position
  go depth N | nodes N | movetime MS | infinite      search; "stop" ends it at once
  go perft N       count the leaf nodes of the legal move tree, per root move
  d                the board, its FEN, Zobrist key and checkers
  eval             the evaluation term by term
  flip             the colour-mirrored position
  bench [hash MB] [threads] [depth]   the fixed bench (defaults 16 1 12); its
                   "Nodes searched" line is the build's signature
  setoption name UCI_Variant value chess   western chess (go perft only)
  help             this text
  quit             exit (a running go perft or bench finishes first; a search stops)

Command line:
  xqengine                  read commands from stdin
  xqengine bench [hash MB] [threads] [depth]   run the bench, then exit
  xqengine go perft N | d | eval | tune-params  run that one command, then exit
  xqengine --help           this text

More: README.md (sections "xqengine", "Playing with xqengine", "Use it in a GUI") and
frontend/GUI.md (every option, for each protocol).
)";
}

bool is_command_line_command(std::string_view word) {
  static constexpr std::string_view COMMANDS[] = {"bench", "go", "d", "eval", "help", "tune-params"};
  return std::find(std::begin(COMMANDS), std::end(COMMANDS), word) != std::end(COMMANDS);
}

}  // namespace xq::frontend
