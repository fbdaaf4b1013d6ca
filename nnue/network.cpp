#include "network.h"

#include <algorithm>
#include <cstdlib>
#include <span>
#include <stdexcept>

namespace xq::nnue {

namespace {

constexpr std::size_t HEADER = 16;  // magic, version, architecture hash, description length
// Bytes of the weights of a file with `rows` feature rows and `buckets` output layers (each
// 2 * L1 int16 and an int32 bias).
constexpr std::size_t params_bytes(int rows, int buckets) {
  return 2 * (std::size_t(L1) + std::size_t(rows) * L1) + std::size_t(buckets) * (2 * 2 * L1 + 4);
}
constexpr std::size_t CHECKSUM = 8;

// Stockfish's and Pikafish's .nnue files open with a version word 0x7AF32Fxx (little-endian):
// the file most likely to be loaded here by mistake, so the error names it.
constexpr std::uint32_t STOCKFISH_VERSION_MASK = 0xFFFFFF00u, STOCKFISH_VERSION = 0x7AF32F00u;

void put_u32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xFF));
}
void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(char((v >> (8 * i)) & 0xFF));
}
void put_i16s(std::string& out, std::span<const std::int16_t> v) {
  for (std::int16_t x : v) {
    const auto u = std::uint16_t(x);
    out.push_back(char(u & 0xFF));
    out.push_back(char(u >> 8));
  }
}

// Little-endian reads at a cursor; the caller has checked the size first.
struct Reader {
  std::string_view bytes;
  std::size_t at = 0;

  std::uint64_t unsigned_bytes(int n) {
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= std::uint64_t(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
    at += n;
    return v;
  }
  std::uint32_t u32() { return std::uint32_t(unsigned_bytes(4)); }
  std::uint64_t u64() { return unsigned_bytes(8); }
  std::int16_t i16() { return std::int16_t(std::uint16_t(unsigned_bytes(2))); }
  template <typename Vector>
  void i16s(Vector& v, std::size_t n) {
    v.resize(n);
    for (auto& x : v) x = i16();
  }
};

std::string hex(std::uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  do s.insert(s.begin(), digits[v & 15]); while (v >>= 4);
  return "0x" + s;
}

bool within(std::span<const std::int16_t> v, int limit) {
  return std::all_of(v.begin(), v.end(), [limit](std::int16_t x) { return std::abs(int(x)) <= limit; });
}

// The header's problems, or empty; on success sets the description length, the file's number
// of output layers (OUT_BUCKETS, or 1 for the first architecture) and whether it has king
// buckets.
std::string check_header(Reader& r, std::uint32_t& description_length, int& buckets, bool& king_buckets) {
  const std::string_view b = r.bytes;
  if (b.empty()) return "the file is empty";
  if (b.size() < HEADER) return "the file is too short to be a network (" + std::to_string(b.size()) + " bytes)";
  if (b.substr(0, 4) != std::string_view(MAGIC, 4)) {
    const std::uint32_t first = r.u32();
    if ((first & STOCKFISH_VERSION_MASK) == STOCKFISH_VERSION)
      return "not an xqengine network: it looks like a Stockfish/Pikafish .nnue (header " + hex(first) + ")";
    return "not an xqengine network: the file does not start with \"XQNN\"";
  }
  r.at = 4;
  if (const std::uint32_t version = r.u32(); version != FORMAT_VERSION)
    return "unsupported network format version " + std::to_string(version) + " (this engine reads version " +
           std::to_string(FORMAT_VERSION) + ")";
  const std::uint32_t arch = r.u32();
  if (arch == architecture_hash())
    buckets = OUT_BUCKETS, king_buckets = true;
  else if (arch == fnv1a32(ARCHITECTURE_NO_KING_BUCKETS))
    buckets = OUT_BUCKETS, king_buckets = false;
  else if (arch == fnv1a32(ARCHITECTURE_ONE_OUTPUT))
    buckets = 1, king_buckets = false;
  else
    return "the network has another architecture (hash " + hex(arch) + ", expected " + hex(architecture_hash()) +
           " or one of two older ones)";
  description_length = r.u32();
  if (description_length > MAX_DESCRIPTION)
    return "the network's description is too long (" + std::to_string(description_length) + " bytes, at most " +
           std::to_string(MAX_DESCRIPTION) + ")";
  const std::size_t expected = HEADER + description_length + params_bytes(rows_of(king_buckets), buckets) + CHECKSUM;
  if (b.size() < expected)
    return "the network file is truncated (" + std::to_string(b.size()) + " bytes, expected " +
           std::to_string(expected) + ")";
  if (b.size() > expected)
    return "the network file has " + std::to_string(b.size() - expected) + " trailing bytes (expected " +
           std::to_string(expected) + " bytes)";
  return {};
}

}  // namespace

