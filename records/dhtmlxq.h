// DhtmlXQ blocks as web pages embed them: [DhtmlXQ] ... [/DhtmlXQ] holding [DhtmlXQ_name]value
// [/DhtmlXQ_name] fields. The main line is DhtmlXQ_movelist, four digits a move (from file,
// from row, to file, to row; files 0-8 from Red's left, rows 0-9 from Black's side); a set-up
// position is DhtmlXQ_binit, two digits a piece for 32 pieces in a fixed order, 99 for absent;
// DhtmlXQ_commentN is the comment after move N; variations (DhtmlXQ_move_*) are skipped.
#pragma once

#include <string_view>

#include "records/game.h"

namespace xq::records {

bool has_dhtmlxq(std::string_view text);

// Every block of the (UTF-8) page as a game.
RecordFile read_dhtmlxq(std::string_view utf8);

}  // namespace xq::records
