// The SIMD path against the scalar one (nnue/kernels.h): bit-identical accumulators and
// outputs on positions from random games and on random accumulator values, including values
// below zero and above the clamp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "engine/cpu.h"
#include "engine/movegen.h"
#include "nnue/accumulator.h"
#include "nnue/evaluate.h"
#include "nnue/kernels.h"
#include "nnue/random_network.h"
#include "../test_positions.h"

using namespace xq;
using namespace xq::nnue;

namespace {

struct ScalarGuard {  // leaves the machine's choice in place whatever the test does
  ~ScalarGuard() { force_scalar(false); }
};

// The SIMD paths this CPU runs, narrowest first (none on a CPU without AVX2).
std::vector<Simd> simd_paths() {
  std::vector<Simd> paths;
  for (Simd s : {Simd::Avx2, Simd::Avx512})
    if (s <= machine_best_simd()) paths.push_back(s);
  return paths;
}

}  // namespace

TEST_CASE("nnue kernels: the switch picks the path", "[nnue][simd]") {
  ScalarGuard guard;
  force_scalar(true);
  CHECK_FALSE(using_avx2());
  CHECK(active_simd() == Simd::Scalar);
  force_scalar(false);
  CHECK(active_simd() == machine_default_simd());
  CHECK(machine_default_simd() == preferred_simd(machine_best_simd(), cpu_is_intel()));
#if defined(__x86_64__)
  CHECK(using_avx2() == bool(__builtin_cpu_supports("avx2")));
  CHECK((machine_best_simd() == Simd::Avx512) ==
        (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")));
  if (!using_avx2()) WARN("this CPU has no AVX2: the SIMD comparisons below compare the scalar path with itself");
  if (machine_best_simd() != Simd::Avx512) WARN("this CPU has no AVX-512: only the AVX2 path is compared below");
#endif
  // A cap never widens the path past the machine's, and narrows it as asked.
  limit_simd(Simd::Avx512);
  CHECK(active_simd() == machine_best_simd());
  limit_simd(Simd::Avx2);
  CHECK(active_simd() == std::min(Simd::Avx2, machine_best_simd()));
  limit_simd(Simd::Scalar);
  CHECK(active_simd() == Simd::Scalar);
  CHECK(std::string(simd_name(Simd::Avx512)) == "avx512bw");
}

TEST_CASE("nnue kernels: AVX-512 is the default except on Intel, where AVX2 runs faster", "[nnue][simd]") {
  CHECK(preferred_simd(Simd::Avx512, false) == Simd::Avx512);
  CHECK(preferred_simd(Simd::Avx512, true) == Simd::Avx2);
  for (bool intel : {false, true}) {
    CHECK(preferred_simd(Simd::Avx2, intel) == Simd::Avx2);
    CHECK(preferred_simd(Simd::Scalar, intel) == Simd::Scalar);
  }
#if defined(__x86_64__)
  CHECK(cpu_is_intel() == bool(__builtin_cpu_is("intel")));
#endif
  // The default never takes a path the CPU lacks, and an Intel CPU's AVX-512 path stays
  // reachable (the tests below compare it with the others).
  CHECK(machine_default_simd() <= machine_best_simd());
  ScalarGuard guard;
  limit_simd(Simd::Avx512);
  CHECK(active_simd() == machine_best_simd());
}

TEST_CASE("nnue kernels: every SIMD path and the scalar one agree bit for bit", "[nnue][simd]") {
  ScalarGuard guard;
  const Network net = random_network(77, FT_WEIGHT_LIMIT, OUT_WEIGHT_LIMIT, "test");
  const std::vector<Simd> paths = simd_paths();

  SECTION("random accumulator values through the output layer and row updates") {
    std::mt19937 rng(99);
    for (Simd path : paths) {
      limit_simd(path);
      INFO("path " << simd_name(path));
      for (int trial = 0; trial < 2000; ++trial) {
        alignas(64) std::int16_t us[L1], them[L1], out_simd[L1], out_scalar[L1];
        for (int i = 0; i < L1; ++i) {
          us[i] = std::int16_t(int(rng() % 1201) - 400);  // below 0, inside, above QA
          them[i] = std::int16_t(int(rng() % 1201) - 400);
        }
        const int bucket = trial % OUT_BUCKETS;
        const std::int64_t simd = output_sum(net, us, them, bucket);
        CHECK(simd == scalar::output_sum(net, us, them, bucket));
        const int added[2] = {int(rng() % N_IN), int(rng() % N_IN)};
        const int removed[3] = {int(rng() % N_IN), int(rng() % N_IN), int(rng() % N_IN)};
        update(net, us, out_simd, added, 2, removed, 3);
        scalar::update(net, us, out_scalar, added, 2, removed, 3);
        REQUIRE(std::memcmp(out_simd, out_scalar, sizeof out_simd) == 0);
      }
    }
  }

  SECTION("the output layer at its extremes: every value at the clamp, every weight at its limit") {
    // The largest sum the weight limits allow, both signs: the int32 lanes and the final
    // widening must hold it exactly.
    Network extreme = net;
    for (int sign : {1, -1}) {
      for (auto& w : extreme.out_weights) w = std::int16_t(sign * OUT_WEIGHT_LIMIT);
      alignas(64) std::int16_t full[L1];
      std::fill(full, full + L1, std::int16_t(QA));
      const std::int64_t expected = scalar::output_sum(extreme, full, full, OUT_BUCKETS - 1);
      CHECK(expected == std::int64_t(sign) * 2 * L1 * QA * QA * OUT_WEIGHT_LIMIT);
      for (Simd path : paths) {
        limit_simd(path);
        INFO("path " << simd_name(path));
        CHECK(output_sum(extreme, full, full, OUT_BUCKETS - 1) == expected);
      }
    }
  }

  SECTION("one move's update (one row added, one or two removed), apart and in place") {
    std::mt19937 rng(98);
    for (Simd path : paths) {
      limit_simd(path);
      INFO("path " << simd_name(path));
      for (int trial = 0; trial < 1000; ++trial) {
        alignas(64) std::int16_t in[L1], out_simd[L1], out_scalar[L1], in_place[L1];
        for (int i = 0; i < L1; ++i) in[i] = std::int16_t(int(rng() % 4001) - 2000);
        const int added[1] = {int(rng() % N_IN)};
        const int removed[2] = {int(rng() % N_IN), int(rng() % N_IN)};
        const int n_removed = 1 + trial % 2;
        update(net, in, out_simd, added, 1, removed, n_removed);
        std::memcpy(in_place, in, sizeof in);
        update(net, in_place, in_place, added, 1, removed, n_removed);
        scalar::update(net, in, out_scalar, added, 1, removed, n_removed);
        REQUIRE(std::memcmp(out_simd, out_scalar, sizeof out_simd) == 0);
        REQUIRE(std::memcmp(in_place, out_scalar, sizeof in_place) == 0);
      }
    }
  }

  SECTION("both perspectives' update in one call equals two scalar updates, on every path") {
    std::mt19937 rng(97);
    std::vector<Simd> all = paths;
    all.insert(all.begin(), Simd::Scalar);
    for (int trial = 0; trial < 3000; ++trial) {
      alignas(64) std::int16_t in[2][L1], out[2][L1], expected[2][L1];
      for (auto& half : in)
        for (auto& v : half) v = std::int16_t(int(rng() % 4001) - 2000);
      MoveRows rows;
      rows.n_removed = 1 + trial % 2;
      for (int p = 0; p < 2; ++p) {
        rows.added[p] = int(rng() % N_IN);
        rows.removed[p][0] = int(rng() % N_IN);
        rows.removed[p][1] = int(rng() % N_IN);
        scalar::update(net, in[p], expected[p], &rows.added[p], 1, rows.removed[p], rows.n_removed);
      }
      const std::int16_t* const from[2] = {in[0], in[1]};
      std::int16_t* const to[2] = {out[0], out[1]};
      const Simd path = all[std::size_t(trial) % all.size()];
      limit_simd(path);
      INFO("path " << simd_name(path));
      update_move_pair(net, from, to, rows);
      REQUIRE(std::memcmp(out, expected, sizeof out) == 0);
    }
  }

  SECTION("every position of random games evaluates the same every way") {
    std::mt19937 rng(96);
    int positions = 0;
    for (int game = 0; game < 20; ++game) {
      Position pos;
      for (int ply = 0; ply < 120; ++ply) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        pos.do_move(moves[int(rng() % unsigned(moves.size()))]);
        force_scalar(true);
        const int scalar_value = evaluate(net, pos);
        for (Simd path : paths) {
          limit_simd(path);
          REQUIRE(evaluate(net, pos) == scalar_value);
        }
        ++positions;
      }
    }
    CHECK(positions > 1000);
  }
}

TEST_CASE("nnue evaluate: the spec's arithmetic on a hand-made network", "[nnue][evaluate]") {
  ScalarGuard guard;
  // The start position has 32 pieces: the last output bucket's weights score it.
  const int b = output_bucket(32);
  REQUIRE(b == OUT_BUCKETS - 1);
  const std::size_t at = std::size_t(b) * 2 * L1;
  for (bool scalar_only : {true, false}) {
    force_scalar(scalar_only);
    Network net = zero_network();
    Position pos;
    // One accumulator unit at the clamp (1.0 in float) times an output weight of 1.0 (QB):
    // y = 1.0 -> SCALE centipawns.
    net.ft_bias[0] = QA;
    net.out_weights[at + 0] = QB;
    CHECK(evaluate(net, pos) == SCALE);
    // Beyond the clamp counts as the clamp; below zero counts as zero.
    net.ft_bias[0] = 500;
    CHECK(evaluate(net, pos) == SCALE);
    net.ft_bias[0] = -500;
    CHECK(evaluate(net, pos) == 0);
    // Half the clamp squares to a quarter; the other side's half has its own weights.
    net.ft_bias[0] = 0;
    net.ft_bias[1] = 128;                     // clamp 128: 128^2 = 16384
    net.out_weights[at + L1 + 1] = -QB / 2;   // them: -0.5
    // sum = 16384 * -32 = -524288; /255 = -2056 (toward zero); *600/16320 = -75.58 -> -75.
    CHECK(evaluate(net, pos) == -75);
    net.out_bias[std::size_t(b)] = QA * QB / 10;  // +0.1 -> +60
    CHECK(evaluate(net, pos) == (-2056 + QA * QB / 10) * SCALE / (QA * QB));
    // A feature's row. After h2e2 the red cannon on e2 is feature 5 * 90 + 22 from Red's side
    // only (from Black's it is 12 * 90 + 67); Black is to move, so Red's half is "them".
    net = zero_network();
    pos.do_move(make_move(make_square(7, 2), make_square(4, 2)));
    net.ft_weights[std::size_t(5 * 90 + 22) * L1 + 7] = QA;
    net.out_weights[at + L1 + 7] = QB;
    CHECK(evaluate(net, pos) == SCALE);
    pos.do_null_move();  // Red to move: the row is in "us" now, whose weight is 0
    CHECK(evaluate(net, pos) == 0);
  }
}

TEST_CASE("nnue evaluate: the number of pieces picks the output layer", "[nnue][evaluate]") {
  ScalarGuard guard;
  // Every bucket's bias says its own number, so the score names the bucket that was used.
  Network net = zero_network();
  for (int b = 0; b < OUT_BUCKETS; ++b) net.out_bias[std::size_t(b)] = (b + 1) * 10 * QA * QB / SCALE;  // exactly (b + 1) * 10 cp
  const auto bucket_of = [&](const char* fen) {
    return evaluate(net, test::from_fen(fen)) / 10 - 1;
  };
  CHECK(bucket_of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1") == 7);   // 32
  CHECK(bucket_of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R w - - 0 1") == 7);   // 31
  CHECK(bucket_of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1") == 7);   // 30
  CHECK(bucket_of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R2AKAB1R w - - 0 1") == 7);    // 29
  CHECK(bucket_of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R2AKA2R w - - 0 1") == 6);     // 28
  CHECK(bucket_of("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1") == 0);                                        // 2
  CHECK(bucket_of("3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1") == 0);                                     // 4
  CHECK(bucket_of("3k1a3/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1") == 1);                                  // 5
}

TEST_CASE("nnue evaluate: a piece removed is as if it were not on the board", "[nnue][evaluate]") {
  const Network net = random_network(3, 300, 100, "test");
  Position pos;
  Position without;
  without.clear();
  const Square removed = make_square(1, 0);  // the red horse on b0
  for (Square s = 0; s < SQUARE_NB; ++s)
    if (!pos.empty(s) && s != removed) without.put_piece(pos.piece_on(s), s);
  without.set_side(RED);
  CHECK(evaluate_without(net, pos, removed) == evaluate(net, without));
  CHECK(evaluate_without(net, pos, removed) != evaluate(net, pos));
  CHECK(evaluate_without(net, pos, make_square(4, 4)) == evaluate(net, pos));  // an empty square
}
