// The network file (nnue/README.md): what serialise() writes parse() reads back unchanged, and
// every kind of bad file is refused with an error naming the problem, leaving the network that
// was there before untouched.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "engine/random.h"
#include "nnue/network.h"
#include "nnue/random_network.h"

using namespace xq;
using namespace xq::nnue;

namespace {

bool same(const Network& a, const Network& b) {
  return a.king_buckets == b.king_buckets && a.ft_bias == b.ft_bias && a.ft_weights == b.ft_weights &&
         a.out_weights == b.out_weights && a.out_bias == b.out_bias && a.description == b.description;
}

void put_u32_at(std::string& bytes, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes[at + i] = char((v >> (8 * i)) & 0xFF);
}

// Rewrites the trailing checksum so that only the change under test is wrong.
void reseal(std::string& bytes) {
  const std::uint64_t sum = fnv1a64(std::string_view(bytes).substr(0, bytes.size() - 8));
  for (int i = 0; i < 8; ++i) bytes[bytes.size() - 8 + i] = char((sum >> (8 * i)) & 0xFF);
}

// Parses `bytes` into a network that already holds `previous`: must fail with an error
// containing `expected`, and leave `previous` in place.
void require_refused(const std::string& bytes, const std::string& expected) {
  const Network previous = random_network(7, 40, 30, "the previous network");
  Network net = previous;
  std::string error;
  INFO("expected error: " << expected << "  got: " << error);
  CHECK_FALSE(parse(bytes, net, error));
  INFO("got: " << error);
  CHECK(error.find(expected) != std::string::npos);
  CHECK(same(net, previous));
}

}  // namespace

TEST_CASE("nnue file: the architecture hash is FNV-1a 32 of the spec's string", "[nnue][file]") {
  CHECK(fnv1a32("") == 2166136261u);
  CHECK(fnv1a32("a") == 0xe40c292cu);  // the published FNV-1a test vector
  CHECK(fnv1a64("a") == 0xaf63dc4c8601ec8cull);
  CHECK(architecture_hash() == fnv1a32("xq-kb6-ps1260-mirror:256x2-screlu:8pc:qa255:qb64:s600"));
}

namespace {

// The bytes a file of the first architecture (one output layer) had for `net`'s first bucket:
// written by hand here, so that the test does not lean on the reader it checks.
std::string one_output_file(const Network& net) {
  std::string out = "XQNN";
  const auto u32 = [&](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xFF));
  };
  const auto i16s = [&](const auto& v, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      const auto u = std::uint16_t(v[i]);
      out.push_back(char(u & 0xFF));
      out.push_back(char(u >> 8));
    }
  };
  u32(1);
  u32(fnv1a32("xq-ps1260-mirror:256x2-screlu:1:qa255:qb64:s600"));
  u32(std::uint32_t(net.description.size()));
  out += net.description;
  i16s(net.ft_bias, net.ft_bias.size());
  i16s(net.ft_weights, net.ft_weights.size());
  i16s(net.out_weights, 2 * L1);
  u32(std::uint32_t(net.out_bias[0]));
  out.append(8, '\0');
  reseal(out);
  return out;
}

}  // namespace

TEST_CASE("nnue file: a file of one output layer is read with that layer in every bucket", "[nnue][file]") {
  const Network net = random_network(4242, FT_WEIGHT_LIMIT, OUT_WEIGHT_LIMIT, "one output layer", false);
  const std::string old_bytes = one_output_file(net);
  Network back;
  std::string error;
  REQUIRE(parse(old_bytes, back, error));
  CHECK(std::string(back.file_architecture) == "xq-ps1260-mirror:256x2-screlu:1:qa255:qb64:s600");
  CHECK_FALSE(back.king_buckets);
  CHECK(back.ft_weights == net.ft_weights);
  CHECK(back.ft_bias == net.ft_bias);
  for (int b = 0; b < OUT_BUCKETS; ++b) {
    INFO("bucket " << b);
    CHECK(std::equal(back.out_weights.begin() + b * 2 * L1, back.out_weights.begin() + (b + 1) * 2 * L1,
                     net.out_weights.begin()));
    CHECK(back.out_bias[std::size_t(b)] == net.out_bias[0]);
  }
  // Written again, it is a file of eight output layers without king buckets, of that size.
  CHECK(serialise(back).size() == file_size(net.description.size(), false));
  Network again;
  REQUIRE(parse(serialise(back), again, error));
  CHECK(std::string(again.file_architecture) == "xq-ps1260-mirror:256x2-screlu:8pc:qa255:qb64:s600");
  SECTION("cut short, it is refused by the old layout's size") {
    require_refused(old_bytes.substr(0, old_bytes.size() - 1), "truncated");
    require_refused(old_bytes + "xy", "2 trailing bytes");
  }
}

