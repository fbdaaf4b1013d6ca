#include "variant.h"

#include <cstdio>

namespace xq::frontend {

std::string key_and_checkers_lines(std::uint64_t key, const std::vector<std::string>& checkers) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llX", static_cast<unsigned long long>(key));
  std::string out = std::string("Key: ") + hex + "\nCheckers:";
  for (const std::string& square : checkers) out += ' ' + square;
  return out + '\n';
}

const EngineSettings& default_engine_settings() {
  static const EngineSettings defaults;
  return defaults;
}

std::unique_ptr<VariantGame> make_variant(std::string_view name, const EngineSettings& settings) {
  if (name == "xiangqi") return make_xiangqi_game(settings);
  if (name == "chess") return make_chess_game();
  return nullptr;
}

}  // namespace xq::frontend
