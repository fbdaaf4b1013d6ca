// The network's arithmetic on int16 rows: accumulator refresh and update, and the output
// layer. Each has a scalar version and an AVX2 version, and a move's update and the output
// layer an AVX-512 version too, chosen at run time (the default build targets plain x86-64;
// only these functions are compiled for the wider instructions). All give bit-identical
// results: additions wrap the same way in each (no saturating instructions), and the output
// sums are exact in each (the weight limits of network.h keep every product and every int32
// lane in range).
#pragma once

#include <cstdint>

#include "network.h"

namespace xq::nnue {

// The kernels' paths, narrowest first.
enum class Simd : std::uint8_t { Scalar, Avx2, Avx512 };
// The widest path this CPU runs (AVX-512 means AVX512F and AVX512BW; such CPUs have AVX2 too).
Simd machine_best_simd();
// The path taken by default on a CPU whose widest path is `widest`: that one, except AVX-512 on
// Intel, where AVX2 is faster (bench/results/search/speed_simd_2026-12-07.md: an Intel Xeon ran
// bench 3.7-5.0 % faster on AVX2; an AMD EPYC 2.1-2.6 % faster on AVX-512). Intel cores lower
// their clock and close a vector port while 512-bit instructions run, and the kernels are too
// small a share of a node to win that back; AMD's do neither.
Simd preferred_simd(Simd widest, bool intel);
// preferred_simd for this CPU.
Simd machine_default_simd();
// The path the kernels take now: the machine's default unless set otherwise below.
Simd active_simd();
// Takes the path `widest`, or the machine's best when that is narrower. Between evaluations
// only; tests compare the paths with it (an Intel CPU's AVX-512 path too).
void limit_simd(Simd widest);
// Forces the scalar path (true) or goes back to the machine's default (false).
void force_scalar(bool on);
// Whether a SIMD path (AVX2 or wider) runs now.
bool using_avx2();
// "scalar", "avx2", "avx512bw".
const char* simd_name(Simd s);

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
// sum_i screlu(us[i]) * w[i] + screlu(them[i]) * w[L1 + i], screlu(x) = clamp(x, 0, QA)^2, with
// w the output weights of `bucket` (output_bucket).
std::int64_t output_sum(const Network& net, const std::int16_t* us, const std::int16_t* them, int bucket);

// The scalar versions, always available (the tests' reference).
namespace scalar {
void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* added, int n_added,
            const int* removed, int n_removed);
std::int64_t output_sum(const Network& net, const std::int16_t* us, const std::int16_t* them, int bucket);
}  // namespace scalar

}  // namespace xq::nnue
