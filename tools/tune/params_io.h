// The evaluation's parameter file (eval/params.cpp) as text: written by xqtune after a
// fit, read back by xqtune to start from it. The file is C++ the engine compiles, laid out so
// that a tuning run is a readable diff: one designated-initializer block per term, a table's
// rows on their own lines, every value as S(mg, eg).
#pragma once

#include <optional>
#include <string>

#include "eval/params.h"

namespace xq::tune {

struct ParamFile {
  eval::EvalParams params;
  eval::EndgameScales scales;
};

// The whole source file.
std::string write_params_source(const eval::EvalParams& params, const eval::EndgameScales& scales);

// Parses what write_params_source writes (comments and spacing are free). nullopt with
// `error` naming the problem when a term is missing, has the wrong number of values or is
// unknown.
std::optional<ParamFile> parse_params_source(const std::string& text, std::string& error);

}  // namespace xq::tune
