// The network trainer (tools/nnue_train): the kernels' gradient is the loss's derivative (finite
// differences); the AVX2 and plain kernels agree; on the committed sample training lowers the
// validation loss, and a run resumed from a checkpoint ends in the same bits; checkpoints
// refuse damage; the engine's integer score of the written network equals the spec's forward
// pass and is the float model's within a stated tolerance.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>
#include <random>

#include <unistd.h>

#include "datagen/convert.h"
#include "engine/notation.h"
#include "eval/material_scale.h"
#include "nnue_train/checkpoint.h"
#include "nnue/evaluate.h"
#include "nnue_train/kernels.h"
#include "nnue_train/model.h"
#include "nnue_train/train_data.h"
#include "nnue_train/trainer.h"

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

// The FEN of the position mirrored left-right (file a <-> i): each rank's squares reversed.
std::string mirrored_fen(const std::string& fen) {
  const std::size_t space = fen.find(' ');
  std::string board = fen.substr(0, space), out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = board.find('/', start);
    std::string rank;
    for (char c : board.substr(start, slash == std::string::npos ? std::string::npos : slash - start))
      rank += std::isdigit(static_cast<unsigned char>(c)) ? std::string(std::size_t(c - '0'), '1') : std::string(1, c);
    std::reverse(rank.begin(), rank.end());
    out += rank;
    if (slash == std::string::npos) break;
    out += '/';
    start = slash + 1;
  }
  return out + fen.substr(space);  // runs of '1's are a valid FEN too
}

