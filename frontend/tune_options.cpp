#include "tune_options.h"

#include "search/tune.h"
#include "words.h"

namespace xq::frontend {

std::vector<std::string> tune_option_lines() {
  std::vector<std::string> lines;
  if (!search::tune::ENABLED) return lines;
  for (const search::tune::Param& p : search::tune::params())
    lines.push_back(std::string("option name ") + p.name + " type spin default " + std::to_string(p.get()) + " min " +
                    std::to_string(p.min) + " max " + std::to_string(p.max));
  return lines;
}

std::optional<std::string> set_tune_option(const std::string& key, const std::string& value, bool searching) {
  const search::tune::Param* p = search::tune::ENABLED ? search::tune::find(key) : nullptr;
  if (!p) return std::nullopt;
  const auto v = to_int(value);
  if (!v)
    return "bad value '" + value + "' for " + p->name + ": expected " + std::to_string(p->min) + " to " +
           std::to_string(p->max);
  if (searching) return std::string(p->name) + " cannot change while a search runs (value kept)";
  return search::tune::set_value(*p, *v);
}

std::vector<std::string> tune_params_lines(std::string& error) {
  if (!search::tune::ENABLED) {
    error = "tune-params needs a tuning build (cmake -DXQ_TUNE=ON)";
    return {};
  }
  return search::tune::csv_lines();
}

}  // namespace xq::frontend
