// The encodings Xiangqi records come in, detected and converted to UTF-8 with glibc's iconv.
// No file I/O: bytes in, text out.
#pragma once

#include <string>
#include <string_view>

namespace xq::records {

struct Utf8Text {
  std::string text;      // UTF-8, without a byte-order mark
  std::string encoding;  // "UTF-8", "UTF-16LE", "UTF-16BE", "GB18030" or "BIG5"
  std::string error;     // set when no encoding fits; text is then empty
  bool ok() const { return error.empty(); }
};

// Detection: a byte-order mark decides; else valid UTF-8 is UTF-8; else the text is decoded as
// GB18030 (a superset of GB2312 and GBK) and as Big5, and the reading with more of the
// characters Xiangqi records use (piece names, 进/退/平 in simplified and traditional forms)
// wins: Big5 bytes are mostly valid GB18030 too, so validity alone cannot tell them apart.
Utf8Text to_utf8(std::string_view bytes);

// Converts with iconv; false when the bytes are not valid in `from`.
bool convert(std::string_view bytes, const char* from, const char* to, std::string& out);

}  // namespace xq::records
