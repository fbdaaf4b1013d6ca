// One game variant as the engine core sees it: the game (a position with its whole history),
// moves played onto it and taken back, perft, the board as text, the result the rules give,
// and (Xiangqi only) a search. Everything rule-specific sits behind this interface: Xiangqi
// through engine/ and judge/, chess through engine/fide/. No protocol text here.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book/book.h"
#include "engine/types.h"
#include "nnue/loaded_network.h"
#include "search/info.h"
#include "search/timeman.h"
#include "settings.h"

namespace xq::frontend {

struct PerftLine {
  std::string move;  // the root move in the variant's coordinate notation
  std::uint64_t nodes = 0;
};

// One info line of a running search: the search's numbers (search/info.h), the game's move
// number, and the line in the variant's notation.
// `score` as it is shown (Xiangqi: frontend/shown_score.h; chess: the search's own).
struct SearchReport : search::IterationInfo {
  int move_number = 1;  // the game's full-move number at the search's root (for UCI_ShowWDL)
  std::vector<std::string> pv;
};

// What a finished search answers.
struct SearchOutcome {
  std::string best;    // "" when the side to move has no legal move
  std::string ponder;  // the expected reply, or ""
  int score = 0;       // as in search::IterationInfo; 0 when no iteration completed
  int depth = 0;       // last completed iteration
  std::string note;    // "book move ...": said to the GUI (info string) before the move
};

// The game's end by the rules, if it is over.
struct GameEnd {
  enum Winner { NONE, RED_WINS, BLACK_WINS, DRAW } winner = NONE;
  std::string reason;  // "Red mates", "Red loses by perpetual chase", ...
  bool over() const { return winner != NONE; }
};

// What the transposition table holds for a position (UCCI "probe").
struct HashEntry {
  std::string move;  // best move or ""
  int score = 0;
  int depth = 0;
  bool lower = false, upper = false;  // the score bounds from below, from above (both: exact)
};

// A move of one variant's game in that variant's own encoding (Xiangqi's and chess's Move).
// The protocol layer parses a root move's text once (legal_move) and hands the code back
// unread (prepare_search): Stockfish's root moves, parsed once, not text parsed twice.
using MoveCode = std::uint32_t;

using ReportFn = std::function<void(const SearchReport&)>;
// A search ready to run: it owns a copy of the game, so the core may accept a new position
// while it runs.
using SearchTask = std::function<SearchOutcome(const std::atomic<bool>& stop, const ReportFn& report)>;
// A perft ready to run on a copy of the position; reports each root move as it is counted and
// checks `stop` often (every few thousand nodes at depth 6).
using PerftTask = std::function<void(const std::atomic<bool>& stop, const std::function<void(const PerftLine&)>& line)>;

class VariantGame {
 public:
  virtual ~VariantGame() = default;
  virtual const char* name() const = 0;

  // Sets the start position (no FEN) or `fen`, then plays `moves`. On any error returns a
  // message naming the problem (the bad field, or the move and its index) and keeps the
  // previous game: the command is rejected whole.
  virtual std::string set_position(const std::optional<std::string>& fen, const std::vector<std::string>& moves) = 0;
  // Plays one move onto the game; "" or why it is not legal (the game is then unchanged).
  virtual std::string play(std::string_view move) = 0;
  // Takes back the last move; false when the game is at its first position.
  virtual bool undo() = 0;

  virtual Color side_to_move() const = 0;
  virtual int game_ply() const = 0;  // moves played since the position was set
  virtual std::string fen() const = 0;
  // Text picture, then "FEN: ...", "Key: <16 hex digits>" (the Zobrist key) and "Checkers:"
  // with the squares giving check (nothing after the colon when not in check); lines end in '\n'.
  virtual std::string diagram() const = 0;
  // The evaluation term by term as text lines, or "" when this variant has no evaluation.
  virtual std::string evaluation() const { return ""; }
  // Replaces the position with its colour-mirrored twin (flip.h), the history dropped as by a
  // new FEN; "" or the problem (the game is then unchanged).
  virtual std::string flip() = 0;
  // The result the rules give now, repetitions ruled at the `ntimes`-th earlier occurrence.
  virtual GameEnd game_end(int ntimes) = 0;

  virtual PerftTask prepare_perft(int depth) = 0;
  // Deepest `go perft` accepted (a bound on how long one can run).
  virtual int max_perft_depth() const = 0;

  // A search of the current game, or an empty task when this variant cannot search. Its root
  // moves are the legal ones in `searchmoves` (all when it is empty or none is legal) minus
  // those in `banned` (UCCI banmoves); when that leaves nothing because every legal move is
  // banned, it answers no move (and searches nothing). Both lists come from legal_move() in
  // the current position. Only one task may run at a time, and the game must outlive it.
  virtual SearchTask prepare_search(const search::Limits&, const std::vector<MoveCode>& /*searchmoves*/,
                                    const std::vector<MoveCode>& /*banned*/) {
    return {};
  }
  // `move` in this variant's code if it is legal in the current position, else nothing.
  virtual std::optional<MoveCode> legal_move(std::string_view move) = 0;
  virtual void set_hash_mb(int) {}
  virtual void clear_hash() {}
  // Search threads (Lazy SMP, search/threads.h), 1..search::SearchPool::MAX_THREADS; between
  // searches only.
  virtual void set_threads(int) {}
  // What the table holds for the given position; nullopt when the position is not stored,
  // `error` set when the position itself is bad.
  virtual std::optional<HashEntry> probe(const std::optional<std::string>&, const std::vector<std::string>&,
                                         std::string& error) {
    error = std::string("no hash table for ") + name();
    return std::nullopt;
  }
  // The network `eval` shows and, when `use` is set, the search evaluates with (the classical
  // evaluation otherwise). Between searches only.
  virtual void set_network(std::shared_ptr<const nnue::LoadedNetwork> /*net*/, bool /*use*/) {}
  // The opening books a search asks first, in order (the first that knows the position
  // answers), when the settings' own_book is on. Between searches only.
  virtual void set_books(std::vector<std::shared_ptr<const book::Book>> /*books*/) {}
  // A new game: the start position, and forget what earlier searches learned.
  virtual void new_game() { set_position(std::nullopt, {}); }
};

// The "Key:" and "Checkers:" lines of diagram(), `checkers` in the variant's coordinates.
std::string key_and_checkers_lines(std::uint64_t key, const std::vector<std::string>& checkers);

// A game reads the engine's settings (settings.h) for as long as it lives: its table size and
// threads when it is made, the search settings at every search, the natural move limit when
// it rules on the game's end. The settings must outlive it.
const EngineSettings& default_engine_settings();
std::unique_ptr<VariantGame> make_xiangqi_game(const EngineSettings& settings = default_engine_settings());
std::unique_ptr<VariantGame> make_chess_game();
// "xiangqi" or "chess"; nullptr for anything else.
std::unique_ptr<VariantGame> make_variant(std::string_view name, const EngineSettings& settings);

}  // namespace xq::frontend
