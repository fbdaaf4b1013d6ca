// The table of options.h: one row per option. To add one: a row here (names, type, range,
// default, action), and the code that reads its setting. Rows in the order the handshakes
// list them.
#include <spdlog/spdlog.h>

#include "book/choose.h"
#include "engine_core.h"
#include "judge/natural.h"
#include "options.h"
#include "randomness.h"
#include "strength.h"
#include "words.h"
#include "tune_options.h"

namespace xq::frontend {
namespace {

constexpr std::int64_t MAX_MOVE_OVERHEAD_MS = 5000;
constexpr std::int64_t MAX_MULTIPV = 128;  // search::Searcher reports at most this many lines
constexpr std::int64_t MAX_REPETITIONS = 100;  // as xqmatch -repetitions allows (2..101 there)
constexpr std::int64_t MAX_NODESTIME = 10000;  // nodes per millisecond (Stockfish's bound)

const std::string OK;  // actions answer "" on success

std::vector<std::string> randomness_names() {
  std::vector<std::string> names;
  for (const RandomnessLevel& l : UCCI_RANDOMNESS) names.emplace_back(l.name);
  return names;
}

// UCCI knobs xqengine accepts but cannot turn: its search and evaluation are fixed, and it
// has no endgame tables (yet). Accepted so that GUIs that send them work;
// the answer says they have no effect. Not listed in the handshake.
const char* const UCCI_FIXED[] = {"pruning", "knowledge", "selectivity", "idle",      "style",
                                  "useegtb",     "egtbpaths", "usehash", "promotion"};

std::vector<Option> fixed_rows() {
  using Row = OptionRow;
  using C = OptionContext;
  using V = OptionValue;
  return {
      Row("UCI_Variant", "UCI_Variant").combo("xiangqi", {"xiangqi", "chess"}).does([](C& c, const V& v) {
        return c.core.set_variant(v.text);
      }),
      Row("Hash", "hashsize").spin(EngineCore::DEFAULT_HASH_MB, 1, EngineCore::MAX_HASH_MB, "MB").does([](C& c, const V& v) {
        return c.core.set_hash_mb(int(v.number)), OK;
      }),
      // Lazy SMP search threads. bench keeps its own count (one by default).
      Row("Threads", "threads").spin(1, 1, EngineCore::MAX_THREADS).does([](C& c, const V& v) {
        return c.core.set_threads(int(v.number)), OK;
      }),
      Row("Clear Hash", "clearhash").cecp("Clear Hash").button().does([](C& c, const V&) { return c.core.clear_hash(), OK; }),
      // Answer with a ponder move: GUIs that ponder switch it on (UCI 2006).
      Row("Ponder", "ponder").check(false).does([](C& c, const V& v) { return c.core.settings().ponder = v.on, OK; }),
      Row("MultiPV", "").spin(1, 1, MAX_MULTIPV).does([](C& c, const V& v) {
        return c.core.settings().multipv = int(v.number), OK;
      }),
      // Taken off every clock value the GUI sends (UCI and UCCI go), for the GUI's own delays.
      Row("Move Overhead", "moveoverhead").spin(0, 0, MAX_MOVE_OVERHEAD_MS, "ms").does([](C& c, const V& v) {
        return c.core.settings().move_overhead_ms = v.number, OK;
      }),
      // Time counted in nodes (Stockfish's nodestime): this many nodes make a millisecond.
      Row("nodestime", "nodestime").cecp("nodestime").spin(0, 0, MAX_NODESTIME).does([](C& c, const V& v) {
        c.core.update_search([n = int(v.number)](search::SearchSettings& s) { s.nodes_per_ms = n; });
        return OK;
      }),
      // "wxf": the full WXF rules; "check-only": only perpetual check loses (to measure what the
      // full rules are worth in self-play, bench/strength.sh).
      Row("Repetition Rule", "repetitionrule").cecp("Repetition Rule").combo("wxf", {"wxf", "check-only"}).does(
          [](C& c, const V& v) { return c.core.set_check_only_rules(v.text == "check-only"), OK; }),
      // The arbiter's count (issue 25): a cycle that reaches into the game's history is ruled
      // when a position stands for this many times, as xqmatch -repetitions counts; inside
      // the search's own tree a cycle is ruled at its first repetition. It is also the count
      // at which the engine claims a repetition under CECP.
      Row("Repetitions", "repetitions").cecp("Repetitions").spin(judge::ARBITER_OCCURRENCES, 2, MAX_REPETITIONS)
          .does([](C& c, const V& v) { return c.core.set_arbiter_count(int(v.number)), OK; }),
      // The natural move limit (60 moves each without a capture): the search scores it as a
      // draw, and it decides the result the engine claims under CECP.
      Row("Sixty Move Rule", "sixtymoverule").cecp("Sixty Move Rule").check(true).does([](C& c, const V& v) {
        return c.core.set_natural_limit(v.on ? judge::NATURAL_LIMIT_MOVES : 0), OK;
      }),
      // The evaluation (issue 20): the network or the classical one, and which network.
      Row("Use NNUE", "usennue").cecp("Use NNUE").check(true).does([](C& c, const V& v) {
        const std::string err = c.core.set_use_nnue(v.on);
        return err.empty() ? OK : "Use NNUE: " + err;
      }),
      Row("EvalFile", "evalfile").cecp("EvalFile").string(EMBEDDED_NETWORK_NAME).does([](C& c, const V& v) {
        std::string loaded;
        const std::shared_ptr<const nnue::LoadedNetwork> before = c.core.network();
        if (const std::string err = c.core.load_eval_file(v.text, loaded); !err.empty())
          return "EvalFile " + err + "; keeping " + (before ? before->source : std::string("no network"));
        c.note("EvalFile: loaded " + printable(loaded));
        return OK;
      }),
      // Strength levels (frontend/strength.h, search/skill.h); UCCI names of our own.
      Row("Skill Level", "skilllevel").cecp("Skill Level").spin(search::MAX_SKILL, 0, search::MAX_SKILL).does(
          [](C& c, const V& v) { return c.core.set_skill_level(int(v.number)), OK; }),
      Row("UCI_LimitStrength", "limitstrength").cecp("UCI_LimitStrength").check(false).does([](C& c, const V& v) {
        return c.core.set_limit_strength(v.on), OK;
      }),
      Row("UCI_Elo", "elo").cecp("UCI_Elo").spin(ELO_MIN, ELO_MIN, ELO_MAX).does([](C& c, const V& v) {
        return c.core.set_elo(int(v.number)), OK;
      }),
      // The opening book (book/README.md): off under UCI and CECP, as Stockfish-family engines
      // and match runners expect; on under UCCI, as ElephantEye has it.
      Row("OwnBook", "usebook").cecp("OwnBook").check(false).ucci_default("true").does([](C& c, const V& v) {
        return c.core.settings().own_book = v.on, OK;
      }),
      // Book files separated by ';' (UCCI's bookfiles): ours (.xqb) or ElephantEye's BOOK.DAT.
      Row("BookFile", "bookfiles").cecp("BookFile").string(book::EMBEDDED_BOOK_NAME).does([](C& c, const V& v) {
        std::string loaded;
        if (const std::string err = c.core.load_book_files(v.text, loaded); !err.empty()) {
          std::string kept;
          for (const auto& b : c.core.books()) kept += (kept.empty() ? "" : "; ") + b->source();
          return "opening book: " + err + "; keeping " + (kept.empty() ? std::string("no book") : kept);
        }
        c.note("opening book: loaded " + printable(loaded));
        return OK;
      }),
      // Book moves only up to this full-move number of the game.
      Row("BookDepth", "bookdepth").cecp("BookDepth").spin(EngineSettings::DEFAULT_BOOK_DEPTH, 1, EngineSettings::MAX_BOOK_DEPTH)
          .does([](C& c, const V& v) { return c.core.settings().book_depth = int(v.number), OK; }),
      // How the book move is drawn (book/choose.h): 100 by weight, 0 always the heaviest.
      Row("BookVariety", "bookvariety").cecp("BookVariety").spin(book::MAX_VARIETY, 0, book::MAX_VARIETY)
          .does([](C& c, const V& v) { return c.core.settings().book_variety = int(v.number), OK; }),
      Row("UCI_ShowWDL", "").check(false).does([](C& c, const V& v) { return c.core.settings().show_wdl = v.on, OK; }),
      // Move variety in centipawns here; UCCI names the levels (the next row).
      Row("Randomness", "").cecp("Randomness").spin(0, 0, MAX_RANDOMNESS_CP, "cp").does([](C& c, const V& v) {
        return c.core.set_randomness(int(v.number)), OK;
      }),
      Row("", "randomness").combo("none", randomness_names()).does([](C& c, const V& v) {
        return c.core.set_randomness(*ucci_randomness_cp(v.text)), OK;
      }),
      // UCCI clocks count seconds unless the GUI asks for milliseconds.
      Row("", "usemillisec").check(false).does([](C& c, const V& v) { return c.core.settings().millisec = v.on, OK; }),
      // Batch mode lets an engine skip reading input while it thinks; xqengine always reads.
      Row("", "batch").check(false).does([](C&, const V&) { return OK; }),
      Row("", "debug").check(false).does([](C&, const V& v) {
        return spdlog::set_level(v.on ? spdlog::level::debug : spdlog::level::info), OK;
      }),
      // Accept the GUI's draw offers and offer draws ourselves (ucci.cpp decides when).
      Row("", "draw").check(true).does([](C& c, const V& v) { return c.core.settings().draw = v.on, OK; }),
      Row("", "resign").check(true).does([](C& c, const V& v) { return c.core.settings().resign = v.on, OK; }),
      Row("", "newgame").button().does([](C& c, const V&) { return c.new_game(), OK; }),
  };
}

std::vector<Option> build_table() {
  std::vector<Option> rows = fixed_rows();
  for (const char* name : UCCI_FIXED)
    rows.push_back(OptionRow("", name).string("").unlisted().does([name](OptionContext& c, const OptionValue&) {
      c.note(std::string(name) + " is fixed in xqengine; the setting has no effect");
      return OK;
    }));
  for (Option& row : tune_option_rows()) rows.push_back(std::move(row));  // a tuning build's search parameters
  return rows;
}

}  // namespace

const std::vector<Option>& option_table() {
  static const std::vector<Option> table = build_table();
  return table;
}

}  // namespace xq::frontend
