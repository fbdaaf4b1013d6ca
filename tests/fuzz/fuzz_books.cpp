// libFuzzer target: any bytes as an opening book (BookFile, UCCI bookfiles). parse_book must
// name a problem or give a book whose every offered move is legal in the position asked.
//
// Random bytes almost never make a file the readers accept (a row count that matches the
// size, rows sorted by key), nor a key of a position anybody asks about, so the first byte
// picks how the rest is used:
//   0: the bytes as they are (the readers' refusals);
//   1: a .xqb file: our header with the right row count, then the bytes as rows;
//   2: an ElephantEye BOOK.DAT: the bytes as 8-byte records;
// and in 1 and 2 each row's key is replaced by the key (or ElephantEye lock) of one of a few
// real positions, picked by the row's own first byte, the mirror image's for odd picks, and
// the rows are sorted as a writer would leave them unless the low bit of the second input
// byte asks to keep the fuzzer's order. So the lookups find rows, and their moves (any 16
// bits) go through the move decoding, the legality test and the mirroring.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "book/book.h"
#include "book/eleeye.h"
#include "book/xqb_format.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/position.h"

namespace {

// The positions asked: the start, its children, and one quieter middle game.
std::vector<xq::Position> positions() {
  std::vector<xq::Position> out;
  xq::Position start;
  xq::set_fen(start, xq::Position::START_FEN);
  out.push_back(start);
  xq::MoveList legal;
  xq::generate_legal<xq::ALL>(start, legal);
  for (const xq::Move m : legal) {
    xq::Position child = start;
    child.do_move(m);
    out.push_back(child);
  }
  xq::Position mid;
  xq::set_fen(mid, "2bakab2/9/2n1c1n2/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1");
  out.push_back(mid);
  return out;
}

const std::vector<xq::Position>& asked() {
  static const std::vector<xq::Position> all = positions();
  return all;
}

std::uint64_t read_le(const std::uint8_t* p, int n) {
  std::uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

void write_le(std::uint8_t* p, std::uint64_t v, int n) {
  for (int i = 0; i < n; ++i) p[i] = std::uint8_t(v >> (8 * i));
}

// Rows of `row_bytes` from `data`, each key (its first `key_bytes`) replaced by a real
// position's; sorted by the whole row's key and move unless `keep_order`.
std::string rows_with_real_keys(const std::uint8_t* data, std::size_t size, std::size_t row_bytes, int key_bytes,
                                bool eleeye, bool keep_order) {
  std::vector<std::vector<std::uint8_t>> rows;
  for (std::size_t at = 0; at + row_bytes <= size; at += row_bytes) {
    std::vector<std::uint8_t> row(data + at, data + at + row_bytes);
    const int pick = row[0];
    const xq::Position& pos = asked()[(pick / 2) % asked().size()];
    const bool mirrored = pick % 2 == 1;
    const std::uint64_t key = eleeye ? xq::book::eleeye::lock(pos, mirrored)
                                     : mirrored ? xq::book::mirrored_key(pos) : pos.key();
    write_le(row.data(), key, key_bytes);
    rows.push_back(std::move(row));
  }
  if (!keep_order)
    std::sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
      const std::uint64_t ka = read_le(a.data(), key_bytes), kb = read_le(b.data(), key_bytes);
      if (ka != kb) return ka < kb;
      return read_le(a.data() + key_bytes, 2) < read_le(b.data() + key_bytes, 2);
    });
  std::string out;
  for (const auto& r : rows) out.append(reinterpret_cast<const char*>(r.data()), r.size());
  return out;
}

std::string file_from(const std::uint8_t* data, std::size_t size) {
  const int mode = data[0] % 3;
  ++data, --size;
  if (mode == 0 || size == 0) return std::string(reinterpret_cast<const char*>(data), size);
  const bool keep_order = data[0] & 1;
  if (mode == 1) {
    std::string rows = rows_with_real_keys(data, size, xq::book::xqb::ROW_BYTES, 8, false, keep_order);
    std::uint8_t header[xq::book::xqb::HEADER_BYTES] = {};
    std::memcpy(header, xq::book::xqb::MAGIC.data(), xq::book::xqb::MAGIC.size());
    write_le(header + 8, rows.size() / xq::book::xqb::ROW_BYTES, 4);
    return std::string(reinterpret_cast<const char*>(header), sizeof header) + rows;
  }
  return rows_with_real_keys(data, size, 8, 4, true, keep_order);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string bytes = file_from(data, size);
  std::string error;
  const std::shared_ptr<const xq::book::Book> book = xq::book::parse_book(bytes, "fuzz", error);
  if (!book) {
    if (error.empty()) std::abort();  // a refusal must say why
    return 0;
  }
  if (!error.empty()) std::abort();
  for (const xq::Position& pos : asked()) {
    xq::Position check = pos;
    const std::vector<xq::book::BookMove> found = book->moves(pos);
    for (std::size_t i = 0; i < found.size(); ++i) {
      const xq::Move m = found[i].move;
      if (!check.is_pseudo_legal(m) || !check.is_legal(m)) std::abort();
      // Heaviest first, and each move once (a move found under both mirror images is summed).
      if (i > 0 && found[i].weight > found[i - 1].weight) std::abort();
      for (std::size_t j = 0; j < i; ++j)
        if (found[j].move == m) std::abort();
    }
    if (check.key() != pos.key()) std::abort();  // moves() only reads the position
  }
  return 0;
}
