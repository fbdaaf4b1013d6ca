#include "records/encoding.h"

#include <iconv.h>

#include <cerrno>
#include <memory>

#include "records/utf8.h"

namespace xq::records {
namespace {

// Characters nearly every Chinese record holds, simplified and traditional; a wrong decoding
// turns them into rare ideographs.
constexpr std::u32string_view COMMON =
    U"车马炮相仕帅将士象卒兵进退平前后車馬砲俥傌帥將進後红黑先胜负和局一二三四五六七八九";

int score(std::string_view utf8) {
  int n = 0;
  for (size_t i = 0; i < utf8.size();) {
    const char32_t c = next_code_point(utf8, i);
    if (c >= 0x80 && COMMON.find(c) != std::u32string_view::npos) ++n;
  }
  return n;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

}  // namespace

bool convert(std::string_view bytes, const char* from, const char* to, std::string& out) {
  iconv_t cd = iconv_open(to, from);
  if (cd == reinterpret_cast<iconv_t>(-1)) return false;
  std::unique_ptr<void, int (*)(iconv_t)> guard(cd, iconv_close);
  out.clear();
  std::string in(bytes);
  char* inp = in.data();
  size_t inleft = in.size();
  char buf[4096];
  while (inleft > 0) {
    char* outp = buf;
    size_t outleft = sizeof buf;
    const size_t r = iconv(cd, &inp, &inleft, &outp, &outleft);
    out.append(buf, size_t(outp - buf));
    if (r == size_t(-1) && errno != E2BIG) return false;  // EILSEQ or a truncated sequence (EINVAL)
  }
  return true;
}

Utf8Text to_utf8(std::string_view bytes) {
  Utf8Text res;
  if (starts_with(bytes, "\xEF\xBB\xBF")) bytes.remove_prefix(3);
  else if (starts_with(bytes, "\xFF\xFE") || starts_with(bytes, "\xFE\xFF")) {
    res.encoding = bytes[0] == '\xFF' ? "UTF-16LE" : "UTF-16BE";
    if (!convert(bytes.substr(2), res.encoding.c_str(), "UTF-8", res.text))
      return {"", res.encoding, "malformed " + res.encoding + " text"};
    return res;
  }
  if (valid_utf8(bytes)) {
    res.text = std::string(bytes);
    res.encoding = "UTF-8";
    return res;
  }
  // A file cut in the middle of its last character: UTF-8 up to there.
  for (size_t cut = 1; cut <= 3 && cut < bytes.size(); ++cut)
    if (static_cast<unsigned char>(bytes[bytes.size() - cut]) >= 0xC0 && valid_utf8(bytes.substr(0, bytes.size() - cut)))
      return {std::string(bytes.substr(0, bytes.size() - cut)), "UTF-8", ""};
  std::string gb, big5;
  const bool gb_ok = convert(bytes, "GB18030", "UTF-8", gb);
  const bool big5_ok = convert(bytes, "BIG5", "UTF-8", big5);
  if (!gb_ok && !big5_ok)
    return {"", "", "the text is neither UTF-8 nor GB18030/GBK/GB2312 nor Big5 (invalid byte sequences for each)"};
  if (gb_ok && (!big5_ok || score(gb) >= score(big5))) return {gb, "GB18030", ""};
  return {big5, "BIG5", ""};
}

}  // namespace xq::records
