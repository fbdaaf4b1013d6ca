#include "records/dhtmlxq.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>

#include "engine/notation.h"
#include "records/utf8.h"

namespace xq::records {
namespace {

constexpr std::string_view OPEN = "[DhtmlXQ]", CLOSE = "[/DhtmlXQ]";

// binit's piece order, the same for both colours.
constexpr PieceType BINIT_ORDER[16] = {ROOK, HORSE, ELEPHANT, ADVISOR, KING, ADVISOR, ELEPHANT, HORSE,
                                       ROOK, CANNON, CANNON, PAWN, PAWN, PAWN, PAWN, PAWN};

// The fields of one block by name (without the DhtmlXQ_ prefix). One pass over the block: a
// page of a million unclosed tags must not be searched a million times to its end.
std::map<std::string, std::string> fields(std::string_view block) {
  constexpr std::string_view OPEN_TAG = "[DhtmlXQ_", CLOSE_TAG = "[/DhtmlXQ_";
  std::map<std::string, std::string> out;
  std::map<std::string, size_t, std::less<>> open;  // name -> where its latest value starts
  size_t bracket = 0;  // the first ']' at or after the current tag (they only move forward)
  for (size_t at = block.find('['); at != std::string_view::npos; at = block.find('[', at + 1)) {
    const bool closing = block.substr(at, CLOSE_TAG.size()) == CLOSE_TAG;
    if (!closing && block.substr(at, OPEN_TAG.size()) != OPEN_TAG) continue;
    if (bracket <= at) bracket = block.find(']', at);
    if (bracket == std::string_view::npos) break;  // no tag can end any more
    const size_t name_at = at + (closing ? CLOSE_TAG.size() : OPEN_TAG.size());
    const std::string_view name = block.substr(name_at, bracket - name_at);
    if (!closing) {
      open[std::string(name)] = bracket + 1;
    } else if (auto it = open.find(name); it != open.end()) {
      out[std::string(name)] = std::string(block.substr(it->second, at - it->second));
      open.erase(it);
    }
  }
  return out;
}

Square square_of(char file, char row) { return make_square(file - '0', 9 - (row - '0')); }

bool all_digits(std::string_view s) {
  for (const char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// The placement from binit; "" on success, else the problem.
std::string read_binit(const std::string& binit, Position& pos) {
  if (binit.size() != 64 || !all_digits(binit)) return "DhtmlXQ_binit must be 64 digits, got '" + excerpt(binit) + "'";
  std::string fen_rows[RANK_NB];
  char board[SQUARE_NB];
  std::fill(board, board + SQUARE_NB, '.');
  for (int i = 0; i < 32; ++i) {
    const char f = binit[2 * i], r = binit[2 * i + 1];
    if (f == '9' && r == '9') continue;
    const Square s = square_of(f, r);
    if (f > '8') return "DhtmlXQ_binit places piece " + std::to_string(i) + " off the board";
    if (board[s] != '.') return "DhtmlXQ_binit places two pieces on " + square_to_string(s);
    board[s] = piece_to_char(make_piece(i < 16 ? RED : BLACK, BINIT_ORDER[i % 16]));
  }
  std::string fen;
  for (int r = RANK_NB - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < FILE_NB; ++f) {
      const char c = board[make_square(f, r)];
      if (c == '.') { ++empty; continue; }
      if (empty) fen += char('0' + empty), empty = 0;
      fen += c;
    }
    if (empty) fen += char('0' + empty);
    if (r) fen += '/';
  }
  // The side to move is not written: Red, unless the first move is Black's (decided by the caller).
  const FenResult fr = set_fen(pos, fen + " w");
  return fr.ok ? "" : "DhtmlXQ_binit: " + fr.error;
}

std::string result_of(const std::string& r) {
  if (r == "W" || r == "红胜" || r == "紅勝" || r == "1-0") return "1-0";
  if (r == "L" || r == "黑胜" || r == "黑勝" || r == "0-1") return "0-1";
  if (r == "D" || r == "和棋" || r == "和局" || r == "1/2-1/2") return "1/2-1/2";
  return "";
}

GameRecord read_block(std::string_view block, int number) {
  GameRecord g;
  g.number = number;
  g.notation = "dhtmlxq";
  const auto f = fields(block);
  static const std::pair<const char*, const char*> names[] = {
      {"title", "Title"}, {"event", "Event"}, {"date", "Date"}, {"place", "Site"}, {"round", "Round"},
      {"red", "Red"}, {"redteam", "RedTeam"}, {"black", "Black"}, {"blackteam", "BlackTeam"}, {"result", "Result"}};
  for (const auto& [from, to] : names)
    if (auto it = f.find(from); it != f.end() && !it->second.empty()) g.tags.emplace_back(to, it->second);
  if (auto it = f.find("result"); it != f.end()) g.result = result_of(it->second);
  Position pos;
  const std::string moves = f.count("movelist") ? f.at("movelist") : "";
  if (auto it = f.find("binit"); it != f.end() && !it->second.empty()) {
    if (std::string e = read_binit(it->second, pos); !e.empty()) return g.error = g.label() + ": " + e, g;
    // A set-up position where Black moves first shows it in the first move's piece.
    if (moves.size() >= 4 && all_digits(moves.substr(0, 4))) {
      const Piece p = pos.piece_on(square_of(moves[0], moves[1]));
      if (p != NO_PIECE && color_of(p) == BLACK) {
        const std::string fen = to_fen(pos);
        set_fen(pos, fen.substr(0, fen.find(' ')) + " b");
      }
    }
  }
  g.start_fen = to_fen(pos);
  if (auto it = f.find("comment0"); it != f.end()) g.comments[0] = it->second;
  if (moves.size() % 4 != 0 || !all_digits(moves))
    g.error = g.label() + ": DhtmlXQ_movelist is not a list of four-digit moves: '" + excerpt(moves) + "'";
  for (size_t i = 0; i + 4 <= moves.size() && all_digits(moves.substr(i, 4)); i += 4) {
    if (moves[i] > '8' || moves[i + 2] > '8') {
      g.error = g.label() + ": move " + std::to_string(i / 4 + 1) + " '" + moves.substr(i, 4) + "' leaves the board";
      return g;
    }
    const Move m = make_move(square_of(moves[i], moves[i + 1]), square_of(moves[i + 2], moves[i + 3]));
    if (!is_ok(m) || !pos.is_pseudo_legal(m) || !pos.is_legal(m)) {
      g.error = g.label() + ": move " + std::to_string(pos.fullmove_number()) + " (" +
                side_name(pos.side_to_move()) + ") '" + moves.substr(i, 4) + "' (" + move_to_string(m) +
                ") is illegal";
      return g;
    }
    pos.do_move(m);
    g.moves.push_back(m);
    g.move_texts.push_back(moves.substr(i, 4));
    const auto c = f.find("comment" + std::to_string(g.moves.size()));
    g.comments.push_back(c == f.end() ? "" : c->second);
  }
  return g;
}

}  // namespace

bool has_dhtmlxq(std::string_view text) { return text.find(OPEN) != std::string_view::npos; }

RecordFile read_dhtmlxq(std::string_view utf8) {
  RecordFile file;
  file.format = "dhtmlxq";
  for (size_t at = utf8.find(OPEN); at != std::string_view::npos; at = utf8.find(OPEN, at + 1)) {
    const size_t end = utf8.find(CLOSE, at);
    if (end == std::string_view::npos) {
      // The last block: it runs to the end of the page and holds any later [DhtmlXQ].
      file.warnings.push_back("a [DhtmlXQ] block is never closed; read to the end");
      file.games.push_back(read_block(utf8.substr(at), int(file.games.size()) + 1));
      break;
    }
    file.games.push_back(read_block(utf8.substr(at, end - at), int(file.games.size()) + 1));
    at = end;
  }
  if (file.games.empty()) file.error = "no [DhtmlXQ] block found";
  return file;
}

}  // namespace xq::records
