// xqbook: builds a balanced opening book for engine matches (data/openings/README.md).
//
// Every opening is a short line from the start position. Enumerating all 4-ply lines (~3.7M)
// and searching each is out of reach, so the lines come from a narrow tree instead: at each
// node the mover keeps only its `widths[ply]` best moves, ranked by a shallow search of every
// legal move. Openings are drawn from that tree by seeded random walks (a random length from
// min to max plies, a random kept move at each ply); each new final position is searched to
// a fixed depth and kept when Red's score lies within the window. Positions are unique up to
// the left-right mirror image.
//
// Random walks, rather than enumerating the tree and shuffling, make the book's order varied
// (a short match that takes the first N openings still gets many first moves) and make the
// process a prefix one: `--count N` writes exactly the first N lines of any larger book with
// the same settings, which is how the test checks a shipped book cheaply.
//
// Every search starts from a cleared table and a cleared searcher, so a position's score is a
// function of the position alone, not of what was searched before it.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli_parse.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/zobrist.h"
#include "judge/judge.h"
#include "search/search.h"

namespace {

using xq::Key;
using xq::Move;
using xq::Position;

struct Settings {
  int min_plies = 2;
  int max_plies = 4;
  std::vector<int> widths = {10, 6, 5, 4};  // moves kept per node, by ply (the last repeats)
  int rank_depth = 4;
  int depth = 10;
  int window = 60;
  std::uint64_t seed = 1;
  int count = 400;
  int max_samples = 20000;
  std::size_t hash_mb = 16;
  std::string date;
  std::string output;

  int width(int ply) const { return widths[std::min<std::size_t>(ply, widths.size() - 1)]; }

  // The options that decide the book's content, as they would be typed (the header records
  // them; the test re-runs them).
  std::string command() const {
    std::ostringstream s;
    s << "xqbook --min-plies " << min_plies << " --max-plies " << max_plies << " --widths ";
    for (std::size_t i = 0; i < widths.size(); ++i) s << (i ? "," : "") << widths[i];
    s << " --rank-depth " << rank_depth << " --depth " << depth << " --window " << window << " --seed " << seed
      << " --hash " << hash_mb << " --max-samples " << max_samples << " --count " << count;
    return s.str();
  }
};

xq::Square mirror_square(xq::Square s) { return xq::make_square(8 - xq::file_of(s), xq::rank_of(s)); }

// The key of the board seen in a mirror (file a <-> file i); with the key itself it names a
// position up to mirroring.
Key mirror_key(const Position& pos) {
  Key k = pos.side_to_move() == xq::BLACK ? xq::zobrist::side() : 0;
  for (xq::Square s = 0; s < xq::SQUARE_NB; ++s)
    if (!pos.empty(s)) k ^= xq::zobrist::piece_square(pos.piece_on(s), mirror_square(s));
  return k;
}
Key canonical_key(const Position& pos) { return std::min(pos.key(), mirror_key(pos)); }

// Fixed-depth searches from a cleared table; scores from Red's point of view.
class Scorer {
 public:
  Scorer(std::size_t hash_mb, int depth)
      : tt_(std::make_unique<xq::search::TranspositionTable>(hash_mb)),
        searcher_(std::make_unique<xq::search::Searcher>(*tt_)) {
    limits_.depth = depth;
  }
  int red_score(const Position& pos) {
    tt_->clear();
    searcher_->clear();
    const xq::search::Result r = searcher_->run(pos, limits_, stop_);
    ++searches_;
    nodes_ += r.nodes;
    return pos.side_to_move() == xq::RED ? r.score : -r.score;
  }
  std::uint64_t searches() const { return searches_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  std::unique_ptr<xq::search::TranspositionTable> tt_;
  std::unique_ptr<xq::search::Searcher> searcher_;
  xq::search::Limits limits_;
  const std::atomic<bool> stop_{false};
  std::uint64_t searches_ = 0;
  std::uint64_t nodes_ = 0;
};

// The tree of candidate lines: each node's kept moves, best first, computed once per position.
class MoveTree {
 public:
  explicit MoveTree(const Settings& s) : settings_(s), scorer_(1, s.rank_depth), cache_(s.max_plies) {}

  // A position can recur at another ply (a move and its way back), where the width differs.
  const std::vector<Move>& kept_moves(Position& pos, int ply) {
    auto [it, fresh] = cache_[ply].try_emplace(pos.key());
    if (fresh) it->second = rank(pos, settings_.width(ply));
    return it->second;
  }
  const Scorer& scorer() const { return scorer_; }

 private:
  struct Ranked {
    Move move;
    int score;  // for the mover
    std::string text;
    Key canon;
  };

