// UTF-8 in and out, and the width folding records need: full-width ASCII (Ｃ２＝５, used by
// Chinese editors for WXF moves and Black's file digits) reads as plain ASCII.
#pragma once

#include <string>
#include <string_view>

namespace xq::records {

// Decodes the code point at s[i] and advances i; a malformed byte reads as U+FFFD, one byte.
char32_t next_code_point(std::string_view s, size_t& i);

void append_utf8(std::string& out, char32_t c);

// Is `s` well-formed UTF-8 (no overlong forms, no surrogates)?
bool valid_utf8(std::string_view s);

// Full-width forms U+FF01..U+FF5E become their ASCII twins, the ideographic space U+3000 a
// space; everything else is kept.
std::string fold_width(std::string_view s);

}  // namespace xq::records

namespace xq::records {

// At most `max_bytes` of `s`, cut at a character boundary, with "..." when cut: for quoting
// record text in messages (a message must stay valid UTF-8 for JSON).
std::string excerpt(std::string_view s, size_t max_bytes = 40);

}  // namespace xq::records
