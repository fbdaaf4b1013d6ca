// Zobrist keys of the chess model: (piece, square), side to move, castling rights, and the
// en-passant file. Built at compile time from a fixed seed (different from the Xiangqi one),
// so keys never vary between runs or builds.
//
// The en-passant file enters the key only when an en-passant capture is actually legal
// (Position keeps that invariant): FIDE 9.2.3 calls positions the same when the possible
// moves are the same, and a double push that nobody can take en passant changes no move.
#pragma once

#include <array>

#include "../random.h"
#include "types.h"

namespace xq::fide::zobrist {

namespace detail {

using xq::splitmix64;

struct Keys {
  std::array<std::array<Key, SQUARE_NB>, PIECE_NB> psq{};
  std::array<Key, CASTLING_NB> castling{};
  std::array<Key, 8> ep_file{};
  Key side = 0;
};

constexpr Keys make_keys() {
  Keys k{};
  Key state = 0xC4E55F1DE0000001ULL;
  for (auto& row : k.psq)
    for (auto& key : row) key = splitmix64(state);
  // One independent key per rights *bit*, combined by xor, so losing one right is one xor.
  Key bit_keys[4] = {splitmix64(state), splitmix64(state), splitmix64(state), splitmix64(state)};
  for (int cr = 0; cr < CASTLING_NB; ++cr)
    for (int b = 0; b < 4; ++b)
      if (cr & (1 << b)) k.castling[cr] ^= bit_keys[b];
  for (auto& key : k.ep_file) key = splitmix64(state);
  k.side = splitmix64(state);
  return k;
}

inline constexpr Keys KEYS = make_keys();

}  // namespace detail

inline Key piece_square(Piece p, Square s) { return detail::KEYS.psq[p][s]; }
inline Key castling(int rights) { return detail::KEYS.castling[rights]; }
inline Key ep_file(int file) { return detail::KEYS.ep_file[file]; }
inline Key side() { return detail::KEYS.side; }

}  // namespace xq::fide::zobrist
