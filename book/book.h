// An opening book as the engine uses it: parsed once from the bytes of a file (ours, .xqb, or
// ElephantEye's BOOK.DAT, told apart by content), then asked for the moves of a position.
// Both formats are sorted tables keyed by a position hash; a hash names a position only with
// some chance of collision, so every move found is checked for legality before it is offered.
// The left-right mirror image of the position is looked up too and its moves mirrored back,
// so a book need store only one of two mirror-twin positions.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"

namespace xq::book {

enum class Format { Xqb, ElephantEye };

// One stored row: the position's key in the book's own hash (our Zobrist key for .xqb, the
// 32-bit lock of ElephantEye's for BOOK.DAT) and a move in the book's own encoding.
struct Entry {
  std::uint64_t key = 0;
  std::uint16_t move = 0;
  std::uint16_t weight = 0;
  std::uint32_t wins = 0, draws = 0, losses = 0;  // from the mover's side; 0 when unknown (BOOK.DAT)
};

// A move the book offers in a position: legal there, in our encoding.
struct BookMove {
  Move move = MOVE_NONE;
  std::uint32_t weight = 0;
  std::uint32_t wins = 0, draws = 0, losses = 0;
};

class Book {
 public:
  Book(Format format, std::vector<Entry> entries, std::string source)
      : format_(format), entries_(std::move(entries)), source_(std::move(source)) {}

  // The legal book moves of `pos` (and of its mirror image, mirrored back), a move found under
  // both summed, sorted by weight, heaviest first (ties by move). `pos` is only read.
  std::vector<BookMove> moves(const Position& pos) const;

  Format format() const { return format_; }
  std::size_t size() const { return entries_.size(); }
  const std::vector<Entry>& entries() const { return entries_; }
  const std::string& source() const { return source_; }  // the file it came from, or "<embedded>"

 private:
  void collect(std::uint64_t key, bool mirrored, const MoveList& legal, std::vector<BookMove>& out) const;

  Format format_;
  std::vector<Entry> entries_;  // sorted by key (then move for .xqb)
  std::string source_;
};

// Reads a book from a file's bytes: ours when they start with the .xqb magic, else
// ElephantEye's when they make whole 8-byte records sorted by lock. nullptr and `error` set
// (what is wrong, where) otherwise. `source` names the book in messages.
std::shared_ptr<const Book> parse_book(std::string_view bytes, std::string source, std::string& error);

// "xqb" or "ElephantEye BOOK.DAT": for messages.
const char* format_name(Format format);

// The file mirrored left-right: file a <-> file i.
constexpr Square mirror_square(Square s) { return make_square(FILE_NB - 1 - file_of(s), rank_of(s)); }
constexpr Move mirror_move(Move m) { return make_move(mirror_square(from_sq(m)), mirror_square(to_sq(m))); }

// Our Zobrist key of the position's mirror image (engine/zobrist.h), same side to move.
Key mirrored_key(const Position& pos);

// The default book (data/book/default.xqb), embedded in the binary; parsed on first use.
std::string_view embedded_bytes();
std::shared_ptr<const Book> embedded_book();
// The BookFile value that names the embedded book.
constexpr const char* EMBEDDED_BOOK_NAME = "<embedded>";

}  // namespace xq::book
