// The network's arithmetic on int16 rows: accumulator refresh and update, and the output
// layer. Each has a scalar version and an AVX2 version chosen at run time (the default build
// targets plain x86-64; only these functions are compiled for AVX2). Both give bit-identical
// results: additions wrap the same way in both (no saturating instructions), and the output
// sums are exact in both (the weight limits of network.h keep every product and every int32
// lane in range).
#pragma once

#include <cstdint>

#include "network.h"

namespace xq::nnue {

// Forces the scalar path (true) or lets the machine decide (false, the default). Between
// evaluations only; tests compare the two paths with it.
void force_scalar(bool on);
// Whether the AVX2 path runs now: the CPU has AVX2 and the scalar path is not forced.
bool using_avx2();

// out = ft_bias + the sum of the rows of `features` (n of them).
void refresh(const Network& net, const int* features, int n, std::int16_t* out);
// out = in + rows of `added` - rows of `removed` (in and out may be the same array).
void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* added, int n_added,
            const int* removed, int n_removed);
// One move's update of both perspectives at once, the search's usual evaluation: for p in
// {0, 1}, out[p] = in[p] + row added[p] - rows removed[p][0..n_removed) (n_removed 1 or 2; a
// capture removes the captured piece's row too). The same as two update() calls.
struct MoveRows {
  int added[2];
  int removed[2][2];
  int n_removed;
};
void update_move_pair(const Network& net, const std::int16_t* const in[2], std::int16_t* const out[2], const MoveRows& rows);
// sum_i screlu(us[i]) * w_out[i] + screlu(them[i]) * w_out[L1 + i], screlu(x) = clamp(x, 0, QA)^2.
std::int64_t output_sum(const Network& net, const std::int16_t* us, const std::int16_t* them);

// The scalar versions, always available (the tests' reference).
namespace scalar {
void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* added, int n_added,
            const int* removed, int n_removed);
std::int64_t output_sum(const Network& net, const std::int16_t* us, const std::int16_t* them);
}  // namespace scalar

}  // namespace xq::nnue