std::vector<std::uint16_t> sorted(const std::uint16_t* f, int n) {
  std::vector<std::uint16_t> v(f, f + n);
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

TEST_CASE("nnue trainer: a position read mirrored has the features of its mirror image", "[nnue_train]") {
  const std::vector<std::string> fens = {
      std::string(Position::START_FEN),
      "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2",
      "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",                  // Black's king off the centre file
      "4ka3/4a4/9/9/2b6/9/9/4B4/4A4/3AK1C2 b - - 0 1",
      "3k1a3/4a4/4b4/p3p1p1p/2n6/6P2/P1r1P3P/2N1B4/4A4/3A1K3 w - - 0 1",  // kings on d10 and f1
  };
  for (const bool king_buckets : {true, false}) {
    INFO("king buckets " << king_buckets);
    int changed = 0;
    for (const std::string& fen : fens) {
      INFO(fen);
      const Entry e = entry_from_fen(fen, 10, 1), m = entry_from_fen(mirrored_fen(fen), 10, 1);
      Features read_mirrored, of_mirror, plain;
      extract_features(e, read_mirrored, true, king_buckets);
      extract_features(m, of_mirror, false, king_buckets);
      extract_features(e, plain, false, king_buckets);
      REQUIRE(read_mirrored.count == of_mirror.count);
      CHECK(sorted(read_mirrored.us, read_mirrored.count) == sorted(of_mirror.us, of_mirror.count));
      CHECK(sorted(read_mirrored.them, read_mirrored.count) == sorted(of_mirror.them, of_mirror.count));
      if (sorted(plain.us, plain.count) != sorted(read_mirrored.us, read_mirrored.count)) ++changed;
      // Without king buckets every row is in the first block; with them, in the king's.
      for (int i = 0; i < plain.count; ++i) {
        CHECK(plain.us[i] < (king_buckets ? N_IN : PS_IN));
        CHECK(plain.them[i] < (king_buckets ? N_IN : PS_IN));
      }
    }
    // The start position is its own mirror; the second one, with both kings centred, is not.
    Features a, b;
    extract_features(entry_from_fen(fens[0], 0, 1), a, false, king_buckets);
    extract_features(entry_from_fen(fens[0], 0, 1), b, true, king_buckets);
    CHECK(sorted(a.us, a.count) == sorted(b.us, b.count));
    CHECK(changed >= 2);
  }
  // Kings on d10 and f1: Red's block is the side file's on its back rank (1), Black's too.
  Features kb;
  extract_features(entry_from_fen(fens[4], 0, 1), kb, false, true);
  for (int i = 0; i < kb.count; ++i) {
    CHECK(kb.us[i] / PS_IN == 1);
    CHECK(kb.them[i] / PS_IN == 1);
  }

  // The kernels read MIRROR_BIT as the mirror: the loss of the mirrored entries, not the entries'.
  const FloatNetwork net = FloatNetwork::random(3);
  std::vector<float> ft(std::size_t(N_IN) * L1);
  net.effective_weights(ft.data());
  const LossSettings s{400.0f, 0.3f};
  std::vector<Entry> entries, mirrors;
  for (const std::string& fen : fens) {
    entries.push_back(entry_from_fen(fen, 120, 2));
    mirrors.push_back(entry_from_fen(mirrored_fen(fen), 120, 2));
  }
  std::vector<std::uint32_t> index(entries.size()), flagged(entries.size());
  std::iota(index.begin(), index.end(), 0u);
  for (std::size_t i = 0; i < index.size(); ++i) flagged[i] = index[i] | MIRROR_BIT;
  const double via_bit = loss_and_gradient(net.params.data(), ft.data(), entries.data(), flagged.data(), flagged.size(), s, nullptr);
  const double of_mirrors = loss_and_gradient(net.params.data(), ft.data(), mirrors.data(), index.data(), index.size(), s, nullptr);
  const double plain = loss_and_gradient(net.params.data(), ft.data(), entries.data(), index.data(), index.size(), s, nullptr);
  CHECK(via_bit == Approx(of_mirrors).epsilon(1e-6));
  CHECK(via_bit != Approx(plain).epsilon(1e-6));

  // The flag takes the index's top bit: a run with it indexes half as many positions.
  TrainSettings with, without;
  with.mirror = true;
  CHECK(fits_one_run(MIRROR_BIT - 1, with));
  CHECK_FALSE(fits_one_run(MIRROR_BIT, with));
  CHECK(fits_one_run(MIRROR_BIT, without));
  CHECK_FALSE(fits_one_run(std::size_t(UINT32_MAX), without));
}

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
  // The loss's derivative by parameter i, by central differences.
  const auto numeric_of = [&](std::size_t i) {
    const float h = 1e-3f, keep = net.params[i];
    net.params[i] = keep + h;
    const double up = loss(nullptr);
    net.params[i] = keep - h;
    const double down = loss(nullptr);
    net.params[i] = keep;
    return (up - down) / (2 * h);
  };

  // Parameters that matter: a feature row of the start position, a bias, output weights, output bias.
  Features f;
  extract_features(entries[0], f, false, true);
  const std::size_t row = FT_WEIGHTS + std::size_t(f.us[3]) * L1;
  int checked = 0;
  // The output layer of the first entry's bucket (each position trains only its own).
  const std::size_t bucket = std::size_t(nnue::output_bucket(f.count));
  const std::size_t out = OUT_WEIGHTS + bucket * 2 * L1;
  for (std::size_t i : {row, row + 17, row + 200, FT_BIAS + 5, FT_BIAS + 100, out + 3, out + L1 + 9, OUT_BIAS + bucket}) {
    const double numeric = numeric_of(i);
    INFO("parameter " << i << " analytic " << grad[i] << " numeric " << numeric);
    CHECK(std::abs(numeric - grad[i]) <= 1e-3 * std::max(1.0, std::abs(numeric)) + 2e-4);
    if (std::abs(numeric) > 1e-4) ++checked;
  }
  CHECK(checked >= 4);  // most of them have a gradient worth the name

  // A bucket no entry falls in learns nothing from them; one that some fall in does.
  bool used[OUT_BUCKETS] = {};
  for (const Entry& e : entries) {
    Features g;
    extract_features(e, g, false, true);
    used[nnue::output_bucket(g.count)] = true;
  }
  for (int b = 0; b < OUT_BUCKETS; ++b) {
    INFO("bucket " << b << (used[b] ? " (used)" : " (unused)"));
    const auto first = grad.begin() + std::ptrdiff_t(OUT_WEIGHTS + std::size_t(b) * 2 * L1);
    const bool moved = std::any_of(first, first + 2 * L1, [](float x) { return x != 0.0f; }) ||
                       grad[OUT_BIAS + std::size_t(b)] != 0.0f;
    CHECK(moved == used[b]);
  }
  CHECK(std::count(used, used + OUT_BUCKETS, true) < OUT_BUCKETS);  // the check above saw both kinds

  // A piece-square row's gradient is the sum of its king blocks' rows', a factor row's the sum
  // of its squares' in every block (what the trainer gives them). Of the unit where that sum
  // is largest, so that the check has something to compare.
  const auto check_sum = [&](const char* what, std::size_t first_param, const std::vector<int>& features) {
    int unit = 0;
    double analytic = 0;
    for (int j = 0; j < L1; ++j) {
      double sum = 0;
      for (int feature : features) sum += grad[FT_WEIGHTS + std::size_t(feature) * L1 + std::size_t(j)];
      if (std::abs(sum) > std::abs(analytic)) analytic = sum, unit = j;
    }
    const double numeric = numeric_of(first_param + std::size_t(unit));
    INFO(what << " analytic " << analytic << " numeric " << numeric);
    CHECK(std::abs(numeric) > 1e-4);
    CHECK(std::abs(numeric - analytic) <= 1e-3 * std::max(1.0, std::abs(numeric)) + 2e-4);
  };
  const int ps = ps_of(f.us[3]), factor = factor_of(f.us[3]);
  std::vector<int> blocks, squares;
  for (int block = 0; block < nnue::KING_BUCKETS; ++block) {
    blocks.push_back(block * PS_IN + ps);
    for (int sq = 0; sq < SQUARE_NB; ++sq) squares.push_back(block * PS_IN + factor * SQUARE_NB + sq);
  }
  check_sum("piece-square row", PS_WEIGHTS + std::size_t(ps) * L1, blocks);
  check_sum("factor row", FACTOR_WEIGHTS + std::size_t(factor) * L1, squares);
}

