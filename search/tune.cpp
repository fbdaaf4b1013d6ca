#include "tune.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <type_traits>

#include "params.h"

namespace xq::search::tune {

namespace {

template <typename T>
constexpr int SCALE = std::is_floating_point_v<T> ? 100 : 1;

// A parameter's value in option units; fractional ones round to the nearest hundredth.
template <typename T>
constexpr int to_option(T v) {
  if constexpr (std::is_floating_point_v<T>) return int(v * SCALE<T> + (v < 0 ? -0.5 : 0.5));
  else return v;
}

// The inverse: 220 -> 2.2 (the same double as the literal 2.2, so a default set back through
// the option leaves the search bit for bit as it was).
template <typename T>
T from_option(int v) {
  if constexpr (std::is_floating_point_v<T>) return T(v) / SCALE<T>;
  else return v;
}

#ifdef XQ_TUNE
#define XQ_SETTER(TYPE, NAME) [](int v) { params::NAME = from_option<TYPE>(v); }
#else
#define XQ_SETTER(TYPE, NAME) nullptr
#endif

#define XQ_PARAM_ENTRY(GROUP, TYPE, NAME, DEFAULT, MIN, MAX, C_END, R_END)                                       \
  Param{#NAME, to_option<TYPE>(DEFAULT), to_option<TYPE>(MIN), to_option<TYPE>(MAX), SCALE<TYPE>, C_END * SCALE<TYPE>, \
        R_END, [] { return to_option<TYPE>(params::NAME); }, XQ_SETTER(TYPE, NAME), GROUP},
#define XQ_SEARCH_ENTRY(...) XQ_PARAM_ENTRY("search", __VA_ARGS__)
#define XQ_TIME_ENTRY(...) XQ_PARAM_ENTRY("time", __VA_ARGS__)

const Param PARAMS[] = {XQ_SEARCH_PARAMS(XQ_SEARCH_ENTRY) XQ_TIME_PARAMS(XQ_TIME_ENTRY)};

#undef XQ_TIME_ENTRY
#undef XQ_SEARCH_ENTRY
#undef XQ_PARAM_ENTRY
#undef XQ_SETTER

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

}  // namespace

std::span<const Param> params() { return PARAMS; }

const Param* find(std::string_view name) {
  for (const Param& p : PARAMS)
    if (same_name(p.name, name)) return &p;
  return nullptr;
}

std::string set_value(const Param& p, int value) {
  if (!p.set) return std::string(p.name) + " is a constant in this build (a tuning build: cmake -DXQ_TUNE=ON)";
  if (value < p.min || value > p.max)
    return "bad value " + std::to_string(value) + " for " + p.name + ": expected " + std::to_string(p.min) + " to " +
           std::to_string(p.max);
  p.set(value);
  return "";
}

void reset_all() {
  for (const Param& p : PARAMS)
    if (p.set) p.set(p.default_value);
}

std::vector<std::string> csv_lines() {
  std::vector<std::string> lines{"name,default,min,max,c_end,r_end,scale,group"};
  for (const Param& p : PARAMS) {
    char line[160];
    std::snprintf(line, sizeof line, "%s,%d,%d,%d,%g,%g,%d,%s", p.name, p.default_value, p.min, p.max, p.c_end,
                  p.r_end, p.scale, p.group);
    lines.emplace_back(line);
  }
  return lines;
}

}  // namespace xq::search::tune
