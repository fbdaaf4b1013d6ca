// Our book file (.xqb; book/README.md has the layout): a 16-byte header, then 24-byte rows
// sorted by (key, move), all little endian.
//
//   header: "XQBOOK01" (8 bytes), row count (u32), 0 (u32, reserved)
//   row:    key (u64, engine/zobrist.h), move (u16, engine/types.h encoding),
//           weight (u16), wins, draws, losses (u32 each, from the mover's side)
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "book.h"

namespace xq::book::xqb {

inline constexpr std::string_view MAGIC = "XQBOOK01";
constexpr std::size_t HEADER_BYTES = 16;
constexpr std::size_t ROW_BYTES = 24;

bool has_magic(std::string_view bytes);

// The file's bytes for `entries` (sorted here by key, then move).
std::string write(std::vector<Entry> entries);

// The rows of a file: false and `error` (what, at which row) for a bad header, a size that
// does not match the count, rows out of order or repeated, or a move no square pair makes.
bool read(std::string_view bytes, std::vector<Entry>& out, std::string& error);

}  // namespace xq::book::xqb
