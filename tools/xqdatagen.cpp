// xqdatagen: training positions from self-play, for the evaluation tuner (xqtune, text) and
// the network trainer (xqnnue_train, binary).
//
//   xqdatagen --games 20000 --nodes 5000 --threads 2 --seed 1 --out data/tuning/selfplay.txt
//   xqdatagen --games 40000 --format binary --shard 2/4 --out gen1.shard2.xqd
//
// Game i (0-based) takes book line i mod the book's size and a seed derived from --seed and
// i, then plays as tools/datagen/selfplay.h says. Each thread has its own searcher and table.
// Formats: tools/datagen/sample_format.h (text), tools/datagen/training_data.h (binary). A
// game is written as one block (text: its positions and its "# game i ..." line; binary: one
// chunk), in index order whatever the threads, so the same settings give the same bytes. A
// file cut short by a crash ends in at most one partial block: on a restart with the same
// settings xqdatagen cuts that off, skips the games already written (by index) and appends
// the rest. With --shard i/n it plays only the games whose index is i-1 mod n; the shards'
// files concatenated hold every game (binary: `cat`; text: the shards' headers differ).
// --eval picks the evaluation both sides play with: the classical one (the default), the
// network embedded in the binary, or a network file; a network's hash is part of the file's
// settings, so a file is only continued with the network that began it. Progress goes to stderr.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli_parse.h"
#include "datagen/game_file.h"
#include "datagen/selfplay.h"
#include "engine/random.h"
#include "engine/text.h"
#include "fileio/read_file.h"
#include "fileio/write_file.h"
#include "nnue/loaded_network.h"

namespace {

using namespace xq;
using namespace xq::datagen;

struct Options {
  int games = 100;
  int threads = 2;
  std::uint64_t seed = 1;
  std::string out;
  std::string book;
  std::size_t hash_mb = 4;
  SelfPlaySettings play;
  std::string eval = "classical";  // "classical", "embedded" or a network file
  std::shared_ptr<const nnue::LoadedNetwork> network;  // nullptr: the classical evaluation

  FileFormat format = FileFormat::Text;
  int shard_index = 1, shard_count = 1;  // --shard i/n: the games whose index is i-1 mod n

  // What decides the games' content: a file may only be continued with the same settings.
  // (Unsharded files keep the header they had before shards existed.)
  std::string settings() const {
    std::ostringstream s;
    s << "xqdatagen 1 seed " << seed << " nodes " << play.nodes << " random-plies " << play.random_plies
      << " max-plies " << play.max_plies << " resign " << play.resign_score << "/" << play.resign_plies << " hash "
      << hash_mb << " book " << std::filesystem::path(book).filename().string();
    if (shard_count > 1) s << " shard " << shard_index << "/" << shard_count;
    if (network) {  // files played by the classical evaluation keep their old header
      char hash[17];
      std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(network->hash));
      s << " network " << hash;
    }
    return s.str();
  }
};

// "i/n" with 1 <= i <= n.
bool parse_shard(const std::string& text, int& index, int& count) {
  std::istringstream in(text);
  char slash = 0;
  return in >> index >> slash >> count && slash == '/' && in.peek() == EOF && count >= 1 && index >= 1 && index <= count;
}

// --eval: "classical" (nullptr), "embedded", or a network file's path.
std::shared_ptr<const nnue::LoadedNetwork> choose_network(const std::string& eval) {
  if (eval == "classical") return nullptr;
  if (eval == "embedded") {
    auto net = nnue::embedded_network();
    if (!net) throw std::runtime_error("this build embedded no usable network");
    return net;
  }
  std::string bytes, error;
  if (error = fileio::read_file(eval, bytes); !error.empty()) throw std::runtime_error("--eval: " + error);
  auto net = nnue::load_network(bytes, eval, error);
  if (!net) throw std::runtime_error("--eval: " + eval + ": " + error);
  return net;
}

std::vector<Opening> read_book(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the book " + path);
  std::vector<Opening> book;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    Opening o;
    const auto m = line.find(" moves ");
    o.fen = line.substr(0, m);
    if (o.fen == "startpos") o.fen.clear();
    if (m != std::string::npos)
      for (std::string_view w : split_words(std::string_view(line).substr(m + 7))) o.moves.emplace_back(w);
    book.push_back(std::move(o));
  }
  if (book.empty()) throw std::runtime_error("the book " + path + " has no openings");
  return book;
}

struct Progress {
  std::atomic<int> games{0};
  std::atomic<long> positions{0};
};

void report(const Progress& p, int todo, std::chrono::steady_clock::time_point start) {
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const int g = p.games.load();
  const double eta = g > 0 ? secs / g * (todo - g) : 0;
  std::fprintf(stderr, "games %d/%d  positions %ld  %.0f pos/s  %.1f games/min  ETA %.0f s\n", g, todo,
               p.positions.load(), p.positions.load() / std::max(secs, 1e-9), g / std::max(secs, 1e-9) * 60, eta);
}

