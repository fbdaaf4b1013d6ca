#include "randomness.h"

#include <atomic>
#include <chrono>
#include <random>
#include <string>

#include "engine/random.h"
#include "words.h"

namespace xq::frontend {

std::optional<int> ucci_randomness_cp(std::string_view level) {
  const std::string name = lower(std::string(level));
  for (const RandomnessLevel& l : UCCI_RANDOMNESS)
    if (name == l.name) return l.cp;
  return std::nullopt;
}

std::uint64_t fresh_randomness_seed() {
  static std::atomic<std::uint64_t> calls{0};
  std::random_device device;
  std::uint64_t state = (std::uint64_t(device()) << 32) ^ device() ^
                        std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()) ^
                        (calls.fetch_add(1) * 0x9E3779B97F4A7C15ULL);
  return splitmix64(state);
}

}  // namespace xq::frontend
