// Rulings in plain words (explain.h). The text names every move of both windows by number and
// ICCS, says which piece chased which, and ends with the class that decided the game, so that
// a reader can check the ruling against the WXF rules without replaying the game.
#include "judge/explain.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "engine/notation.h"
#include "judge/chase.h"

namespace xq::judge {
namespace {

// Moves are numbered as history indices: move i led to history[i], so the first move is 1.
std::string capitalized(std::string s) {
  if (!s.empty()) s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

std::string piece_text(const Position& pos, Square s) {
  const Piece p = pos.piece_on(s);
  if (p == NO_PIECE) return "the piece on " + square_to_string(s);
  return std::string("the ") + color_name(color_of(p)) + " " + type_name(type_of(p)) + " on " + square_to_string(s);
}

std::string join(const std::vector<std::string>& items, const std::string& last_sep = " and ") {
  std::string s;
  for (size_t i = 0; i < items.size(); ++i) s += (i == 0 ? "" : i + 1 == items.size() ? last_sep : ", ") + items[i];
  return s;
}

std::string numbers(const std::vector<int>& plies) {
  std::vector<std::string> items;
  for (int p : plies) items.push_back(std::to_string(p));
  return (plies.size() == 1 ? "move " : "moves ") + join(items, ", ");
}

std::string move_texts(const std::vector<StateInfo>& h, const std::vector<int>& plies) {
  std::vector<std::string> items;
  for (int p : plies) items.push_back(move_to_string(h[p].move));
  return join(items, ", ");
}

PlyStatus ply_class(const std::vector<StateInfo>& h, int i) { return h[i].judge.status; }

// The plies a window judges: the moves its player made from its own positions, from the
// earlier occurrence up to the judged position (judge/judge.h, "Windows").
std::vector<int> window_plies(const PlayerWindow& w) {
  std::vector<int> plies;
  for (int i = w.occurrence + 1; i < w.index; i += 2) plies.push_back(i);
  return plies;
}

// "the red rook on h8 chased the black cannon on c8" for each chase in every chasing ply,
// grouped by phrase with the plies it happened on, in order of first appearance.
class ChaseWords {
 public:
  ChaseWords(const Position& final_pos, const std::vector<int>& plies) {
    Position pos = final_pos;  // walked back ply by ply; the caller's position is untouched
    const auto& h = final_pos.history();
    for (int i = final_pos.game_ply(); i >= (plies.empty() ? 0 : plies.front()); --i) {
      if (ply_class(h, i) == PlyStatus::Chase && std::find(plies.begin(), plies.end(), i) != plies.end())
        describe_ply(pos, i);
      if (i > 0) pos.undo_move();
    }
  }
  std::string text() const {
    std::string s;
    for (const auto& key : order_) s += (s.empty() ? "" : "; ") + key + " on " + numbers(plies_.at(key));
    return s;
  }

 private:
  // Ply i chased the victims in its `chased` set; name their attackers from the mover's free
  // captures in the position it left (the turn passed back to it).
  void describe_ply(Position& pos, int i) {
    const SquareSet victims = pos.history()[i].judge.chased;
    pos.do_null_move();
    MoveList chases;
    get_chases(pos, chases);
    SquareSet named = 0;
    for (Move m : chases)
      if (contains(victims, to_sq(m))) {
        add(piece_text(pos, from_sq(m)) + " chased " + piece_text(pos, to_sq(m)), i);
        named |= square_bit(to_sq(m));
      }
    for (SquareSet rest = victims & ~named; rest;) add("a move threatened " + piece_text(pos, pop_lsb(rest)), i);
    pos.undo_null_move();
  }
  void add(const std::string& phrase, int ply) {
    if (!plies_.count(phrase)) order_.insert(order_.begin(), phrase);  // walking backwards
    auto& v = plies_[phrase];
    v.insert(v.begin(), ply);
  }
  std::vector<std::string> order_;
  std::map<std::string, std::vector<int>> plies_;
};

// The position a window was judged on (history index `index`), for naming its victims.
Position position_at(const Position& final_pos, int index) {
  Position pos = final_pos;
  while (pos.game_ply() > index) pos.undo_move();
  return pos;
}

std::string victims_text(const Position& final_pos, const PlayerWindow& w) {
  const Position pos = position_at(final_pos, w.index);
  std::vector<std::string> items;
  for (SquareSet v = w.victims; v;) items.push_back(piece_text(pos, pop_lsb(v)));
  return join(items);
}

std::string describe_check(Color c, const std::vector<StateInfo>& h, const std::vector<int>& plies) {
  return std::string(side_name(c)) + "'s " + numbers(plies) + " (" + move_texts(h, plies) + ") " +
         (plies.size() == 1 ? "gave" : "each gave") + " check: perpetual check.";
}

// How the chased side met each chase: detect_block tells whether the reply moved, shielded or
// protected a threatened piece. An unanswered threat is still a chase (case 34), so this only
// informs the reader; the ruling does not depend on it.
std::string replies_text(Color chased_side, const Position& final_pos, const std::vector<int>& plies) {
  const auto& h = final_pos.history();
  std::vector<int> saved, ignored;
  for (int p : plies) {
    if (p + 1 > final_pos.game_ply()) continue;
    Position after = position_at(final_pos, p + 1);
    const bool answered = detect_block(after, h[p + 1].move, h[p].judge.chased) != 0;
    (answered ? saved : ignored).push_back(p + 1);
  }
  std::string s;
  if (!saved.empty())
    s += std::string(" ") + side_name(chased_side) + "'s " + numbers(saved) + " (" + move_texts(h, saved) + ") saved the threatened piece" +
         (saved.size() > 1 ? " each time" : "") + ".";
  if (!ignored.empty())
    s += std::string(" ") + side_name(chased_side) + "'s " + numbers(ignored) + " (" + move_texts(h, ignored) +
         ") left the threat unanswered, which does not undo a chase.";
  return s;
}

std::string describe_chase(Color c, const Position& pos, const PlayerWindow& w, const std::vector<int>& plies) {
  std::string victims = victims_text(pos, w);
  if (!victims.empty())
    victims = capitalized(victims) + (popcount(w.victims) == 1 ? " was" : " were") + " chased on every one of these moves" +
              (w.index < pos.game_ply() ? " (squares as of move " + std::to_string(w.index) + ")" : "") + ": ";
  const std::string words = ChaseWords(pos, plies).text();
  return std::string(side_name(c)) + "'s " + numbers(plies) + " (" + move_texts(pos.history(), plies) + ") kept up the attack" +
         (words.empty() ? "" : ": " + words) + "." + replies_text(~c, pos, plies) + " " + victims + "perpetual chase.";
}

// Idle: say which moves did what, and which condition of check or chase failed.
std::string describe_idle(Color c, const Position& pos, const std::vector<int>& plies) {
  const auto& h = pos.history();
  std::vector<int> checks, chases, quiet;
  for (int p : plies)
    (ply_class(h, p) == PlyStatus::Check ? checks : ply_class(h, p) == PlyStatus::Chase ? chases : quiet).push_back(p);
  const std::string who = std::string(side_name(c)) + "'s " + numbers(plies) + " (" + move_texts(h, plies) + ")";
  if (checks.empty() && chases.empty())
    return who + (plies.size() == 1 ? " was" : " were") + " idle: neither check nor chase.";
  if (chases.size() == plies.size())
    return who + " each chased, but no one piece was chased on every move (" + ChaseWords(pos, chases).text() +
           "), so " + side_name(c) + "'s moves count as idle.";
  std::vector<std::string> parts;
  if (!checks.empty()) parts.push_back(numbers(checks) + " gave check");
  if (!chases.empty()) parts.push_back(numbers(chases) + " chased (" + ChaseWords(pos, chases).text() + ")");
  if (!quiet.empty()) parts.push_back(numbers(quiet) + " did neither");
  const std::string why = !quiet.empty() ? "not every move checked or chased"
                          : chases.empty() ? "not every move gave check"
                                           : "no one piece was chased on every move";
  return who + ": " + join(parts) + "; " + why + ", so " + side_name(c) + "'s moves count as idle.";
}

std::string describe_window(Color c, const Position& pos, const PlayerWindow& w) {
  const std::vector<int> plies = window_plies(w);
  if (plies.empty()) return std::string(side_name(c)) + " made no moves in the cycle.";
  switch (w.level) {
    case Level::Check: return describe_check(c, pos.history(), plies);
    case Level::Chase: return describe_chase(c, pos, w, plies);
    default: return describe_idle(c, pos, plies);
  }
}

const char* offence_name(Level l) {
  return l == Level::Check ? "perpetual check" : l == Level::Chase ? "perpetual chase" : "idle play";
}

std::string position_name(int index) {
  return index == 0 ? "the starting position" : "the position after move " + std::to_string(index);
}

// Why a window found nothing: its position did not occur before, or the move played from it
// was a capture or pawn advance, which ends every repetition.
std::string undecided_reason(const Position& pos, const Ruling& r, int ntimes) {
  const int n = pos.game_ply();
  if (n < 2) return std::string(n == 0 ? "No moves were" : "Only one move was") + " played: nothing can have repeated yet.";
  const bool first_ok = r.last_mover.level != Level::Undecided;
  const PlayerWindow& open = first_ok ? r.side_to_move : r.last_mover;
  const int index = open.index >= 0 ? open.index : first_ok ? n - 2 : n - 1;
  const Color to_move = (n - index) % 2 == 0 ? pos.side_to_move() : ~pos.side_to_move();
  std::string s = "No repetition to rule on yet: ";
  if (index + 1 <= n && pos.history()[index + 1].irreversible)
    s += "move " + std::to_string(index + 1) + " (" + move_to_string(pos.history()[index + 1].move) +
         ") was a capture or a pawn advance, which ends any repetition.";
  else
    s += position_name(index) + " (" + side_name(to_move) + " to move) has not occurred before" +
         (ntimes == 1 ? "" : " " + std::to_string(ntimes) + " times") + " since the last capture or pawn advance.";
  return s;
}

// Who made the cycle: the last mover, if the final position repeats; else the cycle ended a
// move earlier and the last move left it (judge/judge.h: case 120).
std::string cycle_intro(const Position& pos, const Ruling& r, int ntimes) {
  const int n = pos.game_ply();
  const PlayerWindow final_window = judge_player_window(pos.history(), n, ntimes);
  if (final_window.occurrence >= 0)
    return std::string(side_name(~pos.side_to_move())) + " repeated the position: " + position_name(n) + " already occurred after move " +
           std::to_string(final_window.occurrence) + ". ";
  return position_name(r.last_mover.index) + " already occurred after move " + std::to_string(r.last_mover.occurrence) +
         "; the last move (" + move_to_string(pos.history()[n].move) + ") left the cycle, which is still ruled. ";
}

// The verdict is the side to move's: a win means the other side is the offender.
Color loser_of(const Position& pos, const Ruling& r) {
  return r.verdict == Verdict::Win ? ~pos.side_to_move() : pos.side_to_move();
}

// The class of the loser's moves: the greater offence, the one that decided the game.
Level loser_level(const Position& pos, const Ruling& r) {
  return loser_of(pos, r) == window_player(pos, r.last_mover) ? r.last_mover.level : r.side_to_move.level;
}

}  // namespace

Color window_player(const Position& pos, const PlayerWindow& w) {
  return (pos.game_ply() - w.index) % 2 == 0 ? pos.side_to_move() : ~pos.side_to_move();
}

std::string explain(const Position& pos, const Ruling& r, int ntimes) {
  if (r.verdict == Verdict::Undecided) return undecided_reason(pos, r, ntimes);
  const PlayerWindow& first = r.last_mover;
  const Color last = window_player(pos, first);
  std::string s = capitalized(cycle_intro(pos, r, ntimes));
  s += describe_window(last, pos, first) + " " + describe_window(~last, pos, r.side_to_move) + " ";
  if (r.verdict == Verdict::Draw)
    return s + "Both sides' moves are of the same class (" + offence_name(first.level) + "): a draw.";
  return s + capitalized(offence_name(loser_level(pos, r))) + " is the greater offence: " + side_name(loser_of(pos, r)) +
         " loses.";
}

std::string ruling_summary(const Position& pos, const Ruling& r) {
  switch (r.verdict) {
    case Verdict::Undecided: return "";
    case Verdict::Draw: {
      // Equal classes draw (judge.h): both windows have the same level.
      const Level l = r.last_mover.level;
      return std::string("draw by repetition (both ") +
             (l == Level::Check ? "checking" : l == Level::Chase ? "chasing" : "idle") + ")";
    }
    default: return std::string(side_name(loser_of(pos, r))) + " loses by " + offence_name(loser_level(pos, r));
  }
}

}  // namespace xq::judge
