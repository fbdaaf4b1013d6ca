#include "xqb_format.h"

#include <algorithm>
#include <tuple>

namespace xq::book::xqb {
namespace {

template <typename T>
void put(std::string& out, T value) {
  for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(char((std::uint64_t(value) >> (8 * i)) & 0xFF));
}

template <typename T>
T get(std::string_view bytes, std::size_t at) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) v |= std::uint64_t(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
  return T(v);
}

bool before(const Entry& a, const Entry& b) { return std::tie(a.key, a.move) < std::tie(b.key, b.move); }

bool valid_move(std::uint16_t raw) {
  const Move m = Move(raw);
  return raw < (1u << 14) && from_sq(m) < SQUARE_NB && to_sq(m) < SQUARE_NB && is_ok(m);
}

}  // namespace

bool has_magic(std::string_view bytes) { return bytes.substr(0, MAGIC.size()) == MAGIC; }

std::string write(std::vector<Entry> entries) {
  std::sort(entries.begin(), entries.end(), before);
  std::string out(MAGIC);
  put(out, std::uint32_t(entries.size()));
  put(out, std::uint32_t(0));
  for (const Entry& e : entries) {
    put(out, e.key);
    put(out, e.move);
    put(out, e.weight);
    put(out, e.wins);
    put(out, e.draws);
    put(out, e.losses);
  }
  return out;
}

bool read(std::string_view bytes, std::vector<Entry>& out, std::string& error) {
  if (bytes.size() < HEADER_BYTES || !has_magic(bytes)) return error = "no XQBOOK01 header", false;
  const std::uint64_t count = get<std::uint32_t>(bytes, MAGIC.size());
  if (bytes.size() != HEADER_BYTES + count * ROW_BYTES)
    return error = "the header counts " + std::to_string(count) + " rows but the file has " +
                   std::to_string(bytes.size()) + " bytes (" + std::to_string(HEADER_BYTES + count * ROW_BYTES) +
                   " expected)",
           false;
  std::vector<Entry> rows(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t at = HEADER_BYTES + i * ROW_BYTES;
    Entry& e = rows[i];
    e.key = get<std::uint64_t>(bytes, at);
    e.move = get<std::uint16_t>(bytes, at + 8);
    e.weight = get<std::uint16_t>(bytes, at + 10);
    e.wins = get<std::uint32_t>(bytes, at + 12);
    e.draws = get<std::uint32_t>(bytes, at + 16);
    e.losses = get<std::uint32_t>(bytes, at + 20);
    if (!valid_move(e.move)) return error = "row " + std::to_string(i + 1) + ": not a move (" + std::to_string(e.move) + ")", false;
    if (i > 0 && !before(rows[i - 1], e))
      return error = "row " + std::to_string(i + 1) + " is out of order or repeats the one before", false;
  }
  out = std::move(rows);
  return true;
}

}  // namespace xq::book::xqb
