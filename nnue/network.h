// The network's weights and its file format (nnue/README.md, "The network file"). Parsing works on
// bytes, never on files: whoever reads the file (the front end, the trainer) passes its bytes.
// parse() never throws on bad bytes: it names the problem and leaves `out` untouched.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/large_memory.h"
#include "features.h"

namespace xq::nnue {

constexpr int QA = 255;     // feature transformer quantisation (and the screlu clamp)
constexpr int QB = 64;      // output layer quantisation
constexpr int SCALE = 600;  // network output -> centipawns
// The largest quantised weights the trainer produces (|w| <= 1.98 in float): they keep every
// int16 accumulator sum (bias + 32 pieces) and every clamp x weight product in int16.
constexpr int FT_WEIGHT_LIMIT = 505;
constexpr int OUT_WEIGHT_LIMIT = 127;

constexpr char MAGIC[4] = {'X', 'Q', 'N', 'N'};
constexpr std::uint32_t FORMAT_VERSION = 1;
// Output buckets: the output layer has one set of weights per bucket of material, and a
// position is scored by its bucket's set. What a unit of the accumulator is worth differs
// between an opening full of pieces and an ending of a few (a cannon needs screens, a horse
// room), and one output layer must average over both. The bucket costs a popcount per
// evaluation; the accumulators are the same for every bucket.
constexpr int OUT_BUCKETS = 8;
// King buckets (features.h): one block of feature rows per palace square of the side's own king.
constexpr const char* ARCHITECTURE = "xq-kb6-ps1260-mirror:256x2-screlu:8pc:qa255:qb64:s600";
// The architecture before king buckets (gen13, gen14): one block of rows for every king square.
// Such files are read and written as they are: the accumulators then ignore the king's square.
constexpr const char* ARCHITECTURE_NO_KING_BUCKETS = "xq-ps1260-mirror:256x2-screlu:8pc:qa255:qb64:s600";
// The first architecture, one output layer for all positions and no king buckets: such files
// are still read, with that layer copied into every bucket, so they score every position
// exactly as before.
constexpr const char* ARCHITECTURE_ONE_OUTPUT = "xq-ps1260-mirror:256x2-screlu:1:qa255:qb64:s600";
constexpr std::uint32_t MAX_DESCRIPTION = 4096;

// Feature rows and the architecture written for a file with or without king buckets: the
// reader, the writer, the zero network and Network::rows() must agree on both.
constexpr int rows_of(bool king_buckets) { return king_buckets ? N_IN : PS_IN; }
constexpr const char* architecture_of(bool king_buckets) {
  return king_buckets ? ARCHITECTURE : ARCHITECTURE_NO_KING_BUCKETS;
}

// The bucket of a position with `pieces` pieces on the board (kings included, 2-32): four
// piece counts a bucket, 2-4 -> 0, ..., 29-32 -> 7.
constexpr int output_bucket(int pieces) { return pieces <= 1 ? 0 : pieces >= 32 ? OUT_BUCKETS - 1 : (pieces - 1) / 4; }
static_assert(output_bucket(2) == 0 && output_bucket(5) == 1 && output_bucket(28) == 6 && output_bucket(29) == 7);

struct Network {
  // Whether the feature rows come in KING_BUCKETS blocks (features.h) or in one.
  bool king_buckets = true;
  std::vector<std::int16_t> ft_bias;      // L1
  // rows() * L1, input-major: row f is feature f's column. In 2 MB pages where the system has
  // them: every accumulator update reads a few rows at random (engine/large_memory.h).
  std::vector<std::int16_t, LargePageAllocator<std::int16_t>> ft_weights;
  // OUT_BUCKETS * 2 * L1, bucket-major; in each bucket the side to move's half first, then the
  // other's.
  std::vector<std::int16_t> out_weights;
  std::array<std::int32_t, OUT_BUCKETS> out_bias{};
  std::string description;                // provenance, free text (UTF-8)
  // The architecture the file was written in (one of the three above; for the first, parse()
  // copied its one output layer into every bucket): `eval` names it, so a user of an older
  // EvalFile can see why its scores have no per-bucket layers or king blocks.
  const char* file_architecture = ARCHITECTURE;

  int rows() const { return rows_of(king_buckets); }
};

// FNV-1a hashes: the architecture hash (32 bits) and the file checksum (64 bits) use them,
// and `eval` prints the 64-bit one of the whole file to name a network.
std::uint32_t fnv1a32(std::string_view bytes);
std::uint64_t fnv1a64(std::string_view bytes);
std::uint32_t architecture_hash();  // fnv1a32(ARCHITECTURE)

// Bytes of a file whose description has `description_length` bytes.
std::size_t file_size(std::size_t description_length, bool king_buckets = true);

// A network of the right shape with every weight zero.
Network zero_network(bool king_buckets = true);

// Empty when `net` has the right sizes, weights within the limits and a description within
// MAX_DESCRIPTION; otherwise what is wrong.
std::string check(const Network& net);

// The file's bytes, in ARCHITECTURE or, without king buckets, ARCHITECTURE_NO_KING_BUCKETS. Throws std::invalid_argument when check(net) is not empty: writing a file
// that every reader refuses is a bug of the caller.
std::string serialise(const Network& net);

// Reads a file's bytes into `out`. On any problem returns false, sets `error` to one sentence
// naming it and leaves `out` as it was.
bool parse(std::string_view bytes, Network& out, std::string& error);

}  // namespace xq::nnue
