// The Xiangqi position: board, side to move, Zobrist key and the per-ply state stack.
// make/unmake keep everything incremental; the judge reads and annotates the stack.
#pragma once

#include <string>
#include <vector>

#include "attacks.h"
#include "geometry.h"
#include "movelist.h"
#include "types.h"
#include "zobrist.h"

namespace xq {

// What the repetition judge records for the move that led to a position (seed 002, Algorithm 1).
// The engine only reserves the room; the judge fills it in.
enum class PlyStatus : std::uint8_t { Unknown = 0, Idle = 1, Chase = 2, Check = 4, Cancel = 8 };

struct JudgeInfo {
  PlyStatus status = PlyStatus::Unknown;
  SquareSet threats = 0;  // victims the mover could take for free right after its move
  SquareSet chased = 0;   // of those, the ones this move newly attacked: the victims it chased
};

// What a move changed on the board ("dirty pieces"), for whoever keeps sums over the pieces
// and updates them move by move instead of walking the board: the evaluation's piece-square
// sums today, a network's accumulators later. `piece` went from `from` to `to`; `captured`, if
// any, left `to`. A null move changed nothing: piece is NO_PIECE.
struct DirtyPiece {
  Piece piece = NO_PIECE;
  Square from = SQ_NONE, to = SQ_NONE;
  Piece captured = NO_PIECE;
};

// One entry per ply: entry 0 is the root position, entry i the position after the i-th move.
struct StateInfo {
  Key key = 0;
  Move move = MOVE_NONE;       // the move that led here
  Piece moved = NO_PIECE;      // the piece that made it (NO_PIECE: root or null move)
  Piece captured = NO_PIECE;   // piece it captured, for unmake
  bool irreversible = false;   // capture or pawn advance: no repetition reaches across it
  bool in_check = false;       // the side to move here is in check (the move that led here gave check)
  // Plies since the last capture: the natural move limit's count and FEN field 5. Every move
  // counts, checks included (judge/README.md says why); a null move adds nothing.
  int rule60 = 0;
  JudgeInfo judge;

  DirtyPiece dirty() const {
    return moved == NO_PIECE ? DirtyPiece{} : DirtyPiece{moved, from_sq(move), to_sq(move), captured};
  }
};

// The checks on the side to move, as the squares a move other than the king's must leave or
// enter to answer each one: the checker's square, the squares between it and the king (a
// cannon's screen among them), a horse's leg. A move whose two squares both miss one check's
// set leaves that check standing, so it is illegal; the converse does not hold (the move must
// still be tested). A necessary condition that costs two set tests instead of a legality test.
struct CheckSets {
  Square king = SQ_NONE;
  int count = 0;        // checks; past MAX_LISTED every move may answer (a move may answer several)
  SquareSet touch[2] = {};
  static constexpr int MAX_LISTED = 2;

  bool may_answer(Move m) const {
    if (from_sq(m) == king || count > MAX_LISTED) return true;
    const SquareSet ends = square_bit(from_sq(m)) | square_bit(to_sq(m));
    for (int i = 0; i < count; ++i)
      if (!(touch[i] & ends)) return false;
    return true;
  }
};

class Position {
 public:
  Position();  // the standard start position

  static constexpr const char* START_FEN =
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

  // Board queries.
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Color side_to_move() const { return side_; }
  Square king_square(Color c) const { return king_[c]; }
  SquareSet pieces(Color c) const { return by_color_[c]; }
  SquareSet pieces(Color c, PieceType t) const { return by_type_[c][t]; }
  SquareSet occupied() const { return by_color_[RED] | by_color_[BLACK]; }
  const LineOccupancy& lines() const { return lines_; }  // the same occupancy by rank and file
  Key key() const { return st().key; }
  // The key after move m, without making it: the search asks for the child's table entry
  // while it still decides about the move. Inline: once per move tried.
  Key key_after(Move m) const { return key_after(m, board_[from_sq(m)], board_[to_sq(m)]); }
  // The same for a caller that has read the moving and the captured piece already (the move
  // picker, which scores by them).
  Key key_after(Move m, Piece moved, Piece captured) const {
    const Square from = from_sq(m), to = to_sq(m);
    Key k = key() ^ zobrist::side() ^ zobrist::piece_square(moved, from) ^ zobrist::piece_square(moved, to);
    if (captured != NO_PIECE) k ^= zobrist::piece_square(captured, to);
    return k;
  }
  Key compute_key() const;  // from scratch; tests compare it with the incremental key

  // Move counters (FEN fields 5 and 6). rule60_count(): plies since the last capture, or since
  // the count a FEN gave; a capture resets it to 0, every other move adds 1, a null move keeps
  // it. fullmove_number(): 1 at the start of a game (or a FEN's number), raised after each
  // Black move. Rulings on the count belong to the judge (judge/natural.h).
  int rule60_count() const { return st().rule60; }
  int fullmove_number() const;

