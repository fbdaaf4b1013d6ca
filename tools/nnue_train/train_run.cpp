#include "train_run.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "checkpoint.h"
#include "fileio/read_file.h"
#include "fileio/write_file.h"

namespace xq::nnue_train {

namespace {

std::string basename(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// Everything that decides the weights: a checkpoint only continues the same run.
// `init_name`: the start network's file name and checksum, or empty for random weights.
std::string run_settings(const RunOptions& o, const DataSet& d, const std::string& init_name) {
  std::ostringstream s;
  s << "xqnnue_train 1; ";
  if (!init_name.empty()) s << "init " << init_name << "; ";
  s << "data";
  for (const std::string& p : o.data) s << " " << basename(p);
  s << "; positions " << d.stats.positions << " train " << d.train.size() << " validation " << d.validation.size()
    << " (" << d.stats.validation_games << " of " << d.stats.games << " games)"
    << "; min-ply " << o.filter.min_ply << " max-score " << o.filter.max_score << " skip-in-check "
    << o.filter.skip_in_check << "; K " << o.train.loss.k << " lambda " << o.train.loss.lambda << "; epochs "
    << o.train.epochs << " batch " << o.train.batch << " lr " << o.train.lr << " -> " << o.train.lr_final << " wd "
    << o.train.adam.weight_decay << " seed " << o.train.seed << " threads " << o.train.threads
    << " factoriser " << o.train.factoriser << " snap-output " << o.train.snap_output_epochs << " king-buckets "
    << o.train.loss.king_buckets;
  if (o.train.mirror) s << " mirror 1";  // absent when off: earlier runs' settings read the same
  if (o.filter.unscale_material) s << " unscale-material 1";
  if (o.train.loss.k_out > 0) s << " k-out " << o.train.loss.k_out;
  return s.str();
}

// "" or why the file could not be written; through a side file, so a kill leaves no half network.
std::string write_network(const std::string& path, const FloatNetwork& net, const std::string& description) {
  return fileio::replace_file(path, nnue::serialise(quantise(net, description)));
}

std::string epoch_line(const EpochResult& r) {
  char line[200];
  std::snprintf(line, sizeof line, "epoch %d train %.6f validation %.6f lr %.3g positions/s %.0f", r.epoch,
                r.train_loss, r.validation_loss, r.lr, r.positions_per_second);
  return line;
}

// The start network of --init: read, parsed and checked, or an error naming the file and
// the problem. `name` gets "<file name> fnv <checksum>" for the provenance.
bool load_start(const std::string& path, bool king_buckets, FloatNetwork& out, std::string& name, std::string& error) {
  std::string b;
  if (std::string why = fileio::read_file(path, b); !why.empty()) return error = "the start network: " + why, false;
  nnue::Network n;
  std::string why;
  if (!nnue::parse(b, n, why)) return error = "start network " + path + ": " + why, false;
  char fnv[17];
  std::snprintf(fnv, sizeof fnv, "%016llx", (unsigned long long)nnue::fnv1a64(b));
  if (n.king_buckets && !king_buckets)
    return error = "start network " + path + " has king buckets; a run with --no-king-buckets cannot start from it", false;
  name = basename(path) + " fnv " + fnv;
  out = FloatNetwork::from_network(n, king_buckets);
  return true;
}

// The positions a network's own scale is measured on, the same for the start and the
// result: up to 200,000 of the held-out games' positions evenly spread (the training ones when
// none are held out).
std::vector<Entry> scale_sample(const DataSet& d) {
  const std::vector<Entry>& from = d.validation.empty() ? d.train : d.validation;
  const std::size_t step = std::max<std::size_t>(1, from.size() / 200000);
  std::vector<Entry> out;
  for (std::size_t i = 0; i < from.size(); i += step) out.push_back(from[i]);
  return out;
}

}  // namespace

int run_training(const RunOptions& options) {
  RunOptions o = options;
  DataSet data;
  std::string error;
  FloatNetwork start;
  std::string init_name;
  // The start network first: a bad file is refused before minutes of loading data.
  if (!o.init.empty() && !load_start(o.init, o.train.loss.king_buckets, start, init_name, error))
    return std::fprintf(stderr, "xqnnue_train: %s\n", error.c_str()), 1;
  // And the output's place: a missing folder is refused before the data, not after the training.
  if (const std::string why = fileio::check_replaceable(o.out); !why.empty())
    return std::fprintf(stderr, "xqnnue_train: the network file: %s\n", why.c_str()), 1;
  if (!load_data(o.data, o.filter, o.validation, o.train.seed, data, error))
    return std::fprintf(stderr, "xqnnue_train: %s\n", error.c_str()), 1;
  const LoadStats& st = data.stats;
  std::printf("data: %llu games, %llu positions; train %zu, validation %zu (%llu games); skipped: ply %llu, score %llu, check %llu\n",
              (unsigned long long)st.games, (unsigned long long)st.positions, data.train.size(), data.validation.size(),
              (unsigned long long)st.validation_games, (unsigned long long)st.skipped_ply,
              (unsigned long long)st.skipped_score, (unsigned long long)st.skipped_check);
  if (data.train.empty()) return std::fprintf(stderr, "xqnnue_train: no training positions\n"), 1;
  if (!fits_one_run(data.train.size(), o.train))
    return std::fprintf(stderr, "xqnnue_train: %zu training positions are more than one run indexes%s\n", data.train.size(),
                        o.train.mirror ? " with --mirror (2^31)" : " (2^32)"), 1;
  if (o.fit_k) o.train.loss.k = float(fit_k(data.train));
  std::printf("K %.1f%s\n", o.train.loss.k, o.fit_k ? " (fitted)" : "");
  if (o.fit_k && (o.train.loss.k < 51 || o.train.loss.k > 4990))
    std::fprintf(stderr, "xqnnue_train: K stopped at the end of its range (50-5000): too little data to fit it; give --k\n");
  std::printf("kernels: %s, %d threads\n", using_avx2() ? "avx2" : "generic", o.train.threads);

  if (o.keep_scale && o.init.empty()) return std::fprintf(stderr, "xqnnue_train: --keep-scale needs --init (the network whose scale to keep)\n"), 1;
  const std::vector<Entry> scale_positions = scale_sample(data);
  Trainer trainer(data, o.train);
  char start_k[40] = "";
  if (!init_name.empty()) {
    // The start network's unit: what the search's margins were tuned to. The trainer holds
    // the start from here on; a checkpoint below replaces it.
    trainer.start_from(start);
    const double k = trainer.fit_output_k(scale_positions);
    std::snprintf(start_k, sizeof start_k, "%.1f", k);
    std::printf("start network's own K %s%s\n", start_k, o.keep_scale ? " (kept: the output is trained in this unit)" : "");
    if (o.keep_scale) {
      o.train.loss.k_out = std::strtof(start_k, nullptr);  // as printed: the settings and the log agree
      trainer.set_loss(o.train.loss);
    }
  }
  Checkpoint ck;
  ck.settings = run_settings(o, data, init_name);
  const std::string ck_path = o.checkpoint.empty() ? o.out + ".ckpt" : o.checkpoint == "none" ? "" : o.checkpoint;
  if (!ck_path.empty() && std::filesystem::exists(ck_path)) {
    Checkpoint old;
    if (!load_checkpoint(ck_path, old, error)) return std::fprintf(stderr, "xqnnue_train: %s\n", error.c_str()), 1;
    if (old.settings != ck.settings)
      return std::fprintf(stderr, "xqnnue_train: %s belongs to another run (delete it to start afresh):\n  %s\nnot\n  %s\n", ck_path.c_str(),
                          old.settings.c_str(), ck.settings.c_str()),
             1;
    trainer.restore(old.net, old.adam, old.epochs_done);
    ck.history = old.history;
    std::printf("resumed from %s after epoch %d\n", ck_path.c_str(), old.epochs_done);
  } else {
    if (!init_name.empty()) std::printf("start: %s\n", init_name.c_str());
    std::printf("%s validation %.6f\n", init_name.empty() ? "untrained" : "start", trainer.mean_loss(data.validation));
  }
  std::fflush(stdout);

  for (int run = 0; trainer.epochs_done() < o.train.epochs; ++run) {
    if (o.stop_after > 0 && run == o.stop_after) {
      if (ck_path.empty()) return std::fprintf(stderr, "xqnnue_train: --stop-after needs a checkpoint\n"), 1;
      std::printf("stopped after epoch %d of %d; the same command continues from %s\n", trainer.epochs_done(),
                  o.train.epochs, ck_path.c_str());
      return 0;
    }
    const EpochResult r = trainer.run_epoch();
    const std::string line = epoch_line(r);
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
    char brief[64];
    std::snprintf(brief, sizeof brief, "%s%d:%.5f/%.5f", ck.history.empty() ? "" : " ", r.epoch, r.train_loss, r.validation_loss);
    ck.history += brief;
    if (!ck_path.empty()) {
      ck.net = trainer.network();
      ck.adam = trainer.adam();
      ck.epochs_done = trainer.epochs_done();
      if (!save_checkpoint(ck_path, ck, error)) return std::fprintf(stderr, "xqnnue_train: %s\n", error.c_str()), 1;
    }
  }

  // The trained network's own unit beside the start's: a refinement that keeps the scale
  // shows the two close; without --keep-scale it has drifted down by a tenth or more a run.
  const double end_k = trainer.fit_output_k(scale_positions);
  std::printf("trained network's own K %.1f%s%s\n", end_k, *start_k ? " (start " : "", *start_k ? (std::string(start_k) + ")").c_str() : "");
  std::string description = ck.settings + "; data headers: " + (st.headers.empty() ? "none" : st.headers.front());
  if (st.headers.size() > 1) description += " (+" + std::to_string(st.headers.size() - 1) + " more)";
  if (!o.note.empty()) description += "; note: " + o.note;
  description += "; epoch:train/validation loss " + ck.history;
  char own_k[80];
  std::snprintf(own_k, sizeof own_k, "; own K %.1f%s%s", end_k, *start_k ? " start " : "", start_k);
  description += own_k;
  if (description.size() > nnue::MAX_DESCRIPTION) description = description.substr(0, nnue::MAX_DESCRIPTION - 3) + "...";
  if (const std::string why = write_network(o.out, trainer.network(), description); !why.empty())
    return std::fprintf(stderr, "xqnnue_train: the network file: %s\n", why.c_str()), 1;
  std::printf("wrote %s\n", o.out.c_str());
  return 0;
}

}  // namespace xq::nnue_train
