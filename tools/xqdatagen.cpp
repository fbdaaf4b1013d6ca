// xqdatagen: training positions for the evaluation tuner (xqtune) from self-play.
//
//   xqdatagen --games 20000 --nodes 5000 --threads 2 --seed 1 --out data/tuning/selfplay.txt
//
// Game i (0-based) takes book line i mod the book's size and a seed derived from --seed and
// i, then plays as tools/datagen/selfplay.h says. Each thread has its own searcher and table.
// The output format is in tools/datagen/sample_format.h. A game's positions are written as one
// block, followed by its "# game i ..." line, so a file cut short by a crash ends in at most
// one partial block: on a restart with the same settings xqdatagen cuts that off, skips the
// games already written (by index) and appends the rest. Progress goes to stderr.
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

#include "datagen/selfplay.h"
#include "engine/random.h"
#include "engine/text.h"

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

  // What decides the games' content: a file may only be continued with the same settings.
  std::string header() const {
    std::ostringstream s;
    s << "# xqdatagen 1 seed " << seed << " nodes " << play.nodes << " random-plies " << play.random_plies
      << " max-plies " << play.max_plies << " resign " << play.resign_score << "/" << play.resign_plies << " hash "
      << hash_mb << " book " << std::filesystem::path(book).filename().string();
    return s.str();
  }
};

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

// The games an existing file already holds; cuts off a partial block at its end. Refuses a
// file made with other settings.
std::set<int> resume(const std::string& path, const std::string& header) {
  std::set<int> done;
  std::ifstream in(path, std::ios::binary);
  if (!in) return done;
  std::string line;
  std::uintmax_t keep = 0, offset = 0;
  bool first = true;
  while (std::getline(in, line)) {
    offset += line.size() + 1;
    if (first) {
      if (line != header) throw std::runtime_error(path + " was made with other settings:\n  " + line + "\nnot\n  " + header);
      keep = offset;
      first = false;
    } else if (line.rfind("# game ", 0) == 0 && !in.eof()) {
      done.insert(std::stoi(line.substr(7)));
      keep = offset;
    }
  }
  in.close();
  if (first) return done;  // empty file: start afresh
  std::filesystem::resize_file(path, keep);
  return done;
}

std::string game_block(int index, const GameOutcome& g) {
  std::string block;
  for (const Sample& s : g.samples) block += format_sample(s) + "\n";
  block += "# game " + std::to_string(index) + " result " + result_text(g.result) + " plies " + std::to_string(g.plies) +
           " positions " + std::to_string(g.samples.size()) + " " + g.reason + "\n";
  return block;
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

int run(const Options& o) {
  const std::vector<Opening> book = read_book(o.book);
  const std::set<int> done = resume(o.out, o.header());
  std::vector<int> todo;
  for (int i = 0; i < o.games; ++i)
    if (!done.count(i)) todo.push_back(i);
  std::ofstream out(o.out, std::ios::app);
  if (!out) throw std::runtime_error("cannot write " + o.out);
  if (done.empty() && std::filesystem::file_size(o.out) == 0) out << o.header() << "\n" << std::flush;
  std::fprintf(stderr, "%zu games written before, %zu to play\n", done.size(), todo.size());

  Progress progress;
  std::atomic<std::size_t> next{0};
  std::mutex write_mutex;
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    auto tt = std::make_unique<search::TranspositionTable>(o.hash_mb);
    auto searcher = std::make_unique<search::Searcher>(*tt);
    for (std::size_t k; (k = next++) < todo.size();) {
      const int index = todo[k];
      std::uint64_t state = o.seed * 0x100000001B3ULL + std::uint64_t(index);
      const GameOutcome g = play_game(book[std::size_t(index) % book.size()], splitmix64(state), o.play, *tt, *searcher);
      const std::lock_guard lock(write_mutex);
      out << game_block(index, g) << std::flush;
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
  CLI::App app{"xqdatagen: self-play training positions for xqtune"};
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
  CLI11_PARSE(app, argc, argv);
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::cerr << "xqdatagen: " << e.what() << "\n";
    return 1;
  }
}
