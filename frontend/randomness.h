// Move variety (search::SearchSettings::noise_cp): how much noise the search adds to its
// leaf evaluations, and the seed that makes one game's noise differ from the next game's.
//
// UCCI 3.0 names the amount ("setoption randomness small"); we map the names to at most this
// many centipawns either way:
//
//   | UCCI name | none | tiny | small | medium | large | huge |
//   | cp        |    0 |    2 |     5 |     10 |    20 |   40 |
//
// UCI offers the number itself, "Randomness" 0..MAX_RANDOMNESS_CP (for xqmatch).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace xq::frontend {

constexpr int MAX_RANDOMNESS_CP = 100;

struct RandomnessLevel {
  const char* name;
  int cp;
};
// The table above, in the order the UCCI handshake lists the names.
inline constexpr RandomnessLevel UCCI_RANDOMNESS[] = {{"none", 0},    {"tiny", 2},   {"small", 5},
                                                      {"medium", 10}, {"large", 20}, {"huge", 40}};

// The centipawns for a UCCI level name (case-insensitive), or nothing for an unknown name.
std::optional<int> ucci_randomness_cp(std::string_view level);

// A seed for a new game: different from run to run and game to game (std::random_device mixed
// with the clock and a counter, so a platform whose random_device is deterministic still varies).
std::uint64_t fresh_randomness_seed();

}  // namespace xq::frontend