  std::vector<Move> rank(Position& pos, int width) {
    const int sign = pos.side_to_move() == xq::RED ? 1 : -1;
    std::vector<Ranked> all;
    for (Move m : xq::legal_moves(pos)) {
      xq::judge::play(pos, m);
      all.push_back({m, sign * scorer_.red_score(pos), xq::move_to_string(m), canonical_key(pos)});
      pos.undo_move();
    }
    // Ties go by the move's text, not by generation order, so the ranking is fixed by the
    // position alone.
    std::sort(all.begin(), all.end(), [](const Ranked& a, const Ranked& b) {
      return a.score != b.score ? a.score > b.score : a.text < b.text;
    });
    std::vector<Move> kept;
    std::unordered_set<Key> seen;  // a move and its mirror image (from a symmetric node) count once
    for (const Ranked& r : all) {
      if (int(kept.size()) == width) break;
      if (seen.insert(r.canon).second) kept.push_back(r.move);
    }
    return kept;
  }

  const Settings& settings_;
  Scorer scorer_;
  std::vector<std::unordered_map<Key, std::vector<Move>>> cache_;  // by ply
};

struct Opening {
  std::vector<Move> line;
  int score;  // Red's point of view
};

// mt19937_64's output is fixed by the standard; the distributions are not, so draw by hand.
int draw(std::mt19937_64& rng, int n) { return int(rng() % std::uint64_t(n)); }

struct BookRun {
  std::vector<Opening> openings;
  int samples = 0;
  int evaluated = 0;
};

// The position after `line`, played through the judge as a game would be.
Position replay(const std::vector<Move>& line) {
  Position pos;
  xq::judge::record_root(pos);
  for (Move m : line) xq::judge::play(pos, m);
  return pos;
}

// One random walk down the tree: a random length, then a random kept move at each ply. Half
// the lines are played in their mirror image: the tree keeps one move of each mirror pair, so
// without this every opening would start on the same wing.
std::vector<Move> draw_line(const Settings& s, MoveTree& tree, std::mt19937_64& rng) {
  const int plies = s.min_plies + draw(rng, s.max_plies - s.min_plies + 1);
  Position pos;
  xq::judge::record_root(pos);
  std::vector<Move> line;
  for (int ply = 0; ply < plies; ++ply) {
    const std::vector<Move>& moves = tree.kept_moves(pos, ply);
    if (moves.empty()) break;  // the side to move has lost
    line.push_back(moves[draw(rng, int(moves.size()))]);
    xq::judge::play(pos, line.back());
  }
  if (draw(rng, 2))
    for (Move& m : line) m = xq::make_move(mirror_square(xq::from_sq(m)), mirror_square(xq::to_sq(m)));
  return line;
}

BookRun build_book(const Settings& s, MoveTree& tree, Scorer& scorer) {
  BookRun run;
  std::mt19937_64 rng(s.seed);
  std::unordered_set<Key> seen = {canonical_key(Position())};  // a line back to the start is no opening
  const auto start = std::chrono::steady_clock::now();
  while (int(run.openings.size()) < s.count && run.samples < s.max_samples) {
    ++run.samples;
    const std::vector<Move> line = draw_line(s, tree, rng);
    const Position pos = replay(line);
    if (int(line.size()) < s.min_plies || !seen.insert(canonical_key(pos)).second) continue;
    ++run.evaluated;
    const int score = scorer.red_score(pos);
    if (std::abs(score) <= s.window) run.openings.push_back({line, score});
    if (run.evaluated % 50 == 0) {
      const auto secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::fprintf(stderr, "%d lines drawn, %d positions searched, %zu kept, %.0f s\n", run.samples, run.evaluated,
                   run.openings.size(), secs);
    }
  }
  return run;
}

std::string today() {
  const std::time_t t = std::time(nullptr);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

void write_book(std::ostream& out, const Settings& s, const BookRun& run) {
  out << "# Balanced Xiangqi openings for xqmatch: one per line, \"<FEN> moves <ICCS moves>\", from the start position.\n"
      << "# Made by scripts/make_openings.sh on " << s.date << " (method: data/openings/README.md):\n"
      << "#   " << s.command() << "\n"
      << "# Lines of " << s.min_plies << "-" << s.max_plies << " plies drawn by seeded random walks over each side's best "
      << "moves (search depth " << s.rank_depth << "),\n"
      << "# kept when a depth-" << s.depth << " search scores the final position within +-" << s.window
      << " centipawns for Red; unique up to mirror image.\n"
      << "# " << run.openings.size() << " openings from " << run.evaluated << " positions searched ("
      << run.samples << " random lines drawn). Order: as drawn.\n";
  for (const Opening& o : run.openings) {
    out << Position::START_FEN << " moves";
    for (Move m : o.line) out << ' ' << xq::move_to_string(m);
    out << '\n';
  }
}

// Min, max, mean, standard deviation and a histogram of the kept scores, for the README.
void print_summary(const Settings& s, const BookRun& run, const MoveTree& tree, const Scorer& scorer, double secs) {
  std::fprintf(stderr, "%zu openings kept of %d positions searched (%d lines drawn) in %.1f s\n",
               run.openings.size(), run.evaluated, run.samples, secs);
  std::fprintf(stderr, "searches: %llu ranking (depth %d, %llu nodes), %llu book (depth %d, %llu nodes)\n",
               (unsigned long long)tree.scorer().searches(), s.rank_depth,
               (unsigned long long)tree.scorer().nodes(), (unsigned long long)scorer.searches(), s.depth,
               (unsigned long long)scorer.nodes());
  if (run.openings.empty()) return;
  double sum = 0, sq = 0;
  int lo = run.openings[0].score, hi = lo;
  std::vector<int> by_plies(s.max_plies + 1, 0);
  for (const Opening& o : run.openings) {
    sum += o.score;
    sq += double(o.score) * o.score;
    lo = std::min(lo, o.score);
    hi = std::max(hi, o.score);
    ++by_plies[o.line.size()];
  }
  const double n = double(run.openings.size()), mean = sum / n;
  std::fprintf(stderr, "score (Red's view): min %d max %d mean %.1f stddev %.1f\n", lo, hi, mean,
               std::sqrt(std::max(0.0, sq / n - mean * mean)));
  for (int p = s.min_plies; p <= s.max_plies; ++p) std::fprintf(stderr, "%d plies: %d openings\n", p, by_plies[p]);
  constexpr int BIN = 20;
  for (int b = -(s.window + BIN - 1) / BIN * BIN; b <= s.window; b += BIN) {
    int c = 0;
    for (const Opening& o : run.openings) c += o.score >= b && o.score < b + BIN;
    std::fprintf(stderr, "[%4d,%4d) %4d %s\n", b, b + BIN, c, std::string(c / 4, '#').c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Balanced Xiangqi opening book: short lines whose final positions search to near equality"};
  Settings s;
  app.add_option("--min-plies", s.min_plies, "shortest line")->check(CLI::Range(1, 12));
  app.add_option("--max-plies", s.max_plies, "longest line")->check(CLI::Range(1, 12));
  app.add_option("--widths", s.widths, "moves kept per node, by ply from 1 (the last one repeats)")
      ->delimiter(',')
      ->check(CLI::Range(1, 200));
  app.add_option("--rank-depth", s.rank_depth, "depth of the searches that rank each node's moves")->check(CLI::Range(1, 20));
  app.add_option("--depth", s.depth, "depth of the search that scores a final position")->check(CLI::Range(1, 30));
  app.add_option("--window", s.window, "keep a position when |Red's score| <= this (centipawns)")->check(CLI::Range(0, 10000));
  app.add_option("--seed", s.seed, "random seed of the line draws");
  app.add_option("--count", s.count, "openings to write (fewer if the tree runs out)")->check(CLI::Range(1, 1000000));
  app.add_option("--max-samples", s.max_samples, "give up after drawing this many lines")->check(CLI::Range(1, 100000000));
  app.add_option("--hash", s.hash_mb, "transposition table of the scoring search (MB)")->check(CLI::Range(1, 4096));
  app.add_option("--date", s.date, "date written in the header (default: today, UTC)");
  app.add_option("-o,--output", s.output, "book file (default: standard output)");
  if (const auto status = xq::tools::parse_command_line(app, argc, argv)) return *status;
  if (s.max_plies < s.min_plies) {
    std::cerr << "xqbook: --max-plies is below --min-plies\n";
    return 2;
  }
  if (s.widths.empty()) s.widths = {1};
  if (s.date.empty()) s.date = today();

  const auto start = std::chrono::steady_clock::now();
  MoveTree tree(s);
  Scorer scorer(s.hash_mb, s.depth);
  const BookRun run = build_book(s, tree, scorer);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_summary(s, run, tree, scorer, secs);

  if (s.output.empty()) {
    write_book(std::cout, s, run);
    return 0;
  }
  std::ofstream out(s.output, std::ios::binary);
  write_book(out, s, run);
  if (!out.flush()) {
    std::cerr << "xqbook: cannot write " << s.output << "\n";
    return 1;
  }
  return 0;
}