// Finished games wait here until every game before them in the list is written, so the file
// holds its games in index order whatever the threads: same settings, same bytes.
class OrderedWriter {
 public:
  OrderedWriter(std::ofstream& out, std::size_t count) : out_(out), blocks_(count) {}
  void put(std::size_t k, std::string block) {
    const std::lock_guard lock(mutex_);
    blocks_[k] = std::move(block);
    ready_.insert(k);
    for (; ready_.count(next_); ++next_) {
      out_ << blocks_[next_] << std::flush;
      ready_.erase(next_);
      std::string().swap(blocks_[next_]);
    }
  }

 private:
  std::ofstream& out_;
  std::vector<std::string> blocks_;
  std::set<std::size_t> ready_;
  std::size_t next_ = 0;
  std::mutex mutex_;
};

int run(const Options& o) {
  const std::vector<Opening> book = read_book(o.book);
  const GameFile file(o.format, o.out, o.settings());
  const std::set<int> done = file.resume();
  std::vector<int> todo;
  for (int i = o.shard_index - 1; i < o.games; i += o.shard_count)
    if (!done.count(i)) todo.push_back(i);
  std::ofstream out;
  if (const std::string error = xq::fileio::open_output(o.out, out, std::ios::app | std::ios::binary); !error.empty())
    throw std::runtime_error(error);
  if (done.empty() && std::filesystem::file_size(o.out) == 0) out << file.header() << std::flush;
  std::fprintf(stderr, "%zu games written before, %zu to play\n", done.size(), todo.size());

  Progress progress;
  std::atomic<std::size_t> next{0};
  OrderedWriter writer(out, todo.size());
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    auto tt = std::make_unique<search::TranspositionTable>(o.hash_mb);
    auto searcher = std::make_unique<search::Searcher>(*tt);
    searcher->set_network(o.network);
    for (std::size_t k; (k = next++) < todo.size();) {
      const int index = todo[k];
      std::uint64_t state = o.seed * 0x100000001B3ULL + std::uint64_t(index);
      const GameOutcome g = play_game(book[std::size_t(index) % book.size()], splitmix64(state), o.play, *tt, *searcher);
      writer.put(k, file.game(index, g));
      progress.positions += long(g.samples.size());
      ++progress.games;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, o.threads); ++t) threads.emplace_back(worker);
  std::atomic<bool> finished{false};
  std::thread monitor([&] {
    for (int tick = 1; !finished; ++tick) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      if (tick % 50 == 0) report(progress, int(todo.size()), start);  // every 10 s
    }
  });
  for (auto& t : threads) t.join();
  finished = true;
  monitor.join();
  report(progress, int(todo.size()), start);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  o.book = std::string(XQ_DATA_DIR) + "/openings/balanced.txt";
  CLI::App app{"xqdatagen: self-play training positions for xqnnue_train (binary) and xqtune (text)"};
  app.add_option("--games", o.games, "games to have in the file (a restart continues)")->required();
  app.add_option("--out", o.out, "output file (appended to; see tools/datagen/sample_format.h)")->required();
  app.add_option("--nodes", o.play.nodes, "search nodes per move")->capture_default_str();
  app.add_option("--threads", o.threads, "games played at once, one searcher and table each")->capture_default_str();
  app.add_option("--seed", o.seed, "seed of the random moves after the book line")->capture_default_str();
  app.add_option("--book", o.book, "opening book, one '<FEN> moves ...' per line")->capture_default_str();
  app.add_option("--random-plies", o.play.random_plies, "random moves after the book line: 0..N")->capture_default_str();
  app.add_option("--max-plies", o.play.max_plies, "plies after which a game is drawn")->capture_default_str();
  app.add_option("--resign-score", o.play.resign_score, "resign score in centipawns")->capture_default_str();
  app.add_option("--resign-plies", o.play.resign_plies, "plies the score must stay beyond it")->capture_default_str();
  app.add_option("--hash", o.hash_mb, "table size per thread in MB")->capture_default_str();
  app.add_option("--eval", o.eval, "evaluation of both sides: classical, embedded (the built-in network) or a network file")
      ->capture_default_str();
  std::string format = "text", shard = "1/1";
  app.add_option("--format", format, "text (sample_format.h, for xqtune) or binary (training_data.h, for xqnnue_train)")
      ->check(CLI::IsMember({"text", "binary"}))
      ->capture_default_str();
  app.add_option("--shard", shard, "play only the games whose index is i-1 mod n (1 <= i <= n); concatenate the shards' files")
      ->capture_default_str();
  if (const auto status = xq::tools::parse_command_line(app, argc, argv)) return *status;
  o.format = format == "binary" ? FileFormat::Binary : FileFormat::Text;
  if (!parse_shard(shard, o.shard_index, o.shard_count)) {
    std::cerr << "xqdatagen: --shard wants i/n with 1 <= i <= n, not '" << shard << "'\n";
    return 1;
  }
  try {
    o.network = choose_network(o.eval);
    return run(o);
  } catch (const std::exception& e) {
    std::cerr << "xqdatagen: " << e.what() << "\n";
    return 1;
  }
}
