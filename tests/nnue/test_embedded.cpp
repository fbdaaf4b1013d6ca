// The network embedded at build time is the file in data/nnue/, byte for byte, and it loads.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>

#include "nnue/loaded_network.h"

using namespace xq::nnue;

TEST_CASE("nnue embedded: the binary carries data/nnue/default.nnue and it loads", "[nnue][embedded]") {
  std::ifstream in(std::string(XQ_DATA_DIR) + "/nnue/default.nnue", std::ios::binary);
  REQUIRE(in);
  const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(!file.empty());
  CHECK(embedded_bytes().size() == file.size());
  CHECK(fnv1a64(embedded_bytes()) == fnv1a64(file));
  const auto net = embedded_network();
  REQUIRE(net != nullptr);
  CHECK(net->hash == fnv1a64(file));
  CHECK(net->source == "embedded");
  CHECK(std::string(embedded_sha256()).size() == 64);
}

TEST_CASE("nnue embedded: load_network names a bad file and returns nothing", "[nnue][embedded]") {
  std::string error;
  CHECK(load_network("garbage", "x.nnue", error) == nullptr);
  CHECK(error.find("too short") != std::string::npos);
  const auto ok = load_network(embedded_bytes(), "copy.nnue", error);
  REQUIRE(ok != nullptr);
  CHECK(ok->source == "copy.nnue");
  CHECK(ok->hash == embedded_network()->hash);
}
