#include "records/move_text.h"

#include <cctype>
#include <vector>

#include "engine/movegen.h"
#include "records/utf8.h"

namespace xq::records {
namespace {

// Which of several pieces of a kind on one file a text names, counted from the mover's front.
constexpr int ORDER_NONE = 0;  // 1..5: the n-th from the front (前 is 1)
constexpr int ORDER_REAR = -1;
constexpr int ORDER_MIDDLE = -2;

// A move as descriptive notations name it: piece, where it stands, how it moves.
struct Described {
  PieceType type = NO_PIECE_TYPE;
  int file = 0;  // the from-file counted from the mover's right, 1-9; 0 when not written
  int order = ORDER_NONE;
  char action = 0;  // '+' advance, '-' retreat, '.' traverse
  int number = 0;   // ranks moved (K R C P going up or down) or the file arrived on
};

int own_file(Color c, int board_file) { return c == RED ? 9 - board_file : board_file + 1; }

// Rooks, cannons, kings and pawns count ranks when they go up or down; the others name the
// file they land on, since they cannot move straight.
bool moves_straight(PieceType t) { return t == KING || t == ROOK || t == CANNON || t == PAWN; }

struct FilePlace {
  int order = 1;  // 1 = the front one
  int count = 1;  // pieces of this kind and colour on the file
};

FilePlace place_on_file(const Position& pos, Square s) {
  const Piece p = pos.piece_on(s);
  const bool red = color_of(p) == RED;
  FilePlace fp{1, 0};
  for (int r = 0; r < RANK_NB; ++r) {
    if (pos.piece_on(make_square(file_of(s), r)) != p) continue;
    ++fp.count;
    if (red ? r > rank_of(s) : r < rank_of(s)) ++fp.order;
  }
  return fp;
}

Described describe_motion(Color c, PieceType t, Move m) {
  Described d;
  d.type = t;
  const int ahead = (rank_of(to_sq(m)) - rank_of(from_sq(m))) * (c == RED ? 1 : -1);
  if (ahead == 0) {
    d.action = '.';
    d.number = own_file(c, file_of(to_sq(m)));
  } else {
    d.action = ahead > 0 ? '+' : '-';
    d.number = moves_straight(t) ? (ahead > 0 ? ahead : -ahead) : own_file(c, file_of(to_sq(m)));
  }
  return d;
}

bool selector_matches(const Described& d, Color c, Square from, FilePlace fp) {
  if (d.file && d.file != own_file(c, file_of(from))) return false;
  if (d.order == ORDER_NONE) return true;
  if (fp.count < 2) return false;
  if (d.order == ORDER_REAR) return fp.order == fp.count;
  if (d.order == ORDER_MIDDLE) return fp.count % 2 == 1 && fp.order == (fp.count + 1) / 2;
  return fp.order == d.order;
}

std::string quoted(std::string_view text) {
  return "'" + excerpt(text) + "'";  // a 10 MB "move" is quoted by its start
}

MoveResult resolve(Position& pos, const Described& d, std::string_view text) {
  const Color us = pos.side_to_move();
  std::vector<Move> found;
  for (const Move m : legal_moves(pos)) {
    const Piece p = pos.piece_on(from_sq(m));
    if (type_of(p) != d.type) continue;
    const Described motion = describe_motion(us, d.type, m);
    if (motion.action != d.action || motion.number != d.number) continue;
    if (selector_matches(d, us, from_sq(m), place_on_file(pos, from_sq(m)))) found.push_back(m);
  }
  MoveResult res;
  if (found.size() == 1) {
    res.move = found.front();
    return res;
  }
  if (found.empty()) {
    res.error = "no legal " + std::string(color_name(us)) + " move matches " + quoted(text);
  } else {
    res.error = "ambiguous move " + quoted(text) + ": it fits";
    for (const Move m : found) res.error += " " + move_to_string(m);
  }
  return res;
}

// ---------------------------------------------------------------------------------------------
// Coordinates.

bool read_square(std::string_view s, size_t& i, bool from_one, Square& sq) {
  if (i >= s.size() || s[i] < 'a' || s[i] > 'i') return false;
  const int file = s[i++] - 'a';
  int rank = 0, digits = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && digits < 2) rank = rank * 10 + (s[i++] - '0'), ++digits;
  if (digits == 0) return false;
  if (from_one) --rank;
  if (rank < 0 || rank >= RANK_NB) return false;
  sq = make_square(file, rank);
  return true;
}

// "h2e2", "H2-E2"; false when the text has another shape.
bool read_coordinates(std::string_view text, bool from_one, Move& m) {
  std::string s;
  for (const char c : text)
    if (c != '-') s += char(std::tolower(static_cast<unsigned char>(c)));
  size_t i = 0;
  Square from = SQ_NONE, to = SQ_NONE;
  if (!read_square(s, i, from_one, from) || !read_square(s, i, from_one, to) || i != s.size()) return false;
  m = make_move(from, to);
  return true;
}

// ---------------------------------------------------------------------------------------------
// WXF.

PieceType type_from_letter(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'K': return KING;
    case 'A': return ADVISOR;
    case 'E': case 'B': return ELEPHANT;
    case 'H': case 'N': return HORSE;
    case 'R': return ROOK;
    case 'C': return CANNON;
    case 'P': return PAWN;
    default: return NO_PIECE_TYPE;
  }
}

