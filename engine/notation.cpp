#include "notation.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include "tables.h"
#include "text.h"

namespace xq {

namespace {

PieceType type_from_letter(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'K': return KING;
    case 'A': return ADVISOR;
    case 'B':
    case 'E': return ELEPHANT;
    case 'N':
    case 'H': return HORSE;
    case 'R': return ROOK;
    case 'C': return CANNON;
    case 'P': return PAWN;
    default: return NO_PIECE_TYPE;
  }
}


// Reads the placement field into `pos`; returns an error message or "".
std::string read_placement(Position& pos, std::string_view placement) {
  int rank = RANK_NB - 1, file = 0, rows = 1;
  for (char c : placement) {
    if (c == '/') {
      if (file != FILE_NB) return "row " + std::to_string(rows) + " has " + std::to_string(file) + " squares, expected 9";
      if (++rows > RANK_NB) return "too many rows: expected 10";
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '9') {
      file += c - '0';
      if (file > FILE_NB) return "row " + std::to_string(rows) + " is wider than 9 squares";
    } else {
      const PieceType t = type_from_letter(c);
      if (t == NO_PIECE_TYPE) return std::string("unknown piece letter '") + c + "' in row " + std::to_string(rows);
      if (file >= FILE_NB) return "row " + std::to_string(rows) + " is wider than 9 squares";
      const Color col = std::isupper(static_cast<unsigned char>(c)) ? RED : BLACK;
      pos.put_piece(make_piece(col, t), make_square(file, rank));
      ++file;
    }
  }
  if (rows != RANK_NB) return "placement has " + std::to_string(rows) + " rows, expected 10";
  if (file != FILE_NB) return "row 10 has " + std::to_string(file) + " squares, expected 9";
  return "";
}

std::string check_counts(const Position& pos) {
  for (Color c : {RED, BLACK})
    for (int t = KING; t <= PAWN; ++t) {
      const int n = popcount(pos.pieces(c, PieceType(t)));
      if (t == KING && n == 0) return std::string("missing ") + color_name(c) + " king";
      if (n > max_count(PieceType(t)))
        return std::string("too many ") + color_name(c) + " " + type_name(PieceType(t)) + "s: " + std::to_string(n) +
               ", at most " + std::to_string(max_count(PieceType(t)));
    }
  return "";
}

// Placements the rules define but play cannot produce: a warning, or an error when strict.
std::vector<std::string> unusual_placements(const Position& pos) {
  const Tables& T = tables();
  std::vector<std::string> out;
  for (Color c : {RED, BLACK}) {
    for (SquareSet b = pos.pieces(c, ADVISOR); b;) {
      const Square s = pop_lsb(b);
      if (!T.advisor_point[c][s]) out.push_back(std::string(color_name(c)) + " advisor on " + square_to_string(s) + " is off its points");
    }
    for (SquareSet b = pos.pieces(c, ELEPHANT); b;) {
      const Square s = pop_lsb(b);
      if (!T.elephant_point[c][s]) out.push_back(std::string(color_name(c)) + " elephant on " + square_to_string(s) + " is off its points");
    }
    for (SquareSet b = pos.pieces(c, PAWN); b;) {
      const Square s = pop_lsb(b);
      const int rel_rank = c == RED ? rank_of(s) : 9 - rank_of(s);
      if (rel_rank < 3)
        out.push_back(std::string(color_name(c)) + " pawn on " + square_to_string(s) + " is behind its starting rank");
      else if (!pawn_crossed(c, s) && file_of(s) % 2 == 1)
        out.push_back(std::string(color_name(c)) + " pawn on " + square_to_string(s) + " is on a file it cannot have reached");
    }
  }
  return out;
}

// FEN fields 3-6 after the side to move: "- - halfmove fullmove". Fields may be left off from
// the right (the FENs written before the counters existed stop after the side to move).
struct MoveCounters {
  int rule60 = 0;
  int fullmove = 1;
};

// The largest counter a FEN may give: far beyond any game, and far enough below INT_MAX that
// the plies played on top of it cannot overflow.
constexpr int MAX_FEN_COUNTER = 100'000'000;

// A field quoted in an error, cut short: a hostile GUI may send megabytes in one token.
std::string excerpt(std::string_view field) {
  constexpr size_t MAX = 20;
  return field.size() <= MAX ? std::string(field) : std::string(field.substr(0, MAX)) + "...";
}

bool all_digits(std::string_view field) {
  return std::all_of(field.begin(), field.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Digits only: a sign, a fraction or a space inside is an error, not a number read in part.
std::string read_counter(std::string_view field, const char* name, int& value) {
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (!all_digits(field) || ec != std::errc() || end != field.data() + field.size() || value > MAX_FEN_COUNTER)
    return std::string("bad ") + name + " '" + excerpt(field) + "' (expected a whole number from 0 to " +
           std::to_string(MAX_FEN_COUNTER) + ")";
  return "";
}

std::string read_counters(const std::vector<std::string_view>& fields, MoveCounters& out) {
  static const char* const unused[] = {"castling", "en passant"};
  for (size_t i = 2; i < 4 && i < fields.size(); ++i) {
    if (fields[i] == "-") continue;
    return "field " + std::to_string(i + 1) + " must be '-' (Xiangqi has no " + unused[i - 2] + "), got '" +
           excerpt(fields[i]) + "'" + (all_digits(fields[i]) ? "; the move counters are fields 5 and 6" : "");
  }
  if (fields.size() > 4)
    if (std::string e = read_counter(fields[4], "halfmove clock", out.rule60); !e.empty()) return e;
  if (fields.size() > 5) {
    if (std::string e = read_counter(fields[5], "fullmove number", out.fullmove); !e.empty()) return e;
    out.fullmove = std::max(out.fullmove, 1);  // some writers start at 0; the game's first move is 1
  }
  return "";
}

}  // namespace

char piece_to_char(Piece p) {
  if (p == NO_PIECE) return '.';
  static const char letters[] = " KABNRCP";
  const char c = letters[type_of(p)];
  return color_of(p) == RED ? c : char(std::tolower(c));
}

FenResult set_fen(Position& pos, std::string_view fen, FenOptions opts) {
  FenResult res;
  const auto fields = split_words(fen);
  if (fields.empty()) return res.error = "empty FEN", res;
  if (fields.size() < 2) return res.error = "FEN has no side to move (expected w or b after the placement)", res;
  if (fields.size() > 6)
    return res.error = "FEN has " + std::to_string(fields.size()) +
                       " fields, expected at most 6 (placement, side, '-', '-', halfmove clock, fullmove number)", res;
  Position next;
  next.clear();
  if (std::string e = read_placement(next, fields[0]); !e.empty()) return res.error = e, res;
  if (std::string e = check_counts(next); !e.empty()) return res.error = e, res;
  for (Color c : {RED, BLACK})
    if (!in_palace(c, next.king_square(c)))
      return res.error = std::string(color_name(c)) + " king on " + square_to_string(next.king_square(c)) + " is outside its palace", res;
  const std::string_view side = fields[1];
  if (side == "w" || side == "r" || side == "W" || side == "R")
    next.set_side(RED);
  else if (side == "b" || side == "B")
    next.set_side(BLACK);
  else
    return res.error = "unknown side to move '" + excerpt(side) + "' (expected w, r or b)", res;
  MoveCounters counters;
  if (std::string e = read_counters(fields, counters); !e.empty()) return res.error = e, res;
  if (next.kings_facing()) return res.error = "the kings face each other on an open file", res;
  if (next.in_check(~next.side_to_move()))
    return res.error = std::string("the side not to move (") + color_name(~next.side_to_move()) + ") is in check", res;
  res.warnings = unusual_placements(next);
  if (opts.strict && !res.warnings.empty()) return res.error = "strict mode: " + res.warnings.front(), res;
  next.reset_history();
  next.set_move_counters(counters.rule60, counters.fullmove);
  pos = std::move(next);
  res.ok = true;
  return res;
}

std::string to_fen(const Position& pos) {
  std::string out;
  for (int r = RANK_NB - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < FILE_NB; ++f) {
      const Piece p = pos.piece_on(make_square(f, r));
      if (p == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += piece_to_char(p);
    }
    if (empty) out += char('0' + empty);
    if (r) out += '/';
  }
  out += pos.side_to_move() == RED ? " w" : " b";
  out += " - - " + std::to_string(pos.rule60_count()) + ' ' + std::to_string(pos.fullmove_number());
  return out;
}

MoveResult parse_move(Position& pos, std::string_view text) {
  MoveResult res;
  auto sq = [&](size_t i) -> Square {
    const char f = text[i], r = text[i + 1];
    if (f < 'a' || f > 'i' || r < '0' || r > '9') return SQ_NONE;
    return make_square(f - 'a', r - '0');
  };
  if (text.size() != 4 || sq(0) == SQ_NONE || sq(2) == SQ_NONE) {
    res.error = "malformed move '" + std::string(text) + "' (expected ICCS like h2e2: files a-i, ranks 0-9)";
    return res;
  }
  const Move m = make_move(sq(0), sq(2));
  if (!pos.is_pseudo_legal(m) || !pos.is_legal(m)) {
    res.error = "illegal move '" + std::string(text) + "' in this position";
    return res;
  }
  res.move = m;
  return res;
}

std::string board_diagram(const Position& pos) {
  std::ostringstream os;
  for (int r = RANK_NB - 1; r >= 0; --r) {
    os << r << ' ';
    for (int f = 0; f < FILE_NB; ++f) os << ' ' << piece_to_char(pos.piece_on(make_square(f, r)));
    os << '\n';
  }
  os << "   a b c d e f g h i   " << (pos.side_to_move() == RED ? "red" : "black") << " to move\n";
  os << "FEN: " << to_fen(pos) << '\n';
  return os.str();
}

}  // namespace xq
