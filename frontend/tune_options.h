// The search parameters as UCI options, in a tuning build (cmake -DXQ_TUNE=ON; search/tune.h):
// one "spin" option per parameter, named as in search/params.h, so an SPSA driver
// (bench/spsa.py) sets them through xqmatch's option.NAME=VALUE. A normal build offers none.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace xq::frontend {

// "option name <Name> type spin default D min A max B", one per parameter (none in a normal
// build), for the UCI handshake.
std::vector<std::string> tune_option_lines();

// setoption for a parameter (`key` in any case). nullopt: not a parameter (or not a tuning
// build), so the caller goes on looking; "": set; otherwise the problem, and the value is kept.
// `searching`: a job runs, whose threads read the parameters unlocked, so nothing changes.
std::optional<std::string> set_tune_option(const std::string& key, const std::string& value, bool searching);

// The answer to the command "tune-params" (`xqengine tune-params`): a CSV header and one line
// per parameter (search::tune::csv_lines), or an error in a normal build.
std::vector<std::string> tune_params_lines(std::string& error);

}  // namespace xq::frontend