std::uint32_t fnv1a32(std::string_view bytes) {
  std::uint32_t h = 2166136261u;
  for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

std::uint32_t architecture_hash() { return fnv1a32(ARCHITECTURE); }

std::size_t file_size(std::size_t description_length, bool king_buckets) {
  return HEADER + description_length + params_bytes(rows_of(king_buckets), OUT_BUCKETS) + CHECKSUM;
}

Network zero_network(bool king_buckets) {
  Network net;
  net.king_buckets = king_buckets;
  net.file_architecture = architecture_of(king_buckets);
  net.ft_bias.assign(L1, 0);
  net.ft_weights.assign(std::size_t(net.rows()) * L1, 0);
  net.out_weights.assign(std::size_t(OUT_BUCKETS) * 2 * L1, 0);
  return net;
}

std::string check(const Network& net) {
  if (net.ft_bias.size() != std::size_t(L1) || net.ft_weights.size() != std::size_t(net.rows()) * L1 ||
      net.out_weights.size() != std::size_t(OUT_BUCKETS) * 2 * L1)
    return "the network's weight arrays have the wrong sizes";
  if (net.description.size() > MAX_DESCRIPTION)
    return "the network's description is too long (" + std::to_string(net.description.size()) + " bytes, at most " +
           std::to_string(MAX_DESCRIPTION) + ")";
  if (!within(net.ft_bias, FT_WEIGHT_LIMIT) || !within(net.ft_weights, FT_WEIGHT_LIMIT))
    return "a feature-transformer weight is outside +-" + std::to_string(FT_WEIGHT_LIMIT) +
           " (int16 accumulators could overflow)";
  if (!within(net.out_weights, OUT_WEIGHT_LIMIT))
    return "an output weight is outside +-" + std::to_string(OUT_WEIGHT_LIMIT);
  return {};
}

std::string serialise(const Network& net) {
  if (const std::string problem = check(net); !problem.empty()) throw std::invalid_argument(problem);
  std::string out(MAGIC, 4);
  out.reserve(file_size(net.description.size(), net.king_buckets));
  put_u32(out, FORMAT_VERSION);
  put_u32(out, fnv1a32(architecture_of(net.king_buckets)));
  put_u32(out, std::uint32_t(net.description.size()));
  out += net.description;
  put_i16s(out, net.ft_bias);
  put_i16s(out, net.ft_weights);
  put_i16s(out, net.out_weights);
  for (std::int32_t b : net.out_bias) put_u32(out, std::uint32_t(b));
  put_u64(out, fnv1a64(out));
  return out;
}

bool parse(std::string_view bytes, Network& out, std::string& error) {
  Reader r{bytes};
  std::uint32_t description_length = 0;
  int buckets = 0;
  bool king_buckets = true;
  if (std::string problem = check_header(r, description_length, buckets, king_buckets); !problem.empty()) {
    error = std::move(problem);
    return false;
  }
  Reader tail{bytes, bytes.size() - CHECKSUM};
  if (tail.u64() != fnv1a64(bytes.substr(0, bytes.size() - CHECKSUM))) {
    error = "the network file is corrupt (checksum mismatch)";
    return false;
  }
  Network net;
  net.king_buckets = king_buckets;
  net.file_architecture = architecture_of(king_buckets);
  net.description = std::string(bytes.substr(r.at, description_length));
  r.at += description_length;
  r.i16s(net.ft_bias, L1);
  r.i16s(net.ft_weights, std::size_t(net.rows()) * L1);
  r.i16s(net.out_weights, std::size_t(buckets) * 2 * L1);
  for (int b = 0; b < buckets; ++b) net.out_bias[std::size_t(b)] = std::int32_t(r.u32());
  if (buckets == 1) {  // the first architecture: its one output layer serves every bucket
    net.file_architecture = ARCHITECTURE_ONE_OUTPUT;
    net.out_weights.resize(std::size_t(OUT_BUCKETS) * 2 * L1);
    for (int b = 1; b < OUT_BUCKETS; ++b) {
      std::copy_n(net.out_weights.begin(), 2 * L1, net.out_weights.begin() + std::ptrdiff_t(b) * 2 * L1);
      net.out_bias[std::size_t(b)] = net.out_bias[0];
    }
  }
  if (std::string problem = check(net); !problem.empty()) {
    error = std::move(problem);
    return false;
  }
  out = std::move(net);
  return true;
}

}  // namespace xq::nnue
