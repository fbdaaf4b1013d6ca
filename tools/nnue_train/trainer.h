// The training loop: minibatches in a seeded order, the gradient summed by `threads` workers
// over fixed slices of each batch and reduced in thread order (so a run is deterministic for
// a given thread count), AdamW with a cosine learning-rate decay, clipping, and the losses of
// every epoch. The state after each epoch is a checkpoint (checkpoint.h) a run can resume from
// to the same bytes it would have reached without the stop.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "adamw.h"
#include "kernels.h"
#include "model.h"
#include "train_data.h"

namespace xq::nnue_train {

struct TrainSettings {
  int epochs = 30;
  std::size_t batch = 16384;
  int threads = 2;
  double lr = 1e-3;         // first epoch's learning rate ...
  double lr_final = 5e-5;   // ... decaying on a cosine to this in the last epoch
  AdamSettings adam;
  LossSettings loss{635.0f, 0.3f};  // k: fitted to the data unless given (fit_k)
  std::uint64_t seed = 1;   // the start weights and every epoch's order
  bool factoriser = true;   // learn the factor rows (model.h); off: they stay zero
  // The last this-many epochs start by rounding the output layer to the file's grid (weights
  // to 1/QB, bias to 1/(QA*QB)) and keep it there, so the feature transformer learns around
  // the rounding. Without it the output weights' rounding alone moves scores by about 8-15 cp
  // on average (up to 50), with it the integer score is the float one within a few cp.
  int snap_output_epochs = 1;
  // Each epoch presents a seeded half of the positions mirrored left-right (model.h): the data
  // holds both halves of the board's symmetry without a second game being played. The
  // feature set already folds the mirror when a king stands off the centre file; with the
  // kings on it (most positions) a mirrored position is a new sample.
  bool mirror = false;
};

// Whether one run can index that many training positions: an epoch's order holds them as
// 32-bit numbers, with --mirror's flag in the top bit (kernels.h). Trainer refuses more.
bool fits_one_run(std::size_t positions, const TrainSettings& s);

// The learning rate of epoch e (0-based).
double learning_rate(const TrainSettings& s, int epoch);

// K (centipawns per logit) that best predicts the games' results from the search scores:
// minimises the mean of (sigmoid(score / K) - result)^2 over the entries, by golden section
// on [50, 5000].
double fit_k(const std::vector<Entry>& entries);

struct EpochResult {
  int epoch = 0;  // 1-based
  double train_loss = 0, validation_loss = 0, lr = 0;
  double seconds = 0;  // of the training pass (not the validation pass)
  double positions_per_second = 0;
};

class Trainer {
 public:
  Trainer(const DataSet& data, const TrainSettings& settings);

  // Runs the next epoch.
  EpochResult run_epoch();
  // Mean loss over a set with the current weights (both cores).
  double mean_loss(const std::vector<Entry>& entries) const { return mean_loss(entries, s_.loss); }
  double mean_loss(const std::vector<Entry>& entries, const LossSettings& loss) const;
  // The network's own scale: the centipawns per logit (k_out) that best predict the games'
  // results from its outputs, mean of (sigmoid(y / k_out) - result)^2 over the entries, by
  // golden section on [50, 5000]. Doubling the output layer doubles it.
  double fit_output_k(const std::vector<Entry>& entries) const;
  // The loss from here on (the network's unit, k_out, fitted by the caller).
  void set_loss(const LossSettings& loss) { s_.loss = loss; }

  int epochs_done() const { return epochs_done_; }
  const FloatNetwork& network() const { return net_; }
  const AdamState& adam() const { return adam_; }
  // Puts back a checkpoint's state (sizes checked by the caller).
  void restore(const FloatNetwork& net, const AdamState& adam, int epochs_done);
  // Starts from another network's weights (--init): Adam's moments at zero, no epoch done, as
  // a fresh run but for the weights.
  void start_from(const FloatNetwork& net);

 private:
  void step(const std::uint32_t* index, std::size_t n, double lr, double& loss);
  // The file's feature weights from the parameters, clipped first (factor groups split by thread).
  void refresh_effective();
  bool output_snapped() const;  // in the last snap_output_epochs epochs
  void snap_output();
  const DataSet& data_;
  TrainSettings s_;
  FloatNetwork net_;
  AdamState adam_;
  int epochs_done_ = 0;
  std::vector<std::vector<float>> grads_;  // one per thread
  std::vector<float> mean_grad_;
  std::vector<float> effective_;  // [N_IN][L1]: FloatNetwork::effective_weights of net_
};

}  // namespace xq::nnue_train
