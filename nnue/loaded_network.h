// A network ready to play: parsed weights with the name and hash `eval` prints. The default
// one is embedded in the binary at build time (data/nnue/default.nnue, see CMakeLists.txt);
// EvalFile loads others from bytes the front end read.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "network.h"

namespace xq::nnue {

struct LoadedNetwork {
  Network net;
  std::uint64_t hash = 0;  // fnv1a64 of the whole file, the network's name in `eval`
  std::string source;      // "embedded" or the path it was loaded from
};

// Parses a file's bytes; nullptr with `error` set when they are not a network for this engine.
std::shared_ptr<const LoadedNetwork> load_network(std::string_view bytes, std::string source, std::string& error);

// The file embedded at build time, as bytes.
std::string_view embedded_bytes();
// SHA-256 (hex) of the embedded file as CMake computed it when configuring.
const char* embedded_sha256();
// The embedded network, parsed once; nullptr only if the build embedded a bad file (a test
// guards against that).
std::shared_ptr<const LoadedNetwork> embedded_network();

}  // namespace xq::nnue
