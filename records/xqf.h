// XQF, the binary format of XQStudio and most Chinese game databases. Version 1.0 (0x0A) is
// published (tests/data/records and ../shared/records/eleeye/XQF-1.0-format.txt); later
// versions (0x0B and up, e.g. 0x12) obscure the start position, the moves and the comment
// lengths with offsets and a 32-byte key stream derived from header bytes 3 and 8-15. The
// scheme was learnt from ElephantEye's reader (XQFTOOLS/xqf2pgn.cpp); the code is our own.
// The main line is read with its comments (converted to UTF-8); variations are skipped.
#pragma once

#include <string_view>

#include "records/game.h"

namespace xq::records {

bool is_xqf(std::string_view bytes);  // the "XQ" signature

RecordFile read_xqf(std::string_view bytes);

}  // namespace xq::records