namespace {

const std::string SAMPLE = std::string(XQ_DATA_DIR) + "/../tests/data/tuning_sample.txt";

const DataSet& sample_data() {
  static const DataSet data = [] {
    DataSet d;
    std::string error;
    if (!load_data({SAMPLE}, LoadFilter{}, 0.1, 1, d, error)) FAIL(error);
    return d;
  }();
  return data;
}

// On the 4,000-odd positions of the sample, six king blocks learn the training positions by
// heart: their validation loss falls less than one block's (below 0.8 of the untrained one
// only without king buckets). The real data has millions of positions.
TrainSettings small_settings(int epochs, bool king_buckets = true) {
  TrainSettings s;
  s.epochs = epochs;
  s.batch = 256;
  s.threads = 2;
  s.lr = 3e-3;
  s.loss = {634.0f, 0.3f, king_buckets};
  return s;
}

// The engine's integer forward pass written out from nnue/README.md, in int64: the output layer
// of the position's bucket (four piece counts a bucket).
int spec_value(const nnue::Network& net, const Entry& e) {
  Features f;
  extract_features(e, f, false, net.king_buckets);
  const int bucket = std::min((f.count - 1) / 4, nnue::OUT_BUCKETS - 1);
  std::int64_t sum = 0;
  for (int side = 0; side < 2; ++side) {
    const std::uint16_t* idx = side == 0 ? f.us : f.them;
    for (int j = 0; j < L1; ++j) {
      int acc = net.ft_bias[std::size_t(j)];
      for (int i = 0; i < f.count; ++i) acc += net.ft_weights[std::size_t(idx[i]) * L1 + std::size_t(j)];
      REQUIRE(acc >= -32768);
      REQUIRE(acc <= 32767);  // the int16 accumulator never overflows
      const std::int64_t c = std::clamp(acc, 0, nnue::QA);
      sum += c * c * net.out_weights[std::size_t((bucket * 2 + side) * L1 + j)];
    }
  }
  return int((sum / nnue::QA + net.out_bias[std::size_t(bucket)]) * nnue::SCALE / (nnue::QA * nnue::QB));
}

}  // namespace

