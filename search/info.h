// The numbers of one "info" line: the state after a completed iteration (or a failed
// aspiration window). The search's InfoLine adds the line as moves; the front end's
// SearchReport adds it as text in the variant's notation. One list of fields, so a new one
// reaches every protocol's printer without a copy to extend.
#pragma once

#include <cstdint>

namespace xq::search {

struct IterationInfo {
  int depth = 0;
  int seldepth = 0;
  int score = 0;             // centipawns, or a band of score.h; the side to move's view
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  int multipv = 1;           // which of the best lines this is (1: the best)
  bool lowerbound = false;   // the score is only a bound: the aspiration window failed
  bool upperbound = false;
};

}  // namespace xq::search
