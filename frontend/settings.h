// Every value the GUI's options set (options.h declares them), in one struct the engine core
// owns. The search part is the one the search pool reads in place (search/settings.h); the
// rest is read by the dialects as they parse and print.
//
// Threads: `search`, hash_mb and threads change only through EngineCore's setters, which stop
// the running job first. The other fields may be read by the search thread's callbacks (info
// lines, bestmove) while the reading thread sets an option, hence atomics.
#pragma once

#include <atomic>
#include <cstdint>

#include "search/settings.h"

namespace xq::frontend {

struct EngineSettings {
  static constexpr int DEFAULT_HASH_MB = 16;

  search::SearchSettings search;  // rules, natural move limit, move variety, nodestime
  int hash_mb = DEFAULT_HASH_MB;  // transposition table size
  int threads = 1;                // Lazy SMP search threads

  std::atomic<bool> ponder{false};           // answer with a ponder move (UCI Ponder, UCCI ponder)
  std::atomic<int> multipv{1};               // best lines reported per depth (UCI)
  std::atomic<std::int64_t> move_overhead_ms{0};  // taken off every clock value the GUI sends
  std::atomic<bool> show_wdl{false};         // UCI_ShowWDL: "wdl W D L" after each score
  std::atomic<bool> millisec{false};         // UCCI usemillisec: clocks in ms, not seconds
  std::atomic<bool> draw{true};              // UCCI draw: accept and offer draws
  std::atomic<bool> resign{true};            // UCCI resign

  // The opening book (book/README.md): the books themselves are the engine core's.
  static constexpr int DEFAULT_BOOK_DEPTH = 20;
  static constexpr int MAX_BOOK_DEPTH = 200;
  std::atomic<bool> own_book{false};          // UCI OwnBook, UCCI usebook: play book moves
  std::atomic<int> book_depth{DEFAULT_BOOK_DEPTH};  // only up to this full-move number
  std::atomic<int> book_variety{100};         // book/choose.h: 100 by weight, 0 the heaviest
};

}  // namespace xq::frontend