bool is_digit(char c) { return c >= '1' && c <= '9'; }

// [+|-|index] letter [file | +|-] action number, or letter file number for a traverse.
bool parse_wxf(std::string_view s, Described& d) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) d.order = s[i++] == '+' ? 1 : ORDER_REAR;
  else if (s.size() >= 2 && is_digit(s[0]) && type_from_letter(s[1]) != NO_PIECE_TYPE) d.order = s[i++] - '0';
  if (i >= s.size() || (d.type = type_from_letter(s[i])) == NO_PIECE_TYPE) return false;
  ++i;
  std::string_view rest = s.substr(i);
  if (d.order == ORDER_NONE && rest.size() == 3 && (rest[0] == '+' || rest[0] == '-')) {
    d.order = rest[0] == '+' ? 1 : ORDER_REAR;  // "R++6": the marker in place of the file
    rest.remove_prefix(1);
  } else if (rest.size() == 3 || (rest.size() == 2 && d.order == ORDER_NONE)) {
    if (!is_digit(rest[0])) return false;
    d.file = rest[0] - '0';
    rest.remove_prefix(1);
  }
  const std::string_view motion = rest;
  if (motion.size() == 1 && is_digit(motion[0])) {
    d.action = '.';  // "C25"
  } else if (motion.size() == 2 && is_digit(motion[1]) && std::string_view("+-.=").find(motion[0]) != std::string_view::npos) {
    d.action = motion[0] == '=' ? '.' : motion[0];
  } else {
    return false;
  }
  d.number = motion.back() - '0';
  return d.order != ORDER_NONE || d.file != 0;
}

// ---------------------------------------------------------------------------------------------
// Chinese.

constexpr std::u32string_view RED_NUMERALS = U"一二三四五六七八九";

struct Glyph {
  char kind = '?';  // P piece, N number, A action, M marker
  int value = 0;    // type, number, action char or order
};

Glyph glyph(char32_t c) {
  if (const size_t k = RED_NUMERALS.find(c); k != std::u32string_view::npos) return {'N', int(k) + 1};
  if (c >= '1' && c <= '9') return {'N', int(c - '0')};
  switch (c) {
    case U'帅': case U'帥': case U'将': case U'將': return {'P', KING};
    case U'仕': case U'士': return {'P', ADVISOR};
    case U'相': case U'象': return {'P', ELEPHANT};
    case U'马': case U'馬': case U'傌': return {'P', HORSE};
    case U'车': case U'車': case U'俥': return {'P', ROOK};
    case U'炮': case U'砲': case U'包': return {'P', CANNON};
    case U'兵': case U'卒': return {'P', PAWN};
    case U'进': case U'進': return {'A', '+'};
    case U'退': return {'A', '-'};
    case U'平': return {'A', '.'};
    case U'前': return {'M', 1};
    case U'中': return {'M', ORDER_MIDDLE};
    case U'后': case U'後': return {'M', ORDER_REAR};
    default: return {};
  }
}

// Shapes: 炮二平五 (PNAN), 前卒进１ (MPAN), 二兵平三 (NPAN, the n-th from the front),
// 前兵七进一 / 二兵七平六 (with the file, when two files hold several pawns), 前七进一 (MNAN: a
// pawn, named by marker and file alone).
bool parse_chinese(std::string_view utf8, Described& d) {
  std::vector<Glyph> g;
  std::string shape;
  for (size_t i = 0; i < utf8.size();) {
    const char32_t c = next_code_point(utf8, i);
    if (c == ' ') continue;
    g.push_back(glyph(c));
    shape += g.back().kind;
  }
  if (shape.size() < 4 || shape.substr(shape.size() - 2) != "AN") return false;
  d.action = char(g[g.size() - 2].value);
  d.number = g.back().value;
  const std::string head = shape.substr(0, shape.size() - 2);
  if (head == "PN") d.type = PieceType(g[0].value), d.file = g[1].value;
  else if (head == "MP") d.type = PieceType(g[1].value), d.order = g[0].value;
  else if (head == "NP" && g[0].value <= 5) d.type = PieceType(g[1].value), d.order = g[0].value;
  else if (head == "MPN" || (head == "NPN" && g[0].value <= 5))
    d.type = PieceType(g[1].value), d.order = g[0].value, d.file = g[2].value;
  else if (head == "MN") d.type = PAWN, d.order = g[0].value, d.file = g[1].value;
  else return false;
  return true;
}

