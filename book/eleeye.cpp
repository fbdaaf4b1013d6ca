#include "eleeye.h"

#include <array>

namespace xq::book::eleeye {
namespace {

constexpr int PIECE_INDICES = 14;
constexpr int BOARD_SQUARES = 256;

// RC4's keystream (the generator ElephantEye draws its Zobrist values from).
class Rc4 {
 public:
  explicit Rc4(const std::array<std::uint8_t, 4>& key) {
    for (int i = 0; i < 256; ++i) s_[i] = std::uint8_t(i);
    int j = 0;
    for (int i = 0; i < 256; ++i) {
      j = (j + s_[i] + key[i % key.size()]) & 255;
      std::swap(s_[i], s_[j]);
    }
  }
  std::uint8_t next_byte() {
    x_ = (x_ + 1) & 255;
    y_ = (y_ + s_[x_]) & 255;
    std::swap(s_[x_], s_[y_]);
    return s_[(s_[x_] + s_[y_]) & 255];
  }
  std::uint32_t next_word() {  // four bytes, the first the lowest (x86 memory order)
    std::uint32_t w = 0;
    for (int i = 0; i < 4; ++i) w |= std::uint32_t(next_byte()) << (8 * i);
    return w;
  }

 private:
  std::array<std::uint8_t, 256> s_{};
  int x_ = 0, y_ = 0;
};

struct Locks {
  std::uint32_t side = 0;
  std::array<std::array<std::uint32_t, BOARD_SQUARES>, PIECE_INDICES> psq{};
};

// Only the second lock of each triple is kept: it is the one BOOK.DAT stores; the others
// are drawn to keep the stream in step.
Locks make_locks() {
  Rc4 rc4({0, 0, 0, 0});
  Locks l;
  const auto triple_lock1 = [&rc4] {
    rc4.next_word();  // the hash table's key
    rc4.next_word();  // lock 0
    return rc4.next_word();
  };
  l.side = triple_lock1();
  for (auto& row : l.psq)
    for (auto& v : row) v = triple_lock1();
  return l;
}

const Locks& locks() {
  static const Locks l = make_locks();
  return l;
}

// Red king .. pawn are 0..6 there, Black's 7..13; our types run king = 1 .. pawn = 7.
int piece_index(Piece p) { return (type_of(p) - KING) + (color_of(p) == BLACK ? 7 : 0); }

constexpr int FILE_LEFT = 3, RANK_BOTTOM = 12;

}  // namespace

int to_square(Square s) { return (FILE_LEFT + file_of(s)) + 16 * (RANK_BOTTOM - rank_of(s)); }

std::optional<Square> from_square(int sq) {
  const int file = (sq & 15) - FILE_LEFT, rank = RANK_BOTTOM - (sq >> 4);
  if (sq < 0 || sq > 255 || !on_board(file, rank)) return std::nullopt;
  return make_square(file, rank);
}

std::uint16_t to_move(Move m) { return std::uint16_t(to_square(from_sq(m)) | (to_square(to_sq(m)) << 8)); }

std::optional<Move> from_move(std::uint16_t mv) {
  const std::optional<Square> from = from_square(mv & 255), to = from_square(mv >> 8);
  if (!from || !to || *from == *to) return std::nullopt;
  return make_move(*from, *to);
}

std::uint32_t lock(const Position& pos, bool mirrored) {
  const Locks& l = locks();
  std::uint32_t v = pos.side_to_move() == BLACK ? l.side : 0;
  for (Square s = 0; s < SQUARE_NB; ++s) {
    const Piece p = pos.piece_on(s);
    if (p == NO_PIECE) continue;
    const Square at = mirrored ? make_square(FILE_NB - 1 - file_of(s), rank_of(s)) : s;
    v ^= l.psq[piece_index(p)][to_square(at)];
  }
  return v;
}

}  // namespace xq::book::eleeye
