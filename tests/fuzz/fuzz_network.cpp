// libFuzzer target: network files (EvalFile). parse must either refuse with one sentence and
// leave the network it was given untouched, or give a network that check() accepts and that
// evaluates positions.
//
// A file is over 600 KB and ends in a checksum of all its bytes, so raw fuzz input would be
// refused at the size or the checksum every time. The input is used as edits of a real file
// instead. Its first byte picks the base (bit 0: with king buckets, 3.9 MB, else without,
// 650 KB; bit 1: the old one-output architecture instead; bit 2: recompute the checksum after
// the edits, so that the other checks are reached). The rest is a list of 4-byte edits (a
// 23-bit offset into the file, or into its first 64 bytes when the 24th bit is set, and a byte
// to write), then, if 3 bytes are left over, a new length (the file cut or padded with zeros).
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "engine/notation.h"
#include "engine/position.h"
#include "nnue/evaluate.h"
#include "nnue/network.h"
#include "nnue/random_network.h"

namespace {

// The last 8 bytes made the checksum of the others again.
void fix_checksum(std::string& file) {
  if (file.size() < 8) return;
  const std::uint64_t sum = xq::nnue::fnv1a64(std::string_view(file).substr(0, file.size() - 8));
  std::memcpy(file.data() + file.size() - 8, &sum, 8);
}

std::string base_file(bool king_buckets) {
  return xq::nnue::serialise(xq::nnue::random_network(7, 40, 40, "fuzz base", king_buckets));
}

const std::string& base(bool king_buckets) {
  static const std::string with = base_file(true), without = base_file(false);
  return king_buckets ? with : without;
}

// The first-architecture layout of `file` (no king buckets): one output layer instead of
// eight, and that architecture's hash. Offsets follow nnue/README.md.
std::string one_output(const std::string& file) {
  using namespace xq::nnue;
  std::uint32_t desc = 0;
  std::memcpy(&desc, file.data() + 12, 4);
  const std::size_t head = 16 + desc + 2 * L1 + 2 * std::size_t(rows_of(false)) * L1;
  std::string out = file.substr(0, head);
  out += file.substr(head, 2 * 2 * L1);                    // bucket 0's output weights
  out += file.substr(head + 2 * 2 * L1 * OUT_BUCKETS, 4);  // and its bias
  const std::uint32_t arch = fnv1a32(ARCHITECTURE_ONE_OUTPUT);
  std::memcpy(out.data() + 8, &arch, 4);
  out.append(8, '\0');
  fix_checksum(out);
  return out;
}


}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t how = data[0];
  std::string file = base((how & 1) != 0);
  if (how & 2) file = one_output(base(false));
  std::size_t at = 1;
  for (; at + 4 <= size; at += 4) {
    // The header and description (the first 64 bytes) when the offset's top bit is set:
    // they hold most of what parse tests; anywhere in the file otherwise.
    const std::size_t raw = std::size_t(data[at]) | std::size_t(data[at + 1]) << 8 | std::size_t(data[at + 2] & 0x7F) << 16;
    const std::size_t offset = data[at + 2] & 0x80 ? raw % 64 : raw;
    if (offset < file.size()) file[offset] = char(data[at + 3]);
  }
  // An odd tail of 3 bytes: a new length (cut, or zeros added).
  if (size - at == 3) file.resize(std::size_t(data[at]) | std::size_t(data[at + 1]) << 8 | std::size_t(data[at + 2]) << 16);
  if (how & 4) fix_checksum(file);

  // What parse is given stands for the network in use: a refusal must leave it as it was.
  xq::nnue::Network net;
  net.description = "the network before";
  std::string error;
  if (!xq::nnue::parse(file, net, error)) {
    if (error.empty() || error.find('\n') != std::string::npos) std::abort();  // one sentence
    if (net.description != "the network before" || !net.ft_bias.empty() || !net.ft_weights.empty() ||
        !net.out_weights.empty())
      std::abort();
    return 0;
  }
  if (!error.empty() || !xq::nnue::check(net).empty()) std::abort();
  for (const char* fen : {xq::Position::START_FEN, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
                          "2bakab2/9/2n1c1n2/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1"}) {
    xq::Position pos;
    if (!xq::set_fen(pos, fen).ok) std::abort();
    (void)xq::nnue::evaluate(net, pos);
  }
  return 0;
}