TEST_CASE("nnue file: a network round-trips through its bytes", "[nnue][file]") {
  const Network net = random_network(12345, FT_WEIGHT_LIMIT, OUT_WEIGHT_LIMIT, "round trip, with UTF-8: 帥");
  const std::string bytes = serialise(net);
  CHECK(bytes.size() == file_size(net.description.size()));
  CHECK(bytes.substr(0, 4) == "XQNN");
  Network back;
  std::string error;
  REQUIRE(parse(bytes, back, error));
  CHECK(std::string(back.file_architecture) == "xq-kb6-ps1260-mirror:256x2-screlu:8pc:qa255:qb64:s600");
  CHECK(error.empty());
  CHECK(same(back, net));
  CHECK(serialise(back) == bytes);

  SECTION("without king buckets: the older architecture, one block of rows, its own size") {
    const Network flat = random_network(12346, FT_WEIGHT_LIMIT, OUT_WEIGHT_LIMIT, "no king buckets", false);
    CHECK(flat.ft_weights.size() == std::size_t(PS_IN) * L1);
    const std::string flat_bytes = serialise(flat);
    CHECK(flat_bytes.size() == file_size(flat.description.size(), false));
    CHECK(flat_bytes.size() < bytes.size());
    Network flat_back;
    REQUIRE(parse(flat_bytes, flat_back, error));
    CHECK(std::string(flat_back.file_architecture) == "xq-ps1260-mirror:256x2-screlu:8pc:qa255:qb64:s600");
    CHECK(same(flat_back, flat));
    CHECK(serialise(flat_back) == flat_bytes);
    // Its header with the other architecture's hash: the size no longer fits.
    std::string relabelled = flat_bytes;
    put_u32_at(relabelled, 8, architecture_hash());
    reseal(relabelled);
    require_refused(relabelled, "truncated");
  }

  SECTION("the extreme weights survive") {
    Network edge = zero_network();
    edge.ft_weights.front() = -FT_WEIGHT_LIMIT;
    edge.ft_bias.back() = FT_WEIGHT_LIMIT;
    edge.out_weights.front() = -OUT_WEIGHT_LIMIT;
    edge.out_weights.back() = OUT_WEIGHT_LIMIT;
    edge.out_bias.front() = -2000000000;
    edge.out_bias.back() = 2000000000;
    Network edge_back;
    REQUIRE(parse(serialise(edge), edge_back, error));
    CHECK(same(edge_back, edge));
  }
}

TEST_CASE("nnue file: serialise refuses a network no reader would accept", "[nnue][file]") {
  Network net = zero_network();
  net.ft_weights.pop_back();
  CHECK_THROWS_AS(serialise(net), std::invalid_argument);
  net = zero_network();
  net.out_weights[3] = OUT_WEIGHT_LIMIT + 1;
  CHECK_THROWS_AS(serialise(net), std::invalid_argument);
  net = zero_network();
  net.description.assign(MAX_DESCRIPTION + 1, 'x');
  CHECK_THROWS_AS(serialise(net), std::invalid_argument);
}

TEST_CASE("nnue file: every bad file is refused with its reason and the old network stays", "[nnue][file]") {
  const std::string good = serialise(random_network(99, 100, 50, "good"));
  const std::size_t weights_at = 16 + 4;  // after the header and the 4-byte description

  SECTION("empty") { require_refused("", "empty"); }
  SECTION("too short for a header") { require_refused(good.substr(0, 10), "too short"); }
  SECTION("another format's magic") {
    std::string bytes = good;
    bytes[0] = 'Y';
    require_refused(bytes, "does not start with \"XQNN\"");
  }
  SECTION("a Stockfish/Pikafish .nnue") {
    std::string bytes = good;
    put_u32_at(bytes, 0, 0x7AF32F20u);  // their version word, then their hash and description
    require_refused(bytes, "Stockfish/Pikafish");
  }
  SECTION("another version") {
    std::string bytes = good;
    put_u32_at(bytes, 4, 2);
    reseal(bytes);
    require_refused(bytes, "format version 2");
  }
  SECTION("another architecture") {
    std::string bytes = good;
    put_u32_at(bytes, 8, fnv1a32("xq-ps1260-mirror:512x2-screlu:1:qa255:qb64:s600"));
    reseal(bytes);
    require_refused(bytes, "another architecture");
  }
  SECTION("a description longer than the limit") {
    std::string bytes = good;
    put_u32_at(bytes, 12, MAX_DESCRIPTION + 1);
    require_refused(bytes, "description is too long");
  }
  SECTION("truncated") {
    require_refused(good.substr(0, good.size() - 1), "truncated");
    require_refused(good.substr(0, good.size() / 2), "truncated");
  }
  SECTION("trailing bytes") { require_refused(good + "x", "1 trailing bytes"); }
  SECTION("a changed byte: the checksum tells") {
    std::string bytes = good;
    bytes[weights_at + 1001] ^= 0x10;
    require_refused(bytes, "checksum mismatch");
    bytes = good;
    bytes[bytes.size() - 3] ^= 1;  // in the checksum itself
    require_refused(bytes, "checksum mismatch");
  }
  SECTION("a weight beyond the overflow bound, checksum right") {
    std::string bytes = good;
    bytes[weights_at] = char(0x00);  // ft_bias[0] = 0x0400 = 1024
    bytes[weights_at + 1] = char(0x04);
    reseal(bytes);
    require_refused(bytes, "outside +-505");
  }
  SECTION("random bytes of the right size, and of other sizes") {
    std::uint64_t state = 2026;
    for (std::size_t size : {good.size(), std::size_t(64), std::size_t(4096), std::size_t(1 << 20)}) {
      std::string bytes(size, '\0');
      for (auto& c : bytes) c = char(splitmix64(state));
      require_refused(bytes, "not an xqengine network");
    }
  }
}
