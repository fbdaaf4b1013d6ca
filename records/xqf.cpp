#include "records/xqf.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "engine/notation.h"
#include "records/encoding.h"
#include "records/utf8.h"

namespace xq::records {
namespace {

constexpr size_t HEADER_SIZE = 0x400;  // move records start here

// Header offsets (XQF-1.0-format.txt, part 4.A).
constexpr size_t AT_VERSION = 2, AT_PIECES = 0x10, AT_RESULT = 0x33, AT_SETUP = 0x40;
constexpr size_t AT_TITLE = 0x50, AT_EVENT = 0xD0, AT_DATE = 0x110, AT_SITE = 0x120, AT_RED = 0x130, AT_BLACK = 0x140;

// The 32 start squares' owners, in file order: Red then Black, each
// rook horse elephant advisor king advisor elephant horse rook cannon cannon pawn x5.
constexpr PieceType PIECE_ORDER[16] = {ROOK, HORSE, ELEPHANT, ADVISOR, KING, ADVISOR, ELEPHANT, HORSE,
                                       ROOK, CANNON, CANNON, PAWN, PAWN, PAWN, PAWN, PAWN};

using u8 = std::uint8_t;

// What the header says about the obscuring of versions 0x0B and up (all zero for 1.0).
struct Keys {
  u8 piece_off = 0, src_off = 0, dst_off = 0;
  int comment_off = 0;
  std::array<u8, 32> stream{};
};

u8 byte_at(std::string_view b, size_t i) { return static_cast<u8>(b[i]); }

Keys derive_keys(std::string_view b) {
  Keys k;
  if (byte_at(b, AT_VERSION) < 0x0B) return k;
  // Each offset is a byte-truncated polynomial of one header byte, chained through the last.
  auto poly = [](u8 x) { return unsigned(x) * x * 54 + 221; };
  k.piece_off = u8(poly(byte_at(b, 13)) * byte_at(b, 13));
  k.src_off = u8(poly(byte_at(b, 14)) * k.piece_off);
  k.dst_off = u8(poly(byte_at(b, 15)) * k.src_off);
  k.comment_off = (byte_at(b, 12) * 256 + byte_at(b, 13)) % 32000 + 767;
  // The key stream: header bytes 8-11 or'ed with bytes 12-15 under byte 3's mask, each byte
  // then masked by a fixed 32-character text.
  static constexpr std::string_view MASK = "[(C) Copyright Mr. Dong Shiwei.]";
  for (size_t i = 0; i < 32; ++i) {
    const u8 key = u8(byte_at(b, 8 + i % 4) | (byte_at(b, 12 + i % 4) & byte_at(b, 3)));
    k.stream[i] = u8(key & u8(MASK[i]));
  }
  return k;
}

// Reads the move records, undoing the key stream byte by byte in file order.
class RecordReader {
 public:
  RecordReader(std::string_view bytes, const Keys& keys) : b_(bytes), keys_(keys) {}
  bool read(u8* out, size_t n) {
    if (b_.size() - at_ < n) return false;
    for (size_t i = 0; i < n; ++i) {
      out[i] = u8(byte_at(b_, at_++) - keys_.stream[index_]);
      index_ = (index_ + 1) % 32;
    }
    return true;
  }
  bool read_int(std::int32_t& v) {
    u8 le[4];
    if (!read(le, 4)) return false;
    v = std::int32_t(std::uint32_t(le[0]) | std::uint32_t(le[1]) << 8 | std::uint32_t(le[2]) << 16 | std::uint32_t(le[3]) << 24);
    return true;
  }
  size_t remaining() const { return b_.size() - at_; }

