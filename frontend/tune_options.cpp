#include "tune_options.h"

#include "engine_core.h"
#include "search/tune.h"

namespace xq::frontend {

std::vector<Option> tune_option_rows() {
  std::vector<Option> rows;
  if (!search::tune::ENABLED) return rows;
  for (const search::tune::Param& p : search::tune::params())
    rows.push_back(OptionRow(p.name, "").spin(p.default_value, p.min, p.max).does([&p](OptionContext& c, const OptionValue& v) {
      if (c.core.busy()) return std::string(p.name) + " cannot change while a search runs (value kept)";
      return search::tune::set_value(p, int(v.number));
    }));
  return rows;
}

std::vector<std::string> tune_params_lines(std::string& error) {
  if (!search::tune::ENABLED) {
    error = "tune-params needs a tuning build (cmake -DXQ_TUNE=ON)";
    return {};
  }
  return search::tune::csv_lines();
}

}  // namespace xq::frontend
