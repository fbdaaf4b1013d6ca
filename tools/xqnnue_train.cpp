// xqnnue_train: fits the network of nnue/README.md to training positions (binary, from
// xqdatagen --format binary or xqnnue_data to-binary; or text) on the CPU, and writes the
// quantised network file.
//
//   xqnnue_train --data gen0.xqd --out data/nnue/gen0.nnue --epochs 30 --threads 2
//
// Loss: mean of (sigmoid(y / K) - (lambda * result + (1 - lambda) * sigmoid(score / K)))^2, with
// y the network's output in centipawns for the side to move, K fitted to the data unless --k.
// With --init and --keep-scale, sigmoid(y / K_out) instead: K_out is the start network's own
// unit (its outputs' K against the results), so a refinement answers in the start's scale.
// Prints the untrained validation loss, then per epoch the training and validation losses
// and positions per second. After each epoch the state goes to <out>.ckpt; run the same
// command again after a stop and it continues from there, to the same bytes.
#include <CLI/CLI.hpp>

#include "cli_parse.h"
#include "nnue_train/train_run.h"

int main(int argc, char** argv) {
  using namespace xq::nnue_train;
  RunOptions o;
  CLI::App app{"xqnnue_train: trains the evaluation network (nnue/README.md) on the CPU"};
  app.add_option("--data", o.data, "training files, binary (tools/datagen/training_data.h) or text")->required();
  app.add_option("--out", o.out, "network file to write (.nnue)")->required();
  app.add_option("--checkpoint", o.checkpoint, "checkpoint file (default <out>.ckpt; 'none': keep none)");
  app.add_option("--epochs", o.train.epochs, "passes over the training positions")->capture_default_str()->check(CLI::Range(0, 100000));
  app.add_option("--batch", o.train.batch, "positions per step")->capture_default_str()->check(CLI::Range(1, 1 << 24));
  app.add_option("--threads", o.train.threads, "worker threads")->capture_default_str()->check(CLI::Range(1, 256));
  app.add_option("--lr", o.train.lr, "learning rate of the first epoch")->capture_default_str();
  app.add_option("--lr-final", o.train.lr_final, "learning rate of the last epoch (cosine decay)")->capture_default_str();
  app.add_option("--wd", o.train.adam.weight_decay, "AdamW weight decay")->capture_default_str();
  app.add_option("--lambda", o.train.loss.lambda, "weight of the game result in the target")->capture_default_str()->check(CLI::Range(0.0, 1.0));
  float k = 0;
  app.add_option("--k", k, "centipawns per logit (0: fit to the data)")->capture_default_str()->check(CLI::Range(0.0, 100000.0));
  app.add_option("--seed", o.train.seed, "start weights and shuffling")->capture_default_str();
  app.add_option("--validation", o.validation, "fraction of the games held out")->capture_default_str()->check(CLI::Range(0.0, 0.9));
  app.add_option("--min-ply", o.filter.min_ply, "skip positions before this ply")->capture_default_str();
  app.add_option("--max-score", o.filter.max_score, "skip positions whose |score| is larger (cp)")->capture_default_str();
  app.add_flag("--skip-in-check", o.filter.skip_in_check, "skip positions in check (xqdatagen's data has none)");
  app.add_flag("--unscale-material", o.filter.unscale_material,
               "divide each score by the engine's attacking-material factor (eval/material_scale.h) before fitting");
  app.add_option("--init", o.init, "network file (.nnue) to start from instead of random weights (refines it on the data)");
  app.add_flag("--keep-scale", o.keep_scale,
               "with --init: train the output in the start network's own unit (its K against the results), so the scale does not drift");
  app.add_option("--note", o.note, "text added to the network's description");
  app.add_option("--stop-after", o.stop_after, "stop after this many epochs now (the checkpoint keeps them; run again to go on)");
  app.add_option("--snap-output-epochs", o.train.snap_output_epochs,
                 "last epochs with the output layer rounded to the file's grid and kept (quantisation-aware finish)")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  bool no_factoriser = false;
  app.add_flag("--no-factoriser", no_factoriser, "train each square's weights alone (no shared row per piece)");
  app.add_flag("--mirror", o.train.mirror, "train on a seeded half of the positions mirrored left-right each epoch");
  bool no_king_buckets = false;
  app.add_flag("--no-king-buckets", no_king_buckets,
               "one block of feature rows whatever the king's square (the architecture of gen13 and gen14)");
  bool generic = false;
  app.add_flag("--generic", generic, "use the plain x86-64 kernels even when the CPU has AVX2");
  if (const auto status = xq::tools::parse_command_line(app, argc, argv)) return *status;
  if (k > 0) {
    o.fit_k = false;
    o.train.loss.k = k;
  }
  o.train.factoriser = !no_factoriser;
  o.train.loss.king_buckets = !no_king_buckets;
  force_generic(generic);
  return run_training(o);
}
