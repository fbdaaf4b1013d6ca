// The engine core: one game, its search, its options, and the one job (search, perft or
// bench) that may run at a time on a worker thread. Protocols (uci.h, ucci.h, cecp.h) parse
// their lines, call this, and print what the callbacks report in their own dialect; the core
// itself contains no protocol text. (Named "core" so it cannot be confused with engine/, the
// position model.)
//
// Threads: the protocol's reading thread calls everything here. A job's callbacks run on the
// worker thread; they may call the game functions (play, game_end, ...), which lock the game,
// but never stop()/wait()/anything that waits for the job (that would wait for itself).
// The game may change while a search runs: the search owns a copy of it. Options the running
// job uses (hash size, rules, variant, a new game) stop the job and wait for its answer first.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "search/bench.h"
#include "search/search.h"
#include "settings.h"
#include "variant.h"

namespace xq::frontend {

struct SearchCallbacks {
  ReportFn info;                                   // after each completed iteration
  std::function<void(const SearchOutcome&)> done;  // exactly once per go that started
};

struct GoRequest {
  search::Limits limits;
  // Think on the opponent's time (gives limits.ponder a flag): the search gets the real clock values,
  // its clock starts at ponderhit(), and the answer waits for ponderhit() or stop().
  bool ponder = false;
  // Root moves as EngineCore::legal_move gave them in the position searched (parsed once):
  std::vector<MoveCode> searchmoves;  // only these (UCI go searchmoves); empty: all
  std::vector<MoveCode> banned;       // never to answer (UCCI banmoves)
};

// A bench: the signature run (judge shortcut on) and, with one thread, the same positions
// again with the shortcut off, so the judge statistics of the two can be compared.
struct BenchSummary {
  search::BenchOptions options;
  search::BenchResult signature;
  std::optional<search::BenchResult> shortcut_off;  // none with threads > 1 (SearchPool has no switch)
  bool complete = true;  // false: stopped before the end (no signature)
  std::string error;     // a bench position failed to load, or the table could not be allocated
};

// The EvalFile value that names the network embedded in the binary.
constexpr const char* EMBEDDED_NETWORK_NAME = "<embedded>";

class EngineCore {
 public:
  static constexpr int DEFAULT_HASH_MB = EngineSettings::DEFAULT_HASH_MB;
  static constexpr int MAX_HASH_MB = 4096;
  static constexpr int MAX_THREADS = 256;  // search::SearchPool::MAX_THREADS

  EngineCore();
  ~EngineCore();  // stops a running job and waits for it
  EngineCore(const EngineCore&) = delete;
  EngineCore& operator=(const EngineCore&) = delete;

  // ---- The game ----
  std::string variant() const;
  // "xiangqi" or "chess": a new game of it at its start position ("" or the problem). Choosing
  // the current variant again keeps the game.
  std::string set_variant(std::string_view name);
  std::string set_position(const std::optional<std::string>& fen, const std::vector<std::string>& moves);
  std::string play(std::string_view move);  // "" or why the move is not legal (game unchanged)
  // `move` in the variant's code if it is legal now (for GoRequest), else nothing.
  std::optional<MoveCode> legal_move(std::string_view move);
  bool is_legal(std::string_view move) { return legal_move(move).has_value(); }
  bool undo();                              // false at the game's first position
  void new_game();                          // start position, forget what searches learned
  Color side_to_move() const;
  int game_ply() const;
  std::string fen() const;
  std::string diagram() const;
  std::string evaluation() const;  // "" when the variant has no evaluation
  std::string flip();              // the colour-mirrored position, history dropped; "" or the problem
  GameEnd game_end(int ntimes = 1) const;
  // The table's entry for a position; `error` is set for a bad position or while a job runs
  // (the table is the search's, unlocked, while it searches).
  std::optional<HashEntry> probe(const std::optional<std::string>& fen, const std::vector<std::string>& moves,
                                 std::string& error);

