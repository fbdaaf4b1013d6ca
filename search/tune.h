// The search and time-management parameters (params.h's two lists) as a tuner sees them: by
// name, as integers, with bounds and SPSA's step sizes. A fractional parameter (LMR_BASE,
// TM_NEXT_ITERATION) is offered in hundredths (`scale` 100), since UCI spin options and
// xqmatch's option.NAME=VALUE carry integers.
//
// Every build has the list (tests check that a normal build offers none of it). Only a tuning
// build (XQ_TUNE) can set a value; the search must not be running then (no locks: the values
// are plain variables the search threads read).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xq::search::tune {

#ifdef XQ_TUNE
inline constexpr bool ENABLED = true;
#else
inline constexpr bool ENABLED = false;
#endif

struct Param {
  const char* name;      // as in params.h; also the UCI option's name
  int default_value;     // in option units: the parameter times `scale`
  int min, max;
  int scale;             // 1 for integers, 100 for fractional parameters
  double c_end, r_end;   // SPSA's final perturbation (option units) and learning rate
  int (*get)();          // the value the search reads now, in option units
  void (*set)(int);      // null in a normal build; does not check the bounds (use set_value)
  const char* group;     // "search" (XQ_SEARCH_PARAMS) or "time" (XQ_TIME_PARAMS: only a clock
                         // reads them, so a fixed-node match cannot tune them)
};

// In params.h's order: XQ_SEARCH_PARAMS, then XQ_TIME_PARAMS.
std::span<const Param> params();

// The parameter of that name, ignoring case; null when there is none.
const Param* find(std::string_view name);

// Sets `p` to `value` (option units). "" on success, or why not (not a tuning build, out of
// range); the value is then unchanged.
std::string set_value(const Param& p, int value);

// Every parameter back to its default.
void reset_all();

// A header line, "name,default,min,max,c_end,r_end,scale,group", then one CSV line per
// parameter (option units), for an SPSA driver (bench/spsa.py).
std::vector<std::string> csv_lines();

}  // namespace xq::search::tune