  // Attacks. attackers() lists the pieces of `by` that could capture on s (pseudo-legally),
  // including a king that "flies" along an open file onto the other king.
  SquareSet attackers(Square s, Color by) const;
  bool attacked(Square s, Color by) const { return attackers_exist(s, by); }
  bool kings_facing() const;
  bool in_check() const { return st().in_check; }  // the side to move, as recorded
  // The same for the king of c, computed from the board: attacked, or facing the other king.
  bool in_check(Color c) const;
  // The checks on the side to move (none when not in check).
  CheckSets check_sets() const;
  // Does the pseudo-legal move m of the side to move check the other king? Exact, read off
  // the board as it stands: only the lines through that king which m changes, the mover's own
  // horse or pawn attack, and a horse leg m leaves are looked at. Most moves touch none of
  // these (may_give_check), and that answer is inline: the full test's call and register saves
  // were a third of its cost.
  bool gives_check(Move m) { return may_give_check(m) && gives_check_tested(m); }

  // Moves.
  bool is_pseudo_legal(Move m) const;
  // Assumes pseudo-legal; read off the board as it stands. Most moves need no test at all
  // (needs_legality_test), and that answer is inline.
  bool is_legal(Move m) { return !needs_legality_test(m) || is_legal_tested(m); }
  // King safety of a pseudo-legal move by whichever side owns the moving piece, always tested
  // in full (the judge asks about the side not to move, on boards changed by make_board).
  bool is_legal_for_owner(Move m);

  // What-if moves on the board alone: no key, no history, side to move unchanged. For queries
  // such as "could the other side take back?"; every make_board needs its unmake_board.
  Piece make_board(Move m);
  void unmake_board(Move m, Piece captured);
  bool is_capture(Move m) const { return board_[to_sq(m)] != NO_PIECE; }
  bool is_pawn_advance(Move m) const;
  void do_move(Move m);
  // The same, for a caller that already knows whether m gives check (gives_check(m)): the
  // search asks before it plays, and the answer need not be worked out twice.
  void do_move(Move m, bool gives_check);
  void undo_move();
  // Flip the side to move without moving (the judge looks at the opponent's threats).
  void do_null_move();
  void undo_null_move();

  // History: entry 0 is the root; size()-1 plies have been played since.
  const std::vector<StateInfo>& history() const { return history_; }
  std::vector<StateInfo>& history() { return history_; }
  int game_ply() const { return int(history_.size()) - 1; }
  const StateInfo& st() const { return history_.back(); }
  StateInfo& st() { return history_.back(); }

  // Places a piece; used by the FEN reader and tests. Keeps key and sets consistent.
  void clear();
  void put_piece(Piece p, Square s);
  void set_side(Color c);
  // The current board becomes the root of a fresh history; the move counters carry over.
  void reset_history();
  // Sets the current position's counters (the FEN reader, on a fresh root). rule60 >= 0, fullmove >= 1.
  void set_move_counters(int rule60, int fullmove);

 private:
  bool attackers_exist(Square s, Color by) const;
  bool in_check_after(Color c, Move m) const;
  // A move can only expose its own king if the king moves, the king is already in check,
  // or the move leaves or enters a line of the king (rook, cannon screen, facing king) or
  // leaves a square diagonally next to it (a horse leg).
  bool needs_legality_test(Move m) const {
    const Square k = king_[side_], from = from_sq(m), to = to_sq(m);
    return from == k || st().in_check || (relation(k, from) & (SAME_FILE | SAME_RANK | DIAGONAL_NEIGHBOUR)) ||
           (relation(k, to) & (SAME_FILE | SAME_RANK));
  }
  bool is_legal_tested(Move m);  // is_legal where needs_legality_test says it must look
  // A move checks the king k only through a line or a horse leg it changes, or by the piece it
  // moves: it leaves or enters a file or rank of k (a rook, cannon screen or facing king behind
  // it, or its own line), it leaves a square diagonally next to k (a horse's leg), or a horse or
  // pawn lands where it hits k. Advisors and elephants never reach a king. A necessary
  // condition only: the moves it lets through are tried in full (gives_check_tested).
  bool may_give_check(Move m) const {
    const Square k = king_[~side_], from = from_sq(m), to = to_sq(m);
    if (k == SQ_NONE) return false;
    const unsigned rf = relation(k, from), rt = relation(k, to);
    if ((rf & (SAME_FILE | SAME_RANK | DIAGONAL_NEIGHBOUR)) || (rt & (SAME_FILE | SAME_RANK))) return true;
    switch (type_of(board_[from])) {
      case HORSE: return rt & HORSE_APART;
      case PAWN: return rt & ORTHOGONAL_NEIGHBOUR;
      default: return false;
    }
  }
  bool gives_check_tested(Move m);  // gives_check where may_give_check lets m through
  bool line_attacked_after(Square k, Move m, bool on_file, Color by) const;
  void make_move_state(Move m);
  void remove_captured(Square s);
  void move_piece(Square from, Square to, bool capture);

  Piece board_[SQUARE_NB];
  SquareSet by_color_[COLOR_NB];
  SquareSet by_type_[COLOR_NB][PIECE_TYPE_NB];
  LineOccupancy lines_;
  Square king_[COLOR_NB];
  Color side_ = RED;
  int root_fullmove_ = 1;  // fullmove number at history[0]
  std::vector<StateInfo> history_;
};

}  // namespace xq
