// The network trainer (tools/nnue): the kernels' gradient is the loss's derivative (finite
// differences), the AVX2 and plain kernels agree, the float model's evaluate() is the kernels'
// forward pass, AdamW clips, and checkpoints read back and refuse damage.
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>
#include <random>

#include "datagen/convert.h"
#include "engine/notation.h"
#include "nnue/kernels.h"
#include "nnue/model.h"

using namespace xq;
using namespace xq::nnue_train;

namespace {

Entry entry_from_fen(const std::string& fen, int score, int result) {
  datagen::Sample s{fen, 0.5, 0, 0};
  datagen::PackedPosition p;
  std::string error;
  REQUIRE(datagen::pack_sample(s, p, error));
  Entry e;
  for (int i = 0; i < 8; ++i) e.occupied_low |= std::uint64_t(p.occupancy[std::size_t(i)]) << (8 * i);
  for (int i = 8; i < 12; ++i) e.occupied_high |= std::uint32_t(p.occupancy[std::size_t(i)]) << (8 * (i - 8));
  for (std::size_t i = 0; i < 16; ++i) e.pieces[i] = p.pieces[i];
  e.score = std::int16_t(score);
  e.side = std::uint8_t(p.side);
  e.result = std::uint8_t(result);
  return e;
}

std::vector<Entry> sample_entries() {
  return {entry_from_fen(Position::START_FEN, 30, 1),
          entry_from_fen("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2", -45, 0),
          entry_from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", 900, 2),
          entry_from_fen("4ka3/4a4/9/9/2b6/9/9/4B4/4A4/3AK1C2 b - - 0 1", -150, 1)};
}

}  // namespace

TEST_CASE("nnue trainer: the gradient is the derivative of the loss", "[nnue_train]") {
  FloatNetwork net = FloatNetwork::random(7);
  // Larger feature weights than the start's, so that many units sit inside SCReLU's [0, 1].
  for (std::size_t i = FT_WEIGHTS; i < FT_BIAS; ++i) net.params[i] *= 3;
  for (std::size_t i = FT_BIAS; i < OUT_WEIGHTS; ++i) net.params[i] = 0.2f;
  const std::vector<Entry> entries = sample_entries();
  std::vector<std::uint32_t> index(entries.size());
  std::iota(index.begin(), index.end(), 0u);
  const LossSettings s{400.0f, 0.3f};
  std::vector<float> grad(PARAM_COUNT, 0.0f), ft(std::size_t(N_IN) * L1);
  const auto loss = [&](float* g) {
    net.effective_weights(ft.data());
    return loss_and_gradient(net.params.data(), ft.data(), entries.data(), index.data(), index.size(), s, g);
  };
  loss(grad.data());

  // Parameters that matter: a feature row of the start position, a bias, output weights, output bias.
  Features f;
  extract_features(entries[0], f);
  const std::size_t row = FT_WEIGHTS + std::size_t(f.us[3]) * L1;
  int checked = 0;
  for (std::size_t i : {row, row + 17, row + 200, FT_BIAS + 5, FT_BIAS + 100, OUT_WEIGHTS + 3, OUT_WEIGHTS + L1 + 9, OUT_BIAS}) {
    const float h = 1e-3f, keep = net.params[i];
    net.params[i] = keep + h;
    const double up = loss(nullptr);
    net.params[i] = keep - h;
    const double down = loss(nullptr);
    net.params[i] = keep;
    const double numeric = (up - down) / (2 * h);
    INFO("parameter " << i << " analytic " << grad[i] << " numeric " << numeric);
    CHECK(std::abs(numeric - grad[i]) <= 1e-3 * std::max(1.0, std::abs(numeric)) + 2e-4);
    if (std::abs(numeric) > 1e-4) ++checked;
  }
  CHECK(checked >= 4);  // most of them have a gradient worth the name
}
