// xqdiagram's work, apart from its command line: a game (a FEN and moves, or a record file's
// bytes) to one SVG picture, a position or a ruling's cycle (diagram/).
#pragma once

#include <string>
#include <vector>

namespace xq::tools {

struct DiagramRequest {
  std::string fen = "startpos";
  std::vector<std::string> moves;  // ICCS, each may hold several separated by spaces or commas
  bool from_record = false;        // read `record` instead of fen and moves
  std::string record;              // a record file's bytes (PGN, XQF, DhtmlXQ)
  int game = 1;                    // which game of the record, from 1
  int ply = -1;                    // the position after this many moves; -1: the last
  int cycle = 0;                   // 0: a position; K: the cycle of the game's K-th ruling
  int ntimes = 2;                  // earlier occurrences a repetition needs (the arbiter's count)
  std::string options;             // diagram words (diagram/options.h)
};

struct DiagramResult {
  std::string svg;      // empty when the request failed
  std::string error;    // what was wrong; with an svg, a record problem drawn up to where it broke
  int status = 0;       // 0; 1 a record or game broken (drawn up to there); 2 a bad request
};

DiagramResult make_diagram(const DiagramRequest& request);

}  // namespace xq::tools
