// The trainer's state after an epoch, so that a run stopped at any point continues from its
// last finished epoch and ends in the same bytes. Little-endian:
//
//   char[4] "XQNC", u32 version = 1,
//   u32 length + text: the settings that decide the run (data, filters, hyper-parameters,
//                      seed, threads); a checkpoint is only resumed with the same text,
//   u32 epochs done, u64 optimiser steps,
//   u32 length + text: the epochs' loss lines so far (the network's provenance),
//   u64 parameter count n, then n floats each: parameters, first moments, second moments,
//   u64 FNV-1a 64 of every byte before it.
//
// Written to "<path>.part" and renamed (fileio::replace_file), so a kill during the write leaves the previous one.
#pragma once

#include <string>

#include "adamw.h"
#include "model.h"

namespace xq::nnue_train {

struct Checkpoint {
  std::string settings;
  int epochs_done = 0;
  std::string history;
  FloatNetwork net;
  AdamState adam;
};

bool save_checkpoint(const std::string& path, const Checkpoint& c, std::string& error);
// False with `error` when the file is missing, is no checkpoint, is corrupt or has another
// parameter count; `out` is then untouched.
bool load_checkpoint(const std::string& path, Checkpoint& out, std::string& error);

}  // namespace xq::nnue_train
