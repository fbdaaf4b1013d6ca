#include "choose.h"

#include <algorithm>
#include <cmath>

#include "engine/random.h"

namespace xq::book {

std::optional<std::size_t> choose(const std::vector<BookMove>& moves, int variety, std::uint64_t seed) {
  std::optional<std::size_t> heaviest;
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (moves[i].weight > 0 && (!heaviest || moves[i].weight > moves[*heaviest].weight)) heaviest = i;
  if (!heaviest || variety <= 0) return heaviest;
  const double power = double(MAX_VARIETY) / double(std::min(variety, MAX_VARIETY));
  // Weights relative to the heaviest, so a high power cannot overflow a double.
  std::vector<double> share(moves.size());
  double total = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    share[i] = moves[i].weight == 0 ? 0.0 : std::pow(double(moves[i].weight) / moves[*heaviest].weight, power);
    total += share[i];
  }
  std::uint64_t state = seed;
  const double u = double(splitmix64(state) >> 11) * 0x1.0p-53;  // uniform in [0, 1)
  double left = u * total;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (share[i] == 0) continue;
    if (left < share[i]) return i;
    left -= share[i];
  }
  return heaviest;  // only rounding gets here
}

}  // namespace xq::book
