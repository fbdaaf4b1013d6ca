// Writes the placeholder network (data/nnue/README.md): small random weights from a fixed
// seed, so the build has a well-formed file to embed before a trained network exists. The same
// seed gives the same bytes everywhere.
//   xqnnue_placeholder data/nnue/default.nnue
#include <cstdio>
#include <fstream>
#include <iostream>

#include "nnue/random_network.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: xqnnue_placeholder OUTPUT.nnue\n";
    return 2;
  }
  constexpr std::uint64_t SEED = 20261125;
  const xq::nnue::Network net = xq::nnue::random_network(
      SEED, 32, 8,
      "PLACEHOLDER, not a trained network: random weights (seed 20261125, |ft| <= 32, |out| <= 8) "
      "written by tools/xqnnue_placeholder.cpp. It plays like noise; replace it with a trained network.");
  std::ofstream out(argv[1], std::ios::binary);
  const std::string bytes = xq::nnue::serialise(net);
  out.write(bytes.data(), std::streamsize(bytes.size()));
  if (!out.flush()) {
    std::cerr << "xqnnue_placeholder: cannot write " << argv[1] << "\n";
    return 1;
  }
  std::cerr << "wrote " << bytes.size() << " bytes to " << argv[1] << "\n";
  return 0;
}
