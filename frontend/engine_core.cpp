#include "engine_core.h"
#include "strength.h"

#include <algorithm>
#include <cstdio>

#include <spdlog/spdlog.h>

#include "fileio/read_file.h"
#include "search/bench.h"
#include "randomness.h"
#include "search/threads.h"
#include "words.h"

namespace xq::frontend {

static_assert(EngineCore::MAX_THREADS == search::SearchPool::MAX_THREADS);

EngineCore::EngineCore() {
  settings_.search.noise_seed = fresh_randomness_seed();
  game_ = make_variant("xiangqi", settings_);
  game_->set_network(network_, use_nnue_);
  game_->set_books(books_);
}

EngineCore::~EngineCore() {
  stop();
  wait();
}

// ---- The game ----

std::string EngineCore::variant() const {
  std::lock_guard lock(game_mutex_);
  return game_->name();
}

std::string EngineCore::set_variant(std::string_view name) {
  const std::string wanted = lower(std::string(name));
  if (wanted == variant()) return "";  // unchanged: keep the current game
  if (wanted != "xiangqi" && wanted != "chess") return "expected xiangqi or chess";
  stop();  // the running search uses the old game's table
  wait();
  settings_.search.noise_seed = fresh_randomness_seed();  // a new game
  auto game = make_variant(wanted, settings_);  // it takes its sizes and rules from the settings
  game->set_network(network_, use_nnue_);
  game->set_books(books_);
  std::lock_guard lock(game_mutex_);
  game_ = std::move(game);
  spdlog::debug("variant is now {}", game_->name());
  return "";
}

std::string EngineCore::set_position(const std::optional<std::string>& fen, const std::vector<std::string>& moves) {
  std::lock_guard lock(game_mutex_);
  return game_->set_position(fen, moves);
}

std::string EngineCore::play(std::string_view move) {
  std::lock_guard lock(game_mutex_);
  return game_->play(move);
}

std::optional<MoveCode> EngineCore::legal_move(std::string_view move) {
  std::lock_guard lock(game_mutex_);
  return game_->legal_move(move);
}

bool EngineCore::undo() {
  std::lock_guard lock(game_mutex_);
  return game_->undo();
}

void EngineCore::new_game() {
  stop();  // the running search uses the table about to be cleared
  wait();
  std::lock_guard lock(game_mutex_);
  game_->new_game();
  settings_.search.noise_seed = fresh_randomness_seed();  // new games play differently
}

Color EngineCore::side_to_move() const {
  std::lock_guard lock(game_mutex_);
  return game_->side_to_move();
}

int EngineCore::game_ply() const {
  std::lock_guard lock(game_mutex_);
  return game_->game_ply();
}

std::string EngineCore::fen() const {
  std::lock_guard lock(game_mutex_);
  return game_->fen();
}

std::string EngineCore::diagram() const {
  std::lock_guard lock(game_mutex_);
  return game_->diagram();
}

std::string EngineCore::evaluation() const {
  std::lock_guard lock(game_mutex_);
  return game_->evaluation();
}

std::string EngineCore::flip() {
  std::lock_guard lock(game_mutex_);
  return game_->flip();
}

GameEnd EngineCore::game_end(int ntimes) const {
  std::lock_guard lock(game_mutex_);
  return game_->game_end(ntimes);
}

std::optional<HashEntry> EngineCore::probe(const std::optional<std::string>& fen, const std::vector<std::string>& moves,
                                           std::string& error) {
  if (busy_) {
    error = "the hash table is in use by the running job";
    return std::nullopt;
  }
  std::lock_guard lock(game_mutex_);
  return game_->probe(fen, moves, error);
}

// ---- Options ----

void EngineCore::update_search(const std::function<void(search::SearchSettings&)>& change) {
  stop();  // the searchers read the settings while they search
  wait();
  std::lock_guard lock(game_mutex_);
  change(settings_.search);
}

void EngineCore::set_hash_mb(int mb) {
  stop();
  wait();
  std::lock_guard lock(game_mutex_);
  const int clamped = std::clamp(mb, 1, MAX_HASH_MB);
  game_->set_hash_mb(clamped);  // may throw std::bad_alloc: the table keeps its old size then (tt.h)
  settings_.hash_mb = clamped;
}

void EngineCore::clear_hash() {
  stop();
  wait();
  std::lock_guard lock(game_mutex_);
  game_->clear_hash();
}

void EngineCore::set_threads(int n) {
  stop();  // the pool's searchers are in use while a search runs
  wait();
  std::lock_guard lock(game_mutex_);
  settings_.threads = std::clamp(n, 1, MAX_THREADS);
  game_->set_threads(settings_.threads);
}

void EngineCore::set_check_only_rules(bool on) {
  update_search([on](search::SearchSettings& s) { s.rules = on ? judge::RuleSet::CheckOnly : judge::RuleSet::Wxf; });
  std::lock_guard lock(game_mutex_);
  game_->clear_hash();  // scores stored under the other rules would mislead the search
}

void EngineCore::set_natural_limit(int moves) {
  update_search([moves](search::SearchSettings& s) { s.natural_moves = std::max(0, moves); });
}

void EngineCore::set_arbiter_count(int occurrences) {
  update_search([occurrences](search::SearchSettings& s) { s.arbiter_count = std::max(2, occurrences); });
}

void EngineCore::set_skill_level(int level) {
  skill_level_ = std::clamp(level, 0, search::MAX_SKILL);
  apply_strength();
}

void EngineCore::set_limit_strength(bool on) {
  limit_strength_ = on;
  apply_strength();
}

void EngineCore::set_elo(int elo) {
  elo_ = elo;
  apply_strength();
}

void EngineCore::apply_strength() {
  const double level = limit_strength_ ? skill_for_elo(elo_) : skill_level_;
  update_search([level](search::SearchSettings& s) { s.skill_level = level; });
}

void EngineCore::set_randomness(int cp) {
  update_search([cp](search::SearchSettings& s) { s.noise_cp = std::clamp(cp, 0, MAX_RANDOMNESS_CP); });
}

std::string EngineCore::set_use_nnue(bool on) {
  if (on && !network_) return "no network is loaded (set EvalFile)";
  stop();  // the searchers read the evaluation at every node
  wait();
  std::lock_guard lock(game_mutex_);
  use_nnue_ = on;
  game_->set_network(network_, use_nnue_);
  return "";
}

namespace {

// The options that name files (EvalFile, BookFile) take regular files only: a FIFO or a device
// such as /dev/stdin could block the protocol's thread for ever.
std::string read_option_file(const std::string& path, std::size_t max_bytes, const char* what, std::string& bytes) {
  fileio::ReadRules rules;
  rules.max_bytes = max_bytes;
  rules.regular_only = true;
  rules.what = what;
  return fileio::read_file(path, bytes, rules);
}

std::string trim(const std::string& s) {
  const std::size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// Larger than any opening book worth loading (ElephantEye's is 96 KB).
constexpr std::size_t MAX_BOOK_BYTES = std::size_t(64) << 20;

}  // namespace

std::string EngineCore::load_eval_file(const std::string& path, std::string& loaded) {
  std::shared_ptr<const nnue::LoadedNetwork> net;
  std::string error;
  if (path.empty() || path == EMBEDDED_NETWORK_NAME) {
    net = nnue::embedded_network();
    if (!net) error = "the embedded network does not load (a bad build)";
  } else {
    // Larger than any network of this format: a wrong file, not worth reading whole.
    std::string bytes;
    if (error = read_option_file(path, nnue::file_size(nnue::MAX_DESCRIPTION), "network files", bytes); !error.empty()) return error;
    net = nnue::load_network(bytes, path, error);
  }
  if (!net) return "'" + path + "': " + error;
  stop();
  wait();
  std::lock_guard lock(game_mutex_);
  network_ = net;
  game_->set_network(network_, use_nnue_);
  char hash[20];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(net->hash));
  loaded = net->source + " (hash " + hash + ")";
  return "";
}

std::string EngineCore::load_book_files(const std::string& paths, std::string& loaded) {
  std::vector<std::shared_ptr<const book::Book>> books;
  std::size_t start = 0;
  do {
    const std::size_t end = std::min(paths.find(';', start), paths.size());
    const std::string path = trim(paths.substr(start, end - start));
    start = end + 1;
    if (path.empty() && paths.find(';') != std::string::npos) continue;  // "a;;b", a trailing ';'
    std::shared_ptr<const book::Book> b;
    if (path.empty() || path == book::EMBEDDED_BOOK_NAME) {
      b = book::embedded_book();
      if (!b) return "the embedded book does not load (a bad build)";
    } else {
      std::string bytes, error;
      if (error = read_option_file(path, MAX_BOOK_BYTES, "opening books", bytes); !error.empty()) return error;
      b = book::parse_book(bytes, path, error);
      if (!b) return "'" + path + "': " + error;
    }
    books.push_back(b);
  } while (start <= paths.size());
  if (books.empty()) return "no book file named";
  stop();  // the running search may be reading the books it was given
  wait();
  std::lock_guard lock(game_mutex_);
  books_ = books;
  game_->set_books(books_);
  loaded.clear();
  for (const auto& b : books)
    loaded += (loaded.empty() ? "" : "; ") + b->source() + " (" + book::format_name(b->format()) + ", " +
              std::to_string(b->size()) + " entries)";
  return "";
}

std::vector<std::shared_ptr<const book::Book>> EngineCore::books() const {
  std::lock_guard lock(game_mutex_);
  return books_;
}

std::shared_ptr<const nnue::LoadedNetwork> EngineCore::network() const {
  std::lock_guard lock(game_mutex_);
  return network_;
}

// ---- Jobs ----

bool EngineCore::go(const GoRequest& request, SearchCallbacks callbacks) {
  search::Limits limits = request.limits;
  const bool ponder = request.ponder;
  stop();
  wait();
  // No job runs now, so the flag is set before any search can read it; ponderhit() clears it
  // whenever it comes, before or after the search has started (search::Limits::ponder).
  ponder_flag_.store(ponder);
  limits.ponder = ponder ? &ponder_flag_ : nullptr;  // the real clocks; they start at ponderhit
  SearchTask task;
  {
    std::lock_guard lock(game_mutex_);
    task = game_->prepare_search(limits, request.searchmoves, request.banned);
  }
  if (!task) return false;
  {
    std::lock_guard lock(job_mutex_);
    // The search itself waits for stop (infinite) or ponderhit (ponder); hold_ does the same
    // when nothing was searched (no move to search, or all banned).
    hold_ = limits.infinite || ponder;
    ponder_infinite_ = limits.infinite;
  }
  const bool unlimited = limits.infinite || ponder || (limits.depth == 0 && limits.nodes == 0 && !limits.uses_clock());
  start(
      [this, task = std::move(task), cb = std::move(callbacks)] {
        const ReportFn report = [&cb](const SearchReport& r) {
          if (cb.info) cb.info(r);
        };
        const SearchOutcome outcome = task(stop_, report);
        {
          std::unique_lock lock(job_mutex_);
          job_cv_.wait(lock, [this] { return !hold_ || stop_; });
        }
        cb.done(outcome);
      },
      unlimited);
  return true;
}

int EngineCore::max_perft_depth() const {
  std::lock_guard lock(game_mutex_);
  return game_->max_perft_depth();
}

void EngineCore::perft(int depth, std::function<void(const PerftLine&)> line,
                       std::function<void(std::uint64_t, bool)> done) {
  stop();
  wait();
  PerftTask task;
  {
    std::lock_guard lock(game_mutex_);
    task = game_->prepare_perft(depth);
  }
  start(
      [this, task = std::move(task), line = std::move(line), done = std::move(done)] {
        std::uint64_t total = 0;
        task(stop_, [&](const PerftLine& l) {
          total += l.nodes;
          line(l);
        });
        done(total, !stop_);
      },
      false, true);
}

// The bench of search/bench.h on the worker, so that stop() ends it between positions or
// inside one (then no signature). Unstopped, the signature run is exactly search::run_bench.
void EngineCore::bench(const search::BenchOptions& options, std::function<void(int, const search::Result&)> each,
                       std::function<void(const BenchSummary&)> done) {
  stop();
  wait();
  search::BenchOptions with_eval = options;
  if (use_nnue_) with_eval.network = network();  // the evaluation the game plays with
  start(
      [this, options = with_eval, each = std::move(each), done = std::move(done)] {
        BenchSummary summary;
        summary.options = options;
        summary.options.judge_shortcut = true;
        summary.signature = search::run_bench(summary.options, each, &stop_);
        summary.error = summary.signature.error;
        if (summary.signature.complete && options.threads == 1) {
          search::BenchOptions off = summary.options;
          off.judge_shortcut = false;
          summary.shortcut_off = search::run_bench(off, {}, &stop_);
          summary.error = summary.shortcut_off->error;
        }
        summary.complete = summary.error.empty() && summary.signature.complete &&
                           (!summary.shortcut_off || summary.shortcut_off->complete);
        done(summary);
      },
      false, true);
}

void EngineCore::ponderhit() {
  std::lock_guard lock(job_mutex_);
  if (!busy_ || !ponder_flag_.load()) return;  // no ponder search running, or hit already
  ponder_flag_.store(false);  // the search sees it at its next look at the clock
  if (!ponder_infinite_) hold_ = false;  // "go ponder infinite" still waits for stop
  job_cv_.notify_all();
}

void EngineCore::stop() {
  {
    // Under the lock: a worker between checking stop_ and sleeping on job_cv_ cannot miss it.
    std::lock_guard lock(job_mutex_);
    stop_ = true;
  }
  job_cv_.notify_all();
}

void EngineCore::wait() {
  if (worker_.joinable()) worker_.join();
}

void EngineCore::finish_for_quit() {
  if (!(busy_ && to_end_)) stop();
  wait();
}

void EngineCore::start(std::function<void()> body, bool needs_stop, bool to_end) {
  wait();
  {
    std::lock_guard lock(job_mutex_);
    stop_ = false;
  }
  needs_stop_ = needs_stop;
  to_end_ = to_end;
  busy_ = true;
  worker_ = std::thread([this, body = std::move(body)] {
    try {
      body();
    } catch (const std::exception& e) {  // never let a job take the process down
      spdlog::error("job failed: {}", e.what());
    }
    job_cv_.notify_all();
    busy_ = false;
  });
}

}  // namespace xq::frontend
