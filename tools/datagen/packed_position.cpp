#include "packed_position.h"

#include <limits>

#include "engine/notation.h"

namespace xq::datagen {

namespace {

bool occupied(const PackedPosition& p, Square s) { return (p.occupancy[std::size_t(s / 8)] >> (s % 8)) & 1; }

int nibble(const PackedPosition& p, int i) { return (p.pieces[std::size_t(i / 2)] >> (i % 2 * 4)) & 15; }

void put16(std::uint8_t* out, std::uint16_t v) {
  out[0] = std::uint8_t(v);
  out[1] = std::uint8_t(v >> 8);
}

std::uint16_t get16(const std::uint8_t* in) { return std::uint16_t(in[0] | in[1] << 8); }

// A code a piece can have: colour 0 or 1 in bit 3, a type 1..7 below.
bool valid_code(int code) { return (code & 7) != NO_PIECE_TYPE; }

}  // namespace

bool pack(const Position& pos, int score, int ply, PackedPosition& out, std::string& error) {
  if (score < std::numeric_limits<std::int16_t>::min() || score > std::numeric_limits<std::int16_t>::max())
    return error = "score " + std::to_string(score) + " does not fit 16 bits", false;
  if (ply < 0 || ply > 65535) return error = "ply " + std::to_string(ply) + " does not fit 16 bits", false;
  if (pos.fullmove_number() > 65535) return error = "move number " + std::to_string(pos.fullmove_number()) + " does not fit 16 bits", false;
  if (pos.rule60_count() > 255) return error = "capture count " + std::to_string(pos.rule60_count()) + " does not fit 8 bits", false;
  PackedPosition p;
  int n = 0;
  for (Square s = 0; s < SQUARE_NB; ++s) {
    const Piece pc = pos.piece_on(s);
    if (pc == NO_PIECE) continue;
    if (n == MAX_PACKED_PIECES) return error = "more than 32 pieces", false;
    p.occupancy[std::size_t(s / 8)] |= std::uint8_t(1 << (s % 8));
    p.pieces[std::size_t(n / 2)] |= std::uint8_t(pc << (n % 2 * 4));
    ++n;
  }
  p.score = std::int16_t(score);
  p.ply = std::uint16_t(ply);
  p.fullmove = std::uint16_t(pos.fullmove_number());
  p.rule60 = std::uint8_t(pos.rule60_count());
  p.side = pos.side_to_move();
  out = p;
  return true;
}

void encode(const PackedPosition& p, std::uint8_t* out) {
  for (std::size_t i = 0; i < 12; ++i) out[i] = p.occupancy[i];
  for (std::size_t i = 0; i < 16; ++i) out[12 + i] = p.pieces[i];
  put16(out + 28, std::uint16_t(p.score));
  put16(out + 30, p.ply);
  put16(out + 32, p.fullmove);
  out[34] = p.rule60;
  out[35] = p.side == BLACK ? 1 : 0;
}

bool decode(const std::uint8_t* in, PackedPosition& out, std::string& error) {
  PackedPosition p;
  for (std::size_t i = 0; i < 12; ++i) p.occupancy[i] = in[i];
  for (std::size_t i = 0; i < 16; ++i) p.pieces[i] = in[12 + i];
  p.score = std::int16_t(get16(in + 28));
  p.ply = get16(in + 30);
  p.fullmove = get16(in + 32);
  p.rule60 = in[34];
  if (in[35] > 1) return error = "flags byte " + std::to_string(in[35]) + " has bits other than the side to move", false;
  p.side = in[35] ? BLACK : RED;
  if (p.occupancy[11] & 0xFC) return error = "occupancy bits beyond square 89 are set", false;
  if (p.fullmove == 0) return error = "move number 0", false;
  int n = 0, count[PIECE_NB] = {};
  for (Square s = 0; s < SQUARE_NB; ++s) n += occupied(p, s);
  if (n > MAX_PACKED_PIECES) return error = std::to_string(n) + " occupied squares, more than 32", false;
  for (int i = 0; i < 32; ++i) {
    const int code = nibble(p, i);
    if (i >= n && code != 0) return error = "piece code after the last occupied square", false;
    if (i < n && !valid_code(code)) return error = "piece code " + std::to_string(code) + " is no piece", false;
    if (i < n) ++count[code];
  }
  for (Color c : {RED, BLACK})
    for (int t = KING; t <= PAWN; ++t)
      if (count[make_piece(c, PieceType(t))] > max_count(PieceType(t)))
        return error = std::string("too many ") + color_name(c) + " " + type_name(PieceType(t)) + "s", false;
  if (count[make_piece(RED, KING)] != 1 || count[make_piece(BLACK, KING)] != 1) return error = "a king is missing", false;
  out = p;
  return true;
}

int placed_pieces(const PackedPosition& p, PlacedPiece* out) {
  int n = 0;
  for (Square s = 0; s < SQUARE_NB; ++s)
    if (occupied(p, s)) {
      out[n] = {Piece(nibble(p, n)), s};
      ++n;
    }
  return n;
}

std::string to_fen(const PackedPosition& p) {
  Position pos;
  pos.clear();
  PlacedPiece placed[MAX_PACKED_PIECES];
  const int n = placed_pieces(p, placed);
  for (int i = 0; i < n; ++i) pos.put_piece(placed[i].piece, placed[i].square);
  pos.set_side(p.side);
  pos.reset_history();
  pos.set_move_counters(p.rule60, p.fullmove);
  return xq::to_fen(pos);
}

}  // namespace xq::datagen
