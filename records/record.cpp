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
    // Both readings failed: say so, so that a binary file (a damaged XQF, a wrong file) is
    // not reported as badly encoded text alone.
    RecordFile f;
    f.error = "not an XQF file (no 'XQ' signature at the start) and not a text record: " + text.error;
    return f;
  }
  RecordFile f = has_dhtmlxq(text.text) ? read_dhtmlxq(text.text) : read_pgn(text.text);
  f.encoding = text.encoding;
  return f;
}

}  // namespace xq::records