TEST_CASE("nnue trainer: the AVX2 and the plain kernels agree", "[nnue_train]") {
  if (!using_avx2()) return;  // nothing to compare on this CPU: the plain kernels are the only ones
  const DataSet& data = sample_data();
  const FloatNetwork net = FloatNetwork::random(3);
  std::vector<float> ft(std::size_t(N_IN) * L1), g1(PARAM_COUNT, 0.0f), g2(PARAM_COUNT, 0.0f);
  net.effective_weights(ft.data());
  std::vector<std::uint32_t> index(500);
  std::iota(index.begin(), index.end(), 0u);
  const LossSettings s{634.0f, 0.3f};
  const double avx2 = loss_and_gradient(net.params.data(), ft.data(), data.train.data(), index.data(), index.size(), s, g1.data());
  force_generic(true);
  const double plain = loss_and_gradient(net.params.data(), ft.data(), data.train.data(), index.data(), index.size(), s, g2.data());
  force_generic(false);
  CHECK(avx2 == Approx(plain).epsilon(1e-5));
  double largest = 0, worst = 0;
  for (std::size_t i = 0; i < PARAM_COUNT; ++i) {
    largest = std::max(largest, double(std::abs(g2[i])));
    worst = std::max(worst, double(std::abs(g1[i] - g2[i])));
  }
  CHECK(largest > 0);
  CHECK(worst <= 1e-4 * largest);
}

TEST_CASE("nnue trainer: training lowers the validation loss, deterministically, and resumes exactly", "[nnue_train]") {
  const DataSet& data = sample_data();
  REQUIRE(data.train.size() > 4000);
  REQUIRE(data.validation.size() > 300);
  Trainer a(data, small_settings(3));
  const double untrained = a.mean_loss(data.validation);
  for (int e = 0; e < 3; ++e) a.run_epoch();
  CHECK(a.mean_loss(data.validation) < 0.95 * untrained);
  CHECK(a.mean_loss(data.train) < 0.5 * untrained);

  // The same run stopped after one epoch and continued from a checkpoint ends in the same bits.
  Trainer b(data, small_settings(3));
  b.run_epoch();
  const std::string path = (std::filesystem::temp_directory_path() / ("xq_ck_" + std::to_string(getpid()))).string();
  Checkpoint ck{"settings", b.epochs_done(), "1:0.1/0.2", b.network(), b.adam()};
  std::string error;
  REQUIRE(save_checkpoint(path, ck, error));
  Checkpoint back;
  REQUIRE(load_checkpoint(path, back, error));
  CHECK(back.settings == "settings");
  CHECK(back.history == "1:0.1/0.2");
  CHECK(back.epochs_done == 1);
  Trainer c(data, small_settings(3));
  c.restore(back.net, back.adam, back.epochs_done);
  c.run_epoch();
  c.run_epoch();
  CHECK(c.network().params == a.network().params);
  CHECK(nnue::serialise(quantise(c.network(), "x")) == nnue::serialise(quantise(a.network(), "x")));

  // A damaged checkpoint is refused and leaves the target alone.
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const auto refused = [&](const std::string& damaged, const std::string& words) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << damaged;
    Checkpoint kept = back;
    std::string why;
    CHECK_FALSE(load_checkpoint(path, kept, why));
    INFO(why);
    CHECK(why.find(words) != std::string::npos);
    CHECK(kept.epochs_done == back.epochs_done);
  };
  refused(bytes.substr(0, bytes.size() - 1), "truncated");
  refused(bytes + "x", "too long");
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 4;
  refused(flipped, "checksum mismatch");
  refused("XQNN" + bytes.substr(4), "not a trainer checkpoint");
  std::filesystem::remove(path);

  // With mirrored halves: still learns, still deterministic, and not the plain run.
  TrainSettings ms = small_settings(3);
  ms.mirror = true;
  Trainer m1(data, ms), m2(data, ms);
  for (int e = 0; e < 3; ++e) {
    m1.run_epoch();
    m2.run_epoch();
  }
  CHECK(m1.mean_loss(data.validation) < 0.95 * untrained);
  CHECK(m1.network().params == m2.network().params);
  CHECK(m1.network().params != a.network().params);
}

TEST_CASE("nnue trainer: --unscale-material divides each score by the engine's factor for its board", "[nnue_train]") {
  const DataSet& plain = sample_data();
  LoadFilter filter;
  filter.unscale_material = true;
  DataSet unscaled;
  std::string error;
  REQUIRE(load_data({SAMPLE}, filter, 0.1, 1, unscaled, error));
  REQUIRE(unscaled.train.size() == plain.train.size());
  int changed = 0;
  for (std::size_t i = 0; i < plain.train.size(); ++i) {
    const Entry& a = plain.train[i];
    const Entry& b = unscaled.train[i];
    // The material counted from the entry is the engine's count on the same board.
    Position pos;
    REQUIRE(set_fen(pos, entry_fen(a)).ok);
    const int material = eval::attacking_material(pos);
    REQUIRE(entry_attacking_material(a) == material);
    // Scaled the engine's way again, the new score gives back the search's within rounding.
    REQUIRE(std::abs(eval::scale_by_material(b.score, material) - a.score) <= 1);
    changed += a.score != b.score;
    REQUIRE(b.result == a.result);
  }
  CHECK(changed > 0);
  // Fixed points: at the start (10,000) the factor is 30/28; with no attacker left, 20/28.
  CHECK(unscale_by_material(300, 10000) == 280);
  CHECK(unscale_by_material(-200, 0) == -280);
  CHECK(unscale_by_material(30000, 0) == 32767);
}

