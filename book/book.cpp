#include "book.h"

#include <algorithm>

#include "eleeye.h"
#include "engine/movegen.h"
#include "engine/zobrist.h"
#include "xqb_format.h"

namespace xq::book {
namespace {

constexpr std::size_t ELEEYE_ROW_BYTES = 8;

std::uint32_t le32(std::string_view b, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= std::uint32_t(static_cast<unsigned char>(b[at + i])) << (8 * i);
  return v;
}
std::uint16_t le16(std::string_view b, std::size_t at) {
  return std::uint16_t(static_cast<unsigned char>(b[at]) | (static_cast<unsigned char>(b[at + 1]) << 8));
}

// BOOK.DAT has no header: it is recognised by its shape, whole records sorted by lock whose
// moves join two board squares. A file of another kind fails one of these within a few rows.
bool read_eleeye(std::string_view bytes, std::vector<Entry>& out, std::string& error) {
  if (bytes.empty()) return error = "the file is empty", false;
  if (bytes.size() % ELEEYE_ROW_BYTES != 0)
    return error = "not a book: no xqb header, and " + std::to_string(bytes.size()) +
                   " bytes are not whole 8-byte BOOK.DAT records",
           false;
  std::vector<Entry> rows(bytes.size() / ELEEYE_ROW_BYTES);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::size_t at = i * ELEEYE_ROW_BYTES;
    rows[i].key = le32(bytes, at);
    rows[i].move = le16(bytes, at + 4);
    rows[i].weight = le16(bytes, at + 6);
    const std::string row = "not a book: as BOOK.DAT, record " + std::to_string(i + 1);
    if (!eleeye::from_move(rows[i].move)) return error = row + " has no move between two board squares", false;
    if (i > 0 && rows[i].key < rows[i - 1].key) return error = row + " is out of order (records sort by lock)", false;
  }
  out = std::move(rows);
  return true;
}

}  // namespace

const char* format_name(Format format) { return format == Format::Xqb ? "xqb" : "ElephantEye BOOK.DAT"; }

std::shared_ptr<const Book> parse_book(std::string_view bytes, std::string source, std::string& error) {
  std::vector<Entry> entries;
  const Format format = xqb::has_magic(bytes) ? Format::Xqb : Format::ElephantEye;
  const bool ok = format == Format::Xqb ? xqb::read(bytes, entries, error) : read_eleeye(bytes, entries, error);
  if (!ok) return nullptr;
  return std::make_shared<const Book>(format, std::move(entries), std::move(source));
}

Key mirrored_key(const Position& pos) {
  Key k = pos.side_to_move() == BLACK ? zobrist::side() : 0;
  for (Square s = 0; s < SQUARE_NB; ++s)
    if (pos.piece_on(s) != NO_PIECE) k ^= zobrist::piece_square(pos.piece_on(s), mirror_square(s));
  return k;
}

void Book::collect(std::uint64_t key, bool mirrored, const MoveList& legal, std::vector<BookMove>& out) const {
  const auto below = [](const Entry& e, std::uint64_t k) { return e.key < k; };
  for (auto it = std::lower_bound(entries_.begin(), entries_.end(), key, below); it != entries_.end() && it->key == key; ++it) {
    std::optional<Move> m = format_ == Format::Xqb ? std::optional<Move>(Move(it->move)) : eleeye::from_move(it->move);
    if (!m) continue;
    if (mirrored) *m = mirror_move(*m);
    // Another position may share the key (a 32-bit lock collides often enough): its moves
    // are dropped here unless they happen to be legal.
    if (std::find(legal.begin(), legal.end(), *m) == legal.end()) continue;
    auto same = std::find_if(out.begin(), out.end(), [&](const BookMove& b) { return b.move == *m; });
    if (same == out.end()) same = out.insert(out.end(), BookMove{*m, 0, 0, 0, 0});
    same->weight += it->weight;
    same->wins += it->wins;
    same->draws += it->draws;
    same->losses += it->losses;
  }
}

std::vector<BookMove> Book::moves(const Position& pos) const {
  Position copy = pos;  // move generation needs a mutable position
  const MoveList legal = legal_moves(copy);
  const std::uint64_t key = format_ == Format::Xqb ? pos.key() : eleeye::lock(pos);
  const std::uint64_t mirror = format_ == Format::Xqb ? mirrored_key(pos) : eleeye::lock(pos, true);
  std::vector<BookMove> out;
  collect(key, false, legal, out);
  if (mirror != key) collect(mirror, true, legal, out);  // a symmetric position is its own mirror
  std::sort(out.begin(), out.end(), [](const BookMove& a, const BookMove& b) {
    return a.weight != b.weight ? a.weight > b.weight : a.move < b.move;
  });
  return out;
}

}  // namespace xq::book
