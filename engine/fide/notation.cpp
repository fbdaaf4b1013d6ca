#include "notation.h"

#include <cctype>
#include <charconv>
#include <vector>

#include "movegen.h"
#include "../text.h"

namespace xq::fide {

namespace {

constexpr const char* PIECE_CHARS = " PNBRQK  pnbrqk";

Piece piece_from_char(char c) {
  for (int p = 1; p < PIECE_NB; ++p)
    if (PIECE_CHARS[p] == c && c != ' ') return Piece(p);
  return NO_PIECE;
}

Square parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return SQ_NONE;
  return make_square(s[0] - 'a', s[1] - '1');
}

// Reads the placement field into `pos` (rank 8 first); returns an error message or "".
std::string read_placement(Position& pos, std::string_view placement) {
  int rank = 7, file = 0, rows = 1;
  for (char c : placement) {
    if (c == '/') {
      if (file != 8) return "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, expected 8";
      if (++rows > 8) return "too many ranks: expected 8";
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return "rank " + std::to_string(rank + 1) + " is wider than 8 squares";
    } else {
      const Piece p = piece_from_char(c);
      if (p == NO_PIECE) return std::string("unknown piece letter '") + c + "' on rank " + std::to_string(rank + 1);
      if (file >= 8) return "rank " + std::to_string(rank + 1) + " is wider than 8 squares";
      pos.put_piece(p, make_square(file, rank));
      ++file;
    }
  }
  if (rows != 8) return "placement has " + std::to_string(rows) + " ranks, expected 8";
  if (file != 8) return "rank 1 has " + std::to_string(file) + " squares, expected 8";
  return "";
}

std::string check_material(const Position& pos) {
  for (Color c : {WHITE, BLACK}) {
    const char* name = c == WHITE ? "white" : "black";
    const int kings = popcount(pos.pieces(c, KING));
    if (kings == 0) return std::string("missing ") + name + " king";
    if (kings > 1) return std::string("too many ") + name + " kings: " + std::to_string(kings);
  }
  if (pos.pieces(PAWN) & (rank_bb(0) | rank_bb(7))) return "pawn on the first or last rank";
  return "";
}

// Parses the castling field and checks each right against the king and rook placement.
std::string read_castling(const Position& pos, std::string_view field, int& rights) {
  rights = NO_CASTLING;
  if (field == "-") return "";
  for (char c : field) {
    int right;
    switch (c) {
      case 'K': right = WHITE_OO; break;
      case 'Q': right = WHITE_OOO; break;
      case 'k': right = BLACK_OO; break;
      case 'q': right = BLACK_OOO; break;
      default: return std::string("bad castling field '") + std::string(field) + "': unknown letter '" + c + "'";
    }
    if (rights & right) return std::string("bad castling field '") + std::string(field) + "': '" + c + "' repeated";
    const Color col = right & (WHITE_OO | WHITE_OOO) ? WHITE : BLACK;
    const int rank = col == WHITE ? 0 : 7;
    const int rook_file = right & (WHITE_OO | BLACK_OO) ? 7 : 0;
    if (pos.piece_on(make_square(4, rank)) != make_piece(col, KING))
      return std::string("castling right '") + c + "' but the king is not on its home square";
    if (pos.piece_on(make_square(rook_file, rank)) != make_piece(col, ROOK))
      return std::string("castling right '") + c + "' but no rook on " + square_to_string(make_square(rook_file, rank));
    rights |= right;
  }
  return "";
}

// An en-passant square must be the square a pawn of the side not to move just skipped.
std::string read_ep(const Position& pos, Color side, std::string_view field, Square& ep) {
  ep = SQ_NONE;
  if (field == "-") return "";
  ep = parse_square(field);
  if (ep == SQ_NONE) return "bad en-passant field '" + std::string(field) + "'";
  const int up = side == WHITE ? 8 : -8;  // towards the side not to move
  const Piece pusher = make_piece(~side, PAWN);
  if (rank_of(ep) != (side == WHITE ? 5 : 2) || !pos.empty(ep) || !pos.empty(ep + up) ||
      pos.piece_on(ep - up) != pusher)
    return "en-passant square " + std::string(field) + " does not follow a double pawn push";
  return "";
}

std::string read_counter(std::string_view field, const char* name, int min, int& value) {
  const auto [ptr, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (ec != std::errc() || ptr != field.data() + field.size() || value < min)
    return std::string("bad ") + name + " '" + std::string(field) + "'";
  return "";
}

}  // namespace

FenResult set_fen(Position& pos, std::string_view fen) {
  FenResult res;
  const auto fields = split_words(fen);
  auto fail = [&](std::string msg) {
    res.error = std::move(msg);
    return res;
  };
  if (fields.empty()) return fail("empty FEN");
  if (fields.size() < 4) return fail("FEN has " + std::to_string(fields.size()) + " fields, expected at least 4 (placement side castling en-passant)");
  if (fields.size() == 5 || fields.size() > 6) return fail("FEN has " + std::to_string(fields.size()) + " fields, expected 4 or 6");

  Position next;
  next.clear();
  if (auto err = read_placement(next, fields[0]); !err.empty()) return fail(err);
  if (auto err = check_material(next); !err.empty()) return fail(err);
  if (fields[1] != "w" && fields[1] != "b") return fail("unknown side to move '" + std::string(fields[1]) + "', expected w or b");
  const Color side = fields[1] == "w" ? WHITE : BLACK;
  int rights;
  if (auto err = read_castling(next, fields[2], rights); !err.empty()) return fail(err);
  Square ep;
  if (auto err = read_ep(next, side, fields[3], ep); !err.empty()) return fail(err);
  int halfmove = 0, fullmove = 1;
  if (fields.size() == 6) {
    if (auto err = read_counter(fields[4], "halfmove clock", 0, halfmove); !err.empty()) return fail(err);
    if (auto err = read_counter(fields[5], "fullmove number", 1, fullmove); !err.empty()) return fail(err);
  }
  // The side that just moved cannot have left its king attacked.
  const Square their_king = next.king_square(~side);
  if (next.attacked_by(side, their_king, next.pieces()))
    return fail(std::string(side == WHITE ? "black" : "white") + " king is in check but it is not its move");
  next.finish_setup(side, rights, ep, halfmove, fullmove);
  pos = std::move(next);
  res.ok = true;
  return res;
}

std::string to_fen(const Position& pos) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int gap = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      if (p == NO_PIECE) {
        ++gap;
        continue;
      }
      if (gap) s += char('0' + gap);
      gap = 0;
      s += PIECE_CHARS[p];
    }
    if (gap) s += char('0' + gap);
    if (rank) s += '/';
  }
  s += pos.side_to_move() == WHITE ? " w " : " b ";
  const int cr = pos.castling_rights();
  if (cr & WHITE_OO) s += 'K';
  if (cr & WHITE_OOO) s += 'Q';
  if (cr & BLACK_OO) s += 'k';
  if (cr & BLACK_OOO) s += 'q';
  if (!cr) s += '-';
  s += ' ';
  s += pos.ep_square() == SQ_NONE ? "-" : square_to_string(pos.ep_square());
  s += ' ' + std::to_string(pos.halfmove_clock()) + ' ' + std::to_string(pos.fullmove_number());
  return s;
}