bool has_non_ascii(std::string_view s) {
  for (const char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// Writing.

Described describe_move(Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const PieceType t = type_of(pos.piece_on(from_sq(m)));
  Described d = describe_motion(us, t, m);
  const FilePlace fp = place_on_file(pos, from_sq(m));
  // Advisors and elephants on one file are told apart by their direction.
  if (fp.count < 2 || t == ADVISOR || t == ELEPHANT) {
    d.file = own_file(us, file_of(from_sq(m)));
    return d;
  }
  d.order = fp.order == fp.count ? ORDER_REAR : fp.count == 3 && fp.order == 2 ? ORDER_MIDDLE : fp.order;
  if (fp.count >= 4) d.order = fp.order;  // four or five: counted from the front
  // Pawns may stand in twos on two files: the marker alone would not say which.
  for (SquareSet b = pos.pieces(us, t); b;) {
    const Square s = pop_lsb(b);
    if (file_of(s) != file_of(from_sq(m)) && place_on_file(pos, s).count >= 2) d.file = own_file(us, file_of(from_sq(m)));
  }
  return d;
}

std::string wxf_text(const Described& d) {
  std::string s;
  if (d.order == 1) s += '+';
  else if (d.order == ORDER_REAR) s += '-';
  else if (d.order == ORDER_MIDDLE) s += '2';
  else if (d.order > 1) s += char('0' + d.order);
  s += " KAEHRCP"[d.type];
  if (d.file) s += char('0' + d.file);
  return s + d.action + char('0' + d.number);
}

std::string chinese_text(const Described& d, Color c) {
  static const char32_t* const names[] = {U"", U"帅将", U"仕士", U"相象", U"马马", U"车车", U"炮炮", U"兵卒"};
  auto number = [&](int n) { return c == RED ? RED_NUMERALS[n - 1] : char32_t(0xFF10 + n); };
  std::u32string s;
  if (d.order == 1) s += U'前';
  else if (d.order == ORDER_REAR) s += U'后';
  else if (d.order == ORDER_MIDDLE) s += U'中';
  else if (d.order >= 1) s += RED_NUMERALS[d.order - 1];
  s += names[d.type][c];
  if (d.file) s += number(d.file);
  s += d.action == '+' ? U'进' : d.action == '-' ? U'退' : U'平';
  s += number(d.number);
  std::string out;
  for (const char32_t ch : s) append_utf8(out, ch);
  return out;
}

}  // namespace

const char* to_string(Notation n) {
  switch (n) {
    case Notation::Iccs: return "iccs";
    case Notation::Wxf: return "wxf";
    case Notation::Chinese: return "chinese";
    default: return "unknown";
  }
}

Notation notation_of(std::string_view token) {
  const std::string s = fold_width(token);
  Described d;
  Move m;
  if (has_non_ascii(s)) return parse_chinese(s, d) ? Notation::Chinese : Notation::Unknown;
  if (read_coordinates(s, false, m) || read_coordinates(s, true, m)) return Notation::Iccs;
  return parse_wxf(s, d) ? Notation::Wxf : Notation::Unknown;
}

MoveResult read_move(Position& pos, std::string_view text, Notation notation, bool ranks_from_one) {
  const std::string s = fold_width(text);
  MoveResult res;
  Described d;
  switch (notation) {
    case Notation::Iccs: {
      Move m;
      if (!read_coordinates(s, ranks_from_one, m)) {
        res.error = "malformed coordinate move " + quoted(text) + " (expected like h2e2 or H2-E2)";
        return res;
      }
      if (!pos.is_pseudo_legal(m) || !pos.is_legal(m)) {
        res.error = "illegal move " + quoted(text) + " in this position";
        return res;
      }
      res.move = m;
      return res;
    }
    case Notation::Wxf:
      if (!parse_wxf(s, d)) {
        res.error = "malformed WXF move " + quoted(text) + " (expected like C2.5, H8+7, +R-1)";
        return res;
      }
      return resolve(pos, d, text);
    case Notation::Chinese:
      if (!parse_chinese(s, d)) {
        res.error = "malformed Chinese move " + quoted(text) + " (expected like 炮二平五, 马８进７, 前卒进１)";
        return res;
      }
      return resolve(pos, d, text);
    default:
      res.error = "move " + quoted(text) + " is in no known notation";
      return res;
  }
}

std::string write_move(Position& pos, Move m, Notation notation) {
  if (notation == Notation::Iccs) return move_to_string(m);
  const Described d = describe_move(pos, m);
  return notation == Notation::Wxf ? wxf_text(d) : chinese_text(d, pos.side_to_move());
}

}  // namespace xq::records
