// xqdiagram: Xiangqi diagrams as SVG (issue 22).
//   xqdiagram [--fen FEN] [--moves "h2e2 h9g7 ..."] [--ply N] [--cycle [K]] [style] [-o FILE]
//   xqdiagram --record FILE [--game N] [--ply N] [--cycle [K]] [--ntimes N] [style] [-o FILE]
// A tool of its own rather than a mode of xqjudge: xqjudge's output is rulings (JSON lines or
// text) and its options are about judging; pictures bring their own options (flip, labels,
// size, columns) and write one document, so they get their own --help.
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli_parse.h"
#include "diagram_request.h"
#include "fileio/read_file.h"
#include "fileio/write_file.h"

namespace {


constexpr const char* FOOTER = R"(
Draws the position after --ply moves (default: after the last), with that move's arrow, the
pieces it chased ringed (dashed) with their chasers (solid) and any checking piece ringed, as
the WXF judge sees them. --cycle K draws instead the repeating cycle of the game's K-th
repetition ruling (default 1) as a strip: one board per move of the cycle, each with its arrow
and what it chased, under a heading saying who must vary. --ntimes: earlier occurrences a
repetition needs (default 2, the arbiter's third occurrence; 1 as the WXF diagram cases).
Style words (--style, or the flags): flip, labels=zh|en|wxf|iccs|none, lang=zh|en, noarrow,
nomarks, size=N (16..160 pixels between lines), columns=N (1..12 boards per row of a strip).
Exit status: 0; 1 a record or game broken (drawn from the moves read before it, the problem on
stderr); 2 a bad FEN, move, option, ply or ruling (nothing written); 3 a file unreadable.
)";

// Writes to the file, or stdout for "" and "-"; false when the file cannot be written.
// "" or why the SVG could not be written.
std::string write_output(const std::string& path, const std::string& svg) {
  if (path.empty() || path == "-") return std::cout << svg ? "" : "cannot write the standard output";
  return xq::fileio::write_file(path, svg);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Xiangqi diagrams as SVG: a position, or a repetition ruling's cycle"};
  xq::tools::DiagramRequest req;
  std::string record_path, output, labels, style;
  int size = 0;
  bool flip = false, no_arrow = false;
  auto* fen = app.add_option("--fen", req.fen, "the start position, or startpos (default)");
  auto* moves = app.add_option("--moves", req.moves, "ICCS moves from the start, separated by spaces or commas");
  app.add_option("--record", record_path, "a record file (PGN in any notation, XQF, DhtmlXQ; - the standard input)")->excludes(fen, moves);
  app.add_option("--game", req.game, "with --record: which game, from 1 (default 1)")->check(CLI::PositiveNumber);
  app.add_option("--ply", req.ply, "the position after this many moves (default: the last)")->check(CLI::Range(0, 100000));
  app.add_option("--cycle", req.cycle, "draw the cycle of the K-th repetition ruling instead (K default 1)")
      ->expected(0, 1)->default_str("1")->check(CLI::PositiveNumber);
  app.add_option("--ntimes", req.ntimes, "earlier occurrences a repetition needs (default 2)")->check(CLI::Range(1, 100));
  app.add_flag("--flip", flip, "Black at the bottom");
  app.add_option("--labels", labels, "edge labels: zh (default), en, wxf, iccs or none");
  app.add_option("--size", size, "pixels between two lines of the board (default 40)");
  app.add_flag("--no-arrow", no_arrow, "no arrow for the move");
  app.add_option("--style", style, "style words, as libxqjudge's options: e.g. \"flip,labels=iccs,size=30\"");
  app.add_option("-o,--output", output, "the SVG file to write (default: stdout)");
  app.footer(FOOTER);
  if (const auto status = xq::tools::parse_command_line(app, argc, argv)) return *status;
  if (app.count("--cycle") && req.cycle == 0) req.cycle = 1;
  if (app.count("--cycle") && app.count("--ply")) {
    std::cerr << "xqdiagram: --ply and --cycle draw different pictures; give one\n";
    return 2;
  }

  // The flags are spelled as style words, so one parser checks them all.
  req.options = style + (flip ? ",flip" : "") + (labels.empty() ? "" : ",labels=" + labels) +
                (size ? ",size=" + std::to_string(size) : "") + (no_arrow ? ",noarrow" : "");
  if (!record_path.empty()) {
    req.from_record = true;
    if (const std::string error = xq::fileio::read_file(record_path, req.record, xq::fileio::record_rules());
        !error.empty()) {
      std::cerr << "xqdiagram: " << error << "\n";
      return 3;
    }
  }
  const xq::tools::DiagramResult r = xq::tools::make_diagram(req);
  if (!r.error.empty()) std::cerr << "xqdiagram: " << (record_path.empty() ? "" : record_path + ": ") << r.error << "\n";
  if (r.svg.empty()) return r.status ? r.status : 2;
  if (const std::string error = write_output(output, r.svg); !error.empty()) {
    std::cerr << "xqdiagram: " << error << "\n";
    return 3;
  }
  return r.status;
}