  // ---- Options (options.h writes them; the values live in one EngineSettings) ----
  // The settings every part reads. Fields outside `search`, hash_mb and threads may be written
  // here directly (they are atomics); those three go through the setters below.
  EngineSettings& settings() { return settings_; }
  const EngineSettings& settings() const { return settings_; }
  // Changes the search's settings: stops the running job first (its searchers read them).
  void update_search(const std::function<void(search::SearchSettings&)>& change);
  void set_hash_mb(int mb);  // 1..MAX_HASH_MB; clears the table
  int hash_mb() const { return settings_.hash_mb; }
  void clear_hash();
  // Search threads (Lazy SMP): 1..MAX_THREADS. bench takes its own thread count (default one).
  void set_threads(int n);
  int threads() const { return settings_.threads; }
  // Perpetual-check-only rules for the search (true) or the full WXF rules; clears the table,
  // whose scores were found under the other rules.
  void set_check_only_rules(bool on);
  // The natural move limit (60 moves each; 0: off): the game's result and the search follow it.
  void set_natural_limit(int moves);
  // The arbiter's count (occurrences, >= 2): the search rules a cycle that reaches into the
  // game's history at it, and CECP claims a repetition at it.
  void set_arbiter_count(int occurrences);
  // Strength (frontend/strength.h): Skill Level, or UCI_Elo when UCI_LimitStrength is on.
  void set_skill_level(int level);
  void set_limit_strength(bool on);
  void set_elo(int elo);
  int skill_level() const { return skill_level_; }
  bool limit_strength() const { return limit_strength_; }
  int elo() const { return elo_; }
  int arbiter_count() const { return settings_.search.arbiter_count; }
  // Move variety: noise of up to +-cp (0..MAX_RANDOMNESS_CP, randomness.h) on the search's
  // evaluations, with a seed picked anew at every new_game() and variant.
  void set_randomness(int cp);
  int randomness() const { return settings_.search.noise_cp; }
  // The evaluation: the network (nnue/) when on, the classical one when off (the default).
  // "" or the problem (no network could be loaded), the setting then unchanged.
  std::string set_use_nnue(bool on);
  bool use_nnue() const { return use_nnue_; }
  // Reads a network file (the EvalFile option); "" or "<embedded>" chooses the embedded one.
  // On success it becomes the network (played when use_nnue) and `loaded` describes it; on
  // any problem returns it (missing file, or what nnue::parse says) and keeps the network it had.
  std::string load_eval_file(const std::string& path, std::string& loaded);
  std::shared_ptr<const nnue::LoadedNetwork> network() const;
  // Reads the opening books (BookFile, UCCI bookfiles): `paths` separated by ';', each an .xqb
  // book or ElephantEye's BOOK.DAT (told apart by content); "" or "<embedded>" is the book
  // built in. The search asks them in this order. On success they replace the books and
  // `loaded` describes them; on any problem returns it (which file, what is wrong) and keeps
  // the books it had.
  std::string load_book_files(const std::string& paths, std::string& loaded);
  std::vector<std::shared_ptr<const book::Book>> books() const;

  // ---- Jobs: at most one at a time; starting one stops and waits for the previous ----
  // Starts a search of the current game. With limits.infinite (or ponder) the answer waits for
  // stop() (or ponderhit()). Returns false (nothing started, no callback) when the variant
  // cannot search.
  bool go(const GoRequest& request, SearchCallbacks callbacks);
  int max_perft_depth() const;
  void perft(int depth, std::function<void(const PerftLine&)> line,
             std::function<void(std::uint64_t total, bool complete)> done);
  // The bench of search/bench.h with its own table (options.hash_mb) and searchers
  // (options.threads): the game's table and options stay as they are. `each` sees the
  // signature run's positions.
  void bench(const search::BenchOptions& options, std::function<void(int index, const search::Result&)> each,
             std::function<void(const BenchSummary&)> done);
  // The pondering search becomes a normal one: its clock starts now (the search reads the
  // ponder flag, search::Limits::ponder). A depth or node limit already reached answers at once.
  void ponderhit();
  void stop();  // asks the running job to finish now; returns at once
  void wait();  // returns once no job runs (all its callbacks have returned)
  // The GUI said quit: a search is stopped (its answer still comes), a perft or bench runs to
  // its end first, as in Stockfish, so a piped script ending in quit gets its counts.
  void finish_for_quit();
  bool busy() const { return busy_; }
  // The running job ends only by stop(): go infinite, go ponder, or a go without any limit.
  bool needs_stop() const { return busy_ && needs_stop_; }

 private:
  // needs_stop: only stop() ends the job; to_end: quit waits for it (perft, bench).
  void start(std::function<void()> body, bool needs_stop, bool to_end = false);

  EngineSettings settings_;  // before game_: the game reads it for as long as it lives
  mutable std::mutex game_mutex_;  // guards game_
  std::unique_ptr<VariantGame> game_;
  std::shared_ptr<const nnue::LoadedNetwork> network_ = nnue::embedded_network();
  bool use_nnue_ = true;  // the network is the default since gen0a won at 10+0.1 (issue 20)
  std::vector<std::shared_ptr<const book::Book>> books_{book::embedded_book()};

  std::thread worker_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> busy_{false};
  bool needs_stop_ = false;
  bool to_end_ = false;  // the running job is a perft or bench: quit lets it finish
  // The answer of a ponder or infinite search waits until stop() or ponderhit().
  std::mutex job_mutex_;
  std::condition_variable job_cv_;
  bool hold_ = false;
  // The state of a ponder. ponder_flag_ is true from go ponder until ponderhit; the search reads
  // it (search::Limits::ponder), and it is set before the job starts, so a ponderhit that comes
  // before the search has started is not lost.
  std::atomic<bool> ponder_flag_{false};
  bool ponder_infinite_ = false;  // go ponder infinite: still waits for stop after ponderhit
  // The strength options; the search gets the level they add up to (apply_strength).
  int skill_level_ = search::MAX_SKILL;
  bool limit_strength_ = false;
  int elo_ = 0;
  void apply_strength();
};

}  // namespace xq::frontend