 private:
  std::string_view b_;
  const Keys& keys_;
  size_t at_ = HEADER_SIZE;
  size_t index_ = 0;
};

// Header strings: a length byte, then the text (GB18030 as XQStudio writes it).
std::string header_text(std::string_view b, size_t at, size_t room) {
  const size_t len = std::min<size_t>(byte_at(b, at), room - 1);
  const Utf8Text t = to_utf8(b.substr(at + 1, len));
  return t.ok() ? t.text : "";
}

// Line ends as LF and no blank ends, as the PGN reader keeps comments: a game converted to PGN
// and read back has the same comments.
std::string comment_text(const std::string& raw) {
  const Utf8Text t = to_utf8(raw);
  if (!t.ok()) return "(a comment in an unknown encoding)";
  std::string out;
  for (const char c : t.text)
    if (c != '\r') out += c;
  const size_t first = out.find_first_not_of(" \t\n");
  if (first == std::string::npos) return "";
  return out.substr(first, out.find_last_not_of(" \t\n") - first + 1);
}

// The start position: the standard one for full games and openings (setup types 0 and 1),
// else the 32 obscured squares (X*10+Y; 90 and above: the piece is absent).
std::string start_position(std::string_view b, const Keys& k, Position& pos) {
  if (byte_at(b, AT_SETUP) < 2) return "";
  u8 squares[32];
  for (int i = 0; i < 32; ++i) {
    const u8 v = u8(byte_at(b, AT_PIECES + i) - k.piece_off);
    // From version 0x0C the list is also rotated by the piece offset.
    const int slot = byte_at(b, AT_VERSION) < 0x0C ? i : (k.piece_off + 1 + i) % 32;
    squares[slot] = v;
  }
  Position next;
  next.clear();
  for (int i = 0; i < 32; ++i) {
    if (squares[i] >= 90) continue;
    const Square s = make_square(squares[i] / 10, squares[i] % 10);
    if (next.piece_on(s) != NO_PIECE) return "two pieces on " + square_to_string(s) + " in the start position";
    next.put_piece(make_piece(i < 16 ? RED : BLACK, PIECE_ORDER[i % 16]), s);
  }
  next.set_side(RED);
  const FenResult fr = set_fen(pos, to_fen(next));
  return fr.ok ? "" : "bad start position: " + fr.error;
}

const char* result_of(u8 code) {
  static const char* const results[] = {"", "1-0", "0-1", "1/2-1/2"};
  return code < 4 ? results[code] : "";
}

// Steps through the move records; "" or the problem that stopped it.
std::string read_moves(std::string_view b, const Keys& k, Position& pos, GameRecord& g) {
  RecordReader r(b, k);
  const bool v1 = byte_at(b, AT_VERSION) < 0x0B;
  for (int n = 0;; ++n) {
    u8 rec[4];
    if (!r.read(rec, 4)) return n == 0 ? "no move records" : "truncated after move " + std::to_string(n - 1);
    std::int32_t comment_len = 0;
    if (v1 || (rec[2] & 0x20)) {
      if (!r.read_int(comment_len)) return "truncated in record " + std::to_string(n);
      if (!v1) comment_len -= k.comment_off;
    }
    if (comment_len < 0 || size_t(comment_len) > r.remaining())
      return "truncated or corrupt: the comment of record " + std::to_string(n) + " claims " + std::to_string(comment_len) +
             " bytes, past the end of the file";
    const bool has_next = v1 ? (rec[2] & 0xF0) != 0 : (rec[2] & 0x80) != 0;
    if (n > 0) {  // record 0 is the empty move before the game
      const u8 from = u8(rec[0] - 24 - k.src_off), to = u8(rec[1] - 32 - k.dst_off);
      if (from >= 90 || to >= 90) return "move " + std::to_string(n) + " has a square off the board";
      if (n == 1 && color_of(pos.piece_on(make_square(from / 10, from % 10))) == BLACK && pos.side_to_move() == RED &&
          pos.piece_on(make_square(from / 10, from % 10)) != NO_PIECE) {
        const std::string fen = to_fen(pos);
        set_fen(pos, fen.substr(0, fen.find(' ')) + " b");  // Black moves first in this set-up
        g.start_fen = to_fen(pos);
      }
      const Move m = make_move(make_square(from / 10, from % 10), make_square(to / 10, to % 10));
      if (!is_ok(m) || !pos.is_pseudo_legal(m) || !pos.is_legal(m))
        return "move " + std::to_string(pos.fullmove_number()) + " (" + side_name(pos.side_to_move()) +
               ") " + move_to_string(m) + " is illegal";
      pos.do_move(m);
      g.moves.push_back(m);
      g.move_texts.push_back(move_to_string(m));
      g.comments.emplace_back();
    }
    if (comment_len > 0) {
      std::string raw(size_t(comment_len), '\0');
      r.read(reinterpret_cast<u8*>(raw.data()), raw.size());
      g.comments.back() = comment_text(raw);
    }
    if (!has_next) return "";
  }
}

}  // namespace

bool is_xqf(std::string_view bytes) { return bytes.size() >= 2 && bytes[0] == 'X' && bytes[1] == 'Q'; }

RecordFile read_xqf(std::string_view b) {
  RecordFile file;
  file.format = "xqf";
  if (!is_xqf(b)) return file.error = "not an XQF file (no 'XQ' signature)", file;
  if (b.size() < HEADER_SIZE) return file.error = "truncated XQF file: " + std::to_string(b.size()) + " bytes, the header alone has 1024", file;
  GameRecord g;
  g.number = 1;
  g.notation = "xqf";
  static const std::pair<size_t, const char*> tags[] = {{AT_TITLE, "Title"}, {AT_EVENT, "Event"}, {AT_DATE, "Date"},
                                                        {AT_SITE, "Site"},   {AT_RED, "Red"},     {AT_BLACK, "Black"}};
  for (const auto& [at, name] : tags) {
    const size_t room = at == AT_TITLE || at == AT_EVENT ? 64 : 16;
    if (std::string v = header_text(b, at, room); !v.empty()) g.tags.emplace_back(name, v);
  }
  g.result = result_of(byte_at(b, AT_RESULT));
  const Keys keys = derive_keys(b);
  Position pos;
  if (std::string e = start_position(b, keys, pos); !e.empty()) {
    g.error = g.label() + ": " + e;
  } else {
    g.start_fen = to_fen(pos);
    if (std::string e2 = read_moves(b, keys, pos, g); !e2.empty()) g.error = g.label() + ": " + e2;
  }
  file.games.push_back(std::move(g));
  return file;
}

}  // namespace xq::records
