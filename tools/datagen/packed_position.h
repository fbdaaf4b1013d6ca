// One training position in 36 bytes (the record of the binary training format,
// tools/datagen/training_data.h, which documents the byte layout). The board is 90 occupancy
// bits plus a 4-bit piece code per occupied square, so a record is the position exactly: it
// converts to the same FEN it was made from.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/position.h"

namespace xq::datagen {

constexpr int PACKED_SIZE = 36;
constexpr int MAX_PACKED_PIECES = 32;

struct PackedPosition {
  std::array<std::uint8_t, 12> occupancy{};  // bit s % 8 of byte s / 8: square s holds a piece
  std::array<std::uint8_t, 16> pieces{};     // piece codes in square order, low nibble first
  std::int16_t score = 0;                    // search score, centipawns, for the side to move
  std::uint16_t ply = 0;                     // plies played since the game's start position
  std::uint16_t fullmove = 1;                // FEN field 6
  std::uint8_t rule60 = 0;                   // FEN field 5: plies since the last capture
  Color side = RED;                          // side to move
};

struct PlacedPiece {
  Piece piece;
  Square square;
};

// From a position. False, with `error`, when a field does not fit its width (a score beyond
// int16, a move number beyond 65535, a capture count beyond 255) or the board holds more
// than 32 pieces.
bool pack(const Position& pos, int score_for_side_to_move, int ply, PackedPosition& out, std::string& error);

// 36 bytes, little-endian, and back. unpack checks everything a record can get wrong on its
// own (spare bits, piece codes, piece counts, one king each) and names the first problem.
void encode(const PackedPosition& p, std::uint8_t* out);
bool decode(const std::uint8_t* in, PackedPosition& out, std::string& error);

// The pieces in ascending square order; returns how many (at most 32).
int placed_pieces(const PackedPosition& p, PlacedPiece* out);

// "placement w|b - - rule60 fullmove", as engine/notation.h writes a FEN.
std::string to_fen(const PackedPosition& p);

}  // namespace xq::datagen