TEST_CASE("nnue trainer: a network file read back as the start of a run gives its own integers and its loss", "[nnue_train]") {
  const DataSet& data = sample_data();
  const bool king_buckets = GENERATE(true, false);
  INFO("king buckets " << king_buckets);
  Trainer a(data, small_settings(3, king_buckets));
  for (int e = 0; e < 2; ++e) a.run_epoch();
  const nnue::Network file = quantise(a.network(), "x");
  CHECK(file.king_buckets == king_buckets);
  const FloatNetwork back = FloatNetwork::from_network(file, king_buckets);
  // Quantised again, the start network is the file: fine-tuning begins exactly where the file is.
  CHECK(nnue::serialise(quantise(back, "x")) == nnue::serialise(file));
  // The piece-square and factor rows start at zero; the features' rows hold the sums.
  for (std::size_t i = PS_WEIGHTS; i < FT_BIAS; ++i) REQUIRE(back.params[i] == 0.0f);
  // Started from it, a run's loss is the trained one (within rounding), below a random start's.
  Trainer fresh(data, small_settings(3, king_buckets));
  const double random_start = fresh.mean_loss(data.validation);
  fresh.start_from(back);
  const double from_file = fresh.mean_loss(data.validation);
  CHECK(from_file == Approx(a.mean_loss(data.validation)).epsilon(0.02));
  CHECK(from_file < (king_buckets ? 0.95 : 0.8) * random_start);
  // And training on from there keeps it low (no blow-up from fresh optimiser moments).
  fresh.run_epoch();
  CHECK(fresh.mean_loss(data.validation) < 1.05 * from_file);
  // A trainer that has run starts again as a fresh run would: no epoch done, no step taken,
  // Adam's moments at zero.
  a.start_from(back);
  CHECK(a.epochs_done() == 0);
  CHECK(a.adam().step == 0);
  CHECK(std::all_of(a.adam().m.begin(), a.adam().m.end(), [](float x) { return x == 0.0f; }));
  CHECK(std::all_of(a.adam().v.begin(), a.adam().v.end(), [](float x) { return x == 0.0f; }));
  CHECK(a.mean_loss(data.validation) == Approx(from_file).epsilon(1e-9));
}

TEST_CASE("nnue trainer: the engine's integer score of the trained network is the float score within 10 cp", "[nnue_train]") {
  // Two epochs, the second with the output layer snapped to the file's grid (the default
  // finish). The engine's evaluation (nnue/evaluate.h, from the bytes the trainer writes)
  // must also equal the integer pass written out above from the spec.
  const DataSet& data = sample_data();
  Trainer t(data, small_settings(2));
  t.run_epoch();
  t.run_epoch();
  const FloatNetwork& net = t.network();
  nnue::Network q;
  std::string error;
  REQUIRE(nnue::parse(nnue::serialise(quantise(net, "test")), q, error));
  int checked = 0, large = 0;
  double total = 0;
  for (std::size_t i = 0; i < data.train.size(); i += 5) {
    const Entry& e = data.train[i];
    Position pos;
    REQUIRE(set_fen(pos, entry_fen(e)).ok);
    const float f = net.evaluate(e);
    const int v = nnue::evaluate(q, pos);
    INFO(entry_fen(e) << ": float " << f << " engine " << v);
    CHECK(v == spec_value(q, e));
    CHECK(std::abs(v - f) <= 10);
    total += std::abs(v - f);
    large += std::abs(f) > 100;
    ++checked;
  }
  CHECK(checked >= 1000);
  CHECK(large >= 100);  // a network that says something, not one near zero everywhere
  CHECK(total / checked < 3);
}

