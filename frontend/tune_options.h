// The search parameters as UCI options, in a tuning build (cmake -DXQ_TUNE=ON; search/tune.h):
// one "spin" row of the option table (options.h) per parameter, named as in search/params.h,
// so an SPSA driver (bench/spsa.py) sets them through xqmatch's option.NAME=VALUE. A normal
// build offers none.
#pragma once

#include <string>
#include <vector>

#include "options.h"

namespace xq::frontend {

// One UCI spin row per parameter (none in a normal build). Its action refuses while a job
// runs: the search threads read the parameters unlocked.
std::vector<Option> tune_option_rows();

// The answer to the command "tune-params" (`xqengine tune-params`): a CSV header and one line
// per parameter (search::tune::csv_lines), or an error in a normal build.
std::vector<std::string> tune_params_lines(std::string& error);

}  // namespace xq::frontend
