#include "records/record.h"

#include "records/dhtmlxq.h"
#include "records/encoding.h"
#include "records/pgn.h"
#include "records/xqf.h"

namespace xq::records {

RecordFile read_record(std::string_view bytes) {
  if (bytes.empty()) {
    RecordFile f;
    f.error = "empty file";
    return f;
  }
  if (is_xqf(bytes)) return read_xqf(bytes);
  const Utf8Text text = to_utf8(bytes);
  if (!text.ok()) {
    RecordFile f;
    f.error = text.error;
    return f;
  }
  RecordFile f = has_dhtmlxq(text.text) ? read_dhtmlxq(text.text) : read_pgn(text.text);
  f.encoding = text.encoding;
  return f;
}

}  // namespace xq::records