TEST_CASE("nnue trainer: without king buckets it trains and writes the older architecture; such a file starts king buckets exactly", "[nnue_train]") {
  const DataSet& data = sample_data();
  TrainSettings settings = small_settings(3);
  settings.loss.king_buckets = false;
  Trainer t(data, settings);
  const double untrained = t.mean_loss(data.validation);
  for (int e = 0; e < 3; ++e) t.run_epoch();
  CHECK(t.mean_loss(data.validation) < 0.8 * untrained);
  // Only the first block learnt; the other blocks and the piece-square rows stayed at zero
  // (the factor rows did the sharing).
  const std::vector<float>& p = t.network().params;
  CHECK(std::any_of(p.begin(), p.begin() + std::ptrdiff_t(std::size_t(PS_IN) * L1), [](float x) { return x != 0.0f; }));
  CHECK(std::all_of(p.begin() + std::ptrdiff_t(FT_WEIGHTS + std::size_t(PS_IN) * L1), p.begin() + std::ptrdiff_t(PS_WEIGHTS),
                    [](float x) { return x == 0.0f; }));
  CHECK(std::all_of(p.begin() + std::ptrdiff_t(PS_WEIGHTS), p.begin() + std::ptrdiff_t(FACTOR_WEIGHTS), [](float x) { return x == 0.0f; }));
  const nnue::Network flat = quantise(t.network(), "flat");
  CHECK_FALSE(flat.king_buckets);
  CHECK(flat.ft_weights.size() == std::size_t(PS_IN) * L1);
  nnue::Network read;
  std::string error;
  REQUIRE(nnue::parse(nnue::serialise(flat), read, error));
  CHECK(std::string(read.file_architecture) == nnue::ARCHITECTURE_NO_KING_BUCKETS);
  // Read back without king buckets: the same file.
  CHECK(nnue::serialise(quantise(FloatNetwork::from_network(read, false), "flat")) == nnue::serialise(flat));
  // As the start of king buckets: every block is the one block, so every score is the same.
  const nnue::Network blocks = quantise(FloatNetwork::from_network(read, true), "blocks");
  CHECK(blocks.king_buckets);
  CHECK(blocks.ft_weights.size() == std::size_t(N_IN) * L1);
  int checked = 0;
  for (std::size_t i = 0; i < data.train.size(); i += 37) {
    const Entry& e = data.train[i];
    Position pos;
    REQUIRE(set_fen(pos, entry_fen(e)).ok);
    const int v = nnue::evaluate(read, pos);
    INFO(entry_fen(e));
    CHECK(v == spec_value(read, e));
    CHECK(nnue::evaluate(blocks, pos) == v);
    CHECK(spec_value(blocks, e) == v);
    ++checked;
  }
  CHECK(checked >= 100);
}

// --keep-scale: a network's own K (its outputs against the results) is its unit. Doubling the
// output layer doubles it, and a loss in k_out = 2k scores the doubled network exactly as the
// loss in k scores the original. (Whether a refinement keeps the unit is measured on real data,
// data/nnue/README.md: on this sample's few thousand positions the own K of a refined network
// moves with its over- or underfitting more than with its unit.)
TEST_CASE("nnue trainer: a network's own K is the unit of its output, and k_out is that unit in the loss", "[nnue_train]") {
  const DataSet& data = sample_data();
  const TrainSettings settings = small_settings(2, false);
  Trainer a(data, settings);
  for (int e = 0; e < 2; ++e) a.run_epoch();
  const double k1 = a.fit_output_k(data.validation);
  INFO("own K " << k1);
  REQUIRE(k1 > 100);
  REQUIRE(k1 < 2500);

  FloatNetwork doubled = a.network();
  for (std::size_t i = OUT_WEIGHTS; i < PARAM_COUNT; ++i) doubled.params[i] *= 2;
  Trainer b(data, settings);
  b.start_from(doubled);
  const double k2 = b.fit_output_k(data.validation);
  CHECK(k2 == Approx(2 * k1).epsilon(0.01));
  LossSettings in_two_k = settings.loss;
  in_two_k.k_out = 2 * settings.loss.k;
  CHECK(b.mean_loss(data.validation, in_two_k) == Approx(a.mean_loss(data.validation)).epsilon(1e-5));
  CHECK(b.mean_loss(data.validation) != Approx(a.mean_loss(data.validation)).epsilon(1e-3));
}
