// ElephantEye's BOOK.DAT (github: xqbase/eleeye, eleeye/book.h): records of 8 bytes, little
// endian: a 32-bit lock, a 16-bit move, a 16-bit weight, sorted by lock.
//
// The lock is ElephantEye's second 32-bit Zobrist "lock" of the position: the XOR of one
// value per (piece type, colour, square) on the board, and one more when Black is to move.
// The values come from RC4 keyed with four zero bytes, read as little-endian 32-bit words:
// first the side-to-move triple (key, lock0, lock1), then a triple for each of 14 piece
// indices (Red king, advisor, elephant, horse, rook, cannon, pawn, then Black's) times 256
// squares of its 16x16 board. Its squares number x + 16 y, x = 3 + file (a = 0), y = 3 for
// Black's back rank down to 12 for Red's; a move is from + 256 * to. (Facts read from its
// public source; this is our own code.)
#pragma once

#include <cstdint>
#include <optional>

#include "engine/position.h"

namespace xq::book::eleeye {

// The lock of `pos` (or of its mirror image when `mirrored`).
std::uint32_t lock(const Position& pos, bool mirrored = false);

// ElephantEye's square and move numbers for ours, and back (nothing for an off-board square).
int to_square(Square s);
std::optional<Square> from_square(int sq);
std::uint16_t to_move(Move m);
std::optional<Move> from_move(std::uint16_t mv);

}  // namespace xq::book::eleeye
