// A middlegame/endgame score pair (Ethereal's and Stockfish's S(mg, eg)). The evaluation sums
// pairs and blends the total once, by the game phase, so every term can matter differently in
// the opening and in the ending.
//
// Packed in one 32-bit integer, endgame half high and middlegame half low, so adding two pairs
// is a single add: the evaluation adds one per piece and per term. The arithmetic is done on
// unsigned integers, where wrap-around is defined, and each half is read back with a carry fix.
// Each half must stay within +-32767, far above any evaluation (material is under 10,000).
#pragma once

#include <cstdint>

namespace xq::eval {

class Tapered {
 public:
  constexpr Tapered() = default;
  constexpr Tapered(int mg, int eg) : v_(std::uint32_t(eg) * 0x10000u + std::uint32_t(mg)) {}

  constexpr int mg() const { return std::int16_t(std::uint16_t(v_)); }
  // The low half was added as a signed number; adding 0x8000 first undoes its borrow.
  constexpr int eg() const { return std::int16_t(std::uint16_t((v_ + 0x8000u) >> 16)); }

  constexpr Tapered& operator+=(Tapered o) { v_ += o.v_; return *this; }
  constexpr Tapered& operator-=(Tapered o) { v_ -= o.v_; return *this; }
  friend constexpr Tapered operator+(Tapered a, Tapered b) { return a += b; }
  friend constexpr Tapered operator-(Tapered a, Tapered b) { return a -= b; }
  friend constexpr Tapered operator-(Tapered a) { return Tapered() - a; }
  friend constexpr Tapered operator*(Tapered a, int n) { return from_raw(a.v_ * std::uint32_t(n)); }
  friend constexpr bool operator==(Tapered a, Tapered b) { return a.v_ == b.v_; }

 private:
  static constexpr Tapered from_raw(std::uint32_t v) {
    Tapered t;
    t.v_ = v;
    return t;
  }
  std::uint32_t v_ = 0;
};

constexpr Tapered S(int mg, int eg) { return Tapered(mg, eg); }

static_assert(S(-3, 5).mg() == -3 && S(-3, 5).eg() == 5);
static_assert(S(7, -9).mg() == 7 && S(7, -9).eg() == -9);
static_assert((S(-3, 5) * -4).mg() == 12 && (S(-3, 5) * -4).eg() == -20);
static_assert((S(-300, 200) + S(100, -500)).eg() == -300 && (S(-300, 200) + S(100, -500)).mg() == -200);

}  // namespace xq::eval
