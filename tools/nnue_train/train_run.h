// xqnnue_train's work, apart from its argument parsing: load the data, fit K, train (resuming
// from the checkpoint when there is one), print the losses, write the network file with its
// provenance. Results go to stdout, progress to stderr.
#pragma once

#include <string>
#include <vector>

#include "train_data.h"
#include "trainer.h"

namespace xq::nnue_train {

struct RunOptions {
  std::vector<std::string> data;
  std::string out;         // the network file (.nnue)
  std::string checkpoint;  // empty: "<out>.ckpt"; "none": no checkpoints
  LoadFilter filter;
  double validation = 0.05;  // fraction of the games held out
  TrainSettings train;
  bool fit_k = true;         // else train.loss.k as given
  std::string note;          // added to the network's description
  std::string init;          // a network file to start from (fine-tuning) instead of seeded random weights
  bool keep_scale = false;   // with init: train the output in the start network's own unit (LossSettings::k_out)
  int stop_after = 0;        // > 0: stop after this many epochs of this call (checkpoint kept, no network yet)
};

// 0 on success; 1 with a message on stderr on bad data, a checkpoint of another run, or a
// file that cannot be written.
int run_training(const RunOptions& o);

}  // namespace xq::nnue_train