MoveResult parse_uci_move(const Position& pos, std::string_view text) {
  MoveResult res;
  const std::string t(text);
  const Square from = text.size() >= 4 ? parse_square(text.substr(0, 2)) : SQ_NONE;
  const Square to = text.size() >= 4 ? parse_square(text.substr(2, 2)) : SQ_NONE;
  const bool promo_ok = text.size() == 4 || (text.size() == 5 && std::string_view("nbrq").find(text[4]) != std::string_view::npos);
  if (from == SQ_NONE || to == SQ_NONE || !promo_ok) {
    res.error = "malformed move '" + t + "': expected UCI like e2e4 or e7e8q";
    return res;
  }
  for (Move m : legal_moves(pos)) {
    if (from_sq(m) != from || to_sq(m) != to) continue;
    const bool is_promo = kind_of(m) == PROMOTION;
    if (text.size() == 4 && is_promo) {
      res.error = "illegal move '" + t + "': a promotion needs a piece letter (q, r, b or n)";
      return res;
    }
    if (text.size() == 5 && (!is_promo || PIECE_CHARS[8 + promotion_type(m)] != text[4])) continue;
    res.move = m;
    return res;
  }
  if (pos.empty(from))
    res.error = "illegal move '" + t + "': no piece on " + square_to_string(from);
  else if (color_of(pos.piece_on(from)) != pos.side_to_move())
    res.error = "illegal move '" + t + "': the piece on " + square_to_string(from) + " is not the side to move's";
  else
    res.error = "illegal move '" + t + "': not a legal move in this position";
  return res;
}

char piece_to_char(Piece p) { return p == NO_PIECE ? '.' : PIECE_CHARS[p]; }

std::string board_diagram(const Position& pos) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    s += char('1' + rank);
    s += ' ';
    for (int file = 0; file < 8; ++file) {
      s += ' ';
      s += piece_to_char(pos.piece_on(make_square(file, rank)));
    }
    s += '\n';
  }
  s += "   a b c d e f g h\n";
  s += "FEN: " + to_fen(pos) + "\n";
  return s;
}

}  // namespace xq::fide
