// Any record file's bytes to games: the format is told by content, not by the file's name
// (XQF by its "XQ" signature, DhtmlXQ by its [DhtmlXQ] block, else PGN), the text's encoding
// is detected and converted (records/encoding.h).
#pragma once

#include <string_view>

#include "records/game.h"

namespace xq::records {

RecordFile read_record(std::string_view bytes);

}  // namespace xq::records
