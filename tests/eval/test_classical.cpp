// The evaluation's structure: the trace adds up to evaluate() (and to what the tuner rebuilds
// from its coefficients), colour and mirror symmetry with every term switched on, and each
// Xiangqi term firing for the right side on a position made for it.
#include <catch2/catch.hpp>

#include <random>
#include <stdexcept>

#include "engine/movegen.h"
#include "eval/classical.h"
#include "eval/trace.h"
#include "../judge/board_transform.h"
#include "../search/search_helpers.h"

using namespace xq;
using namespace xq::eval;

namespace {

// Positions from seeded random games: openings, middle games and bare endings alike.
std::vector<std::string> random_fens(int games, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> fens;
  for (int g = 0; g < games; ++g) {
    Position pos;
    const int plies = int(rng() % 160);
    for (int i = 0; i < plies; ++i) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      pos.do_move(moves[int(rng() % unsigned(moves.size()))]);
      if (i % 7 == 3) fens.push_back(to_fen(pos));
    }
  }
  return fens;
}

// Every value non-zero and different, so that no term can hide behind a zero.
EvalModel random_model(std::uint32_t seed) {
  std::mt19937 rng(seed);
  EvalParams p = DEFAULT_EVAL_PARAMS;
  for (int i = 0; i < PARAM_NB; ++i) param_at(p, i) += S(int(rng() % 61) - 30, int(rng() % 61) - 30);
  EndgameScales sc;
  for (const ScaleInfo& s : SCALES) sc.*s.member = int(rng() % SCALE_NORMAL);
  return EvalModel(p, sc);
}

int red_view(const EvalTrace& t) { return t.side_to_move == RED ? t.eval : -t.eval; }

// What the tuner computes: the coefficients times the values, blended.
int rebuilt(const EvalTrace& t, const EvalModel& m) {
  Tapered sum;
  for (int i = 0; i < PARAM_NB; ++i) sum += m.param(i) * (t.coeff[RED][i] - t.coeff[BLACK][i]);
  return blend(sum, t.phase, t.scale);
}

EvalTrace trace_of(const std::string& fen, const EvalModel& m = default_model()) { return trace(test::setup(fen), m); }

int coeff(const EvalTrace& t, Color c, int index) { return t.coeff[c][index]; }

// Index into TERMS of the term called `name`.
int term_of(const char* name) {
  for (int t = 0; t < TERM_NB; ++t)
    if (std::string(TERMS[t].name) == name) return t;
  throw std::runtime_error(std::string("no term ") + name);
}

// The engine's values with one term's values all zero.
EvalModel without(const char* name) {
  EvalParams p = DEFAULT_EVAL_PARAMS;
  const TermInfo& term = TERMS[term_of(name)];
  for (int i = term.offset; i < term.offset + term.size(); ++i) param_at(p, i) = Tapered();
  return EvalModel(p, DEFAULT_ENDGAME_SCALES);
}

// Does every value of the term have a non-zero half in the engine's values?
// Some value of the term is not zero: the term does something with the engine's values (a fit
// may set one entry of a small array, or one half, to zero where the data say it is worthless).
bool any_set(const char* name) {
  const TermInfo& term = TERMS[term_of(name)];
  for (int i = term.offset; i < term.offset + term.size(); ++i)
    if (!(param_at(DEFAULT_EVAL_PARAMS, i) == Tapered())) return true;
  return false;
}

}  // namespace

TEST_CASE("eval trace: adds up to evaluate() and to the tuner's sum", "[eval]") {
  const auto fens = random_fens(60, 20261124);
  REQUIRE(fens.size() > 500);
  const EvalModel random = random_model(7);
  for (const EvalModel* m : {&default_model(), &random}) {
    for (const std::string& fen : fens) {
      const Position pos = test::setup(fen);
      const EvalTrace t = trace(pos, *m);
      INFO(fen);
      REQUIRE(t.eval == evaluate(pos, *m));
      REQUIRE(red_view(t) == rebuilt(t, *m));
      Tapered red, black;
      for (int i = 0; i < TERM_NB; ++i) red += term_sum(t, *m, i, RED), black += term_sum(t, *m, i, BLACK);
      REQUIRE(red == t.total[RED]);
      REQUIRE(black == t.total[BLACK]);
      REQUIRE(t.phase == game_phase(pos));
    }
  }
  // The engine's own entry point is the default model.
  for (const std::string& fen : fens) CHECK(evaluate(test::setup(fen)) == evaluate(test::setup(fen), default_model()));
}

TEST_CASE("eval: colour swap and mirror leave it unchanged, every term switched on", "[eval]") {
  const EvalModel model = random_model(11);
  const auto fens = random_fens(40, 99);
  REQUIRE(fens.size() > 300);
  for (const std::string& fen : fens) {
    const int e = evaluate(test::setup(fen), model);
    INFO(fen);
    CHECK(e == evaluate(test::setup(test::swap_colours_fen(fen)), model));
    CHECK(e == evaluate(test::setup(test::mirror_fen(fen)), model));
  }
}

TEST_CASE("eval terms: king safety terms fire for the attacking side", "[eval]") {
  // Red cannon e2, black king e9, nothing between: a hollow cannon.
  EvalTrace t = trace_of("4k4/9/9/9/9/9/9/4C4/9/3K5 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(hollow_cannon)) == 1);
  CHECK(coeff(t, BLACK, XQ_PARAM_INDEX(hollow_cannon)) == 0);
  // Two black pieces between (advisor e8, pawn e6): one step from check, and both pinned.
  t = trace_of("4k4/4a4/9/4p4/9/9/9/4C4/9/3K5 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(hollow_cannon)) == 0);
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(cannon_two_screens)) == 1);
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(cannon_pin)) == 2);
  // Bottom cannon: red cannon a9 on Black's back rank with the black king on it.
  t = trace_of("C3k4/9/9/9/9/9/9/9/9/3K5 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(bottom_cannon)) == 1);
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(attacker_across_river) + CANNON - HORSE) == 1);
  // Rook on the e-file looking straight into Black's palace; rook pins the advisor to the king.
  t = trace_of("3k5/3a5/9/9/9/9/9/9/9/3RK4 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(rook_pin)) == 1);
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(rook_palace_file)) == 1);
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(rook_open_file)) == 1);
  // Black without advisors facing two red rooks: "missing advisors fear the rooks".
  t = trace_of("3k5/9/9/9/9/9/9/9/R7R/4K4 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(missing_advisor_vs) + ROOK - HORSE) == 4);
  CHECK(coeff(t, BLACK, XQ_PARAM_INDEX(advisors_missing) + ATTACK_UNITS_NB + 6) == 1);
  // Home advisors d0 and e1 guard each other; elephants c0 and e2 with an empty eye d1 too.
  t = trace_of("4k4/9/9/9/9/9/9/4B4/4A4/2BAK4 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(advisors_linked)) == 1);
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(elephants_linked)) == 1);
}

TEST_CASE("eval terms: pieces and pawns", "[eval]") {
  // Red horse b0 with its forward leg b1 blocked by the red rook.
  EvalTrace t = trace_of("3k5/9/9/9/9/9/9/9/1R7/1N2K4 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(horse_leg_blocked)) == 1);
  // Rook and cannon on the b-file with nothing between: a battery; two cannons: a double cannon.
  t = trace_of("3k5/9/9/9/9/9/9/1C7/1R7/1C2K4 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(cannon_rook_battery)) == 2);
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(double_cannon)) == 0);  // the rook stands between them
  t = trace_of("3k5/9/9/9/9/9/9/1C7/9/1C2K4 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(double_cannon)) == 1);
  // A rook on a file with only an enemy pawn: semi-open.
  t = trace_of("3k5/9/9/p8/9/9/9/9/9/R3K4 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(rook_semi_open_file)) == 1);
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(rook_open_file)) == 0);
  // A horse in the corner a0 has two moves at most: trapped on the edge; on a4 it has four.
  t = trace_of("3k5/9/9/9/9/9/9/9/9/N3K4 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(horse_edge_trapped)) == 1);
  t = trace_of("3k5/9/9/9/9/N8/9/9/9/4K4 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(horse_edge_trapped)) == 0);
  // Red pawns c5, d5 (crossed, side by side) and g5 alone: one linked pair.
  t = trace_of("3k5/9/9/9/2PP2P2/9/9/9/9/4K4 w");
  CHECK(coeff(t, RED, XQ_PARAM_INDEX(pawn_linked)) == 1);
}

// The positions below are scored with the engine's own values (eval/params.cpp): their signs
// are what a Xiangqi player expects, and each check would fail if the term it is about were
// zero or had the wrong sign.
TEST_CASE("eval signs: a hollow cannon against a bare king is good for the cannon's side", "[eval]") {
  // Red cannon e2 faces the black king e9 down an empty file (空头炮): nothing may step between
  // without becoming the cannon's screen.
  const std::string fen = "4k4/9/9/9/9/9/9/4C4/9/3K5 w";
  const EvalTrace t = trace_of(fen);
  // The fit may find a half worth nothing (a sign constraint stops it at zero), never negative;
  // the check that the term matters here is the total with and without it, below.
  const Tapered red = term_sum(t, default_model(), term_of("hollow_cannon"), RED);
  CHECK(red.mg() >= 0);
  CHECK(red.eg() >= 0);
  CHECK(red.mg() + red.eg() > 0);
  CHECK(term_sum(t, default_model(), term_of("hollow_cannon"), BLACK) == Tapered());
  CHECK(format_trace(t).find("hollow_cannon") != std::string::npos);
  // The total favours Red whoever is to move, and the term is part of why.
  CHECK(red_view(t) > 0);
  CHECK(evaluate(test::setup("4k4/9/9/9/9/9/9/4C4/9/3K5 b")) < 0);
  CHECK(red_view(t) > red_view(trace_of(fen, without("hollow_cannon"))));
  // Black to move and the cannon Black's: the same, mirrored in sign.
  const EvalTrace b = trace_of(test::swap_colours_fen(fen));
  CHECK(term_sum(b, default_model(), term_of("hollow_cannon"), BLACK) == red);
  CHECK(b.eval == t.eval);
}

TEST_CASE("eval signs: a hobbled horse is worse than a free one, by the hobbled-horse term", "[eval]") {
  // The same pieces: a red pawn on c3 stands on the forward leg of the horse on c2 (蹩马腿), one
  // on g3 (the mirror square, worth the same) does not.
  const std::string hobbled = "3k5/9/9/9/9/9/2P6/2N6/9/4K4 w", free_horse = "3k5/9/9/9/9/9/6P2/2N6/9/4K4 w";
  const int leg = term_of("horse_leg_blocked");
  const Tapered penalty = term_sum(trace_of(hobbled), default_model(), leg, RED);
  CHECK(penalty.mg() <= 0);
  CHECK(penalty.eg() <= 0);
  CHECK(penalty.mg() + penalty.eg() < 0);
  CHECK(term_sum(trace_of(free_horse), default_model(), leg, RED) == Tapered());
  const int gap = evaluate(test::setup(free_horse)) - evaluate(test::setup(hobbled));
  CHECK(gap > 0);
  // The lost moves alone (mobility) explain part of the gap; the term adds the rest.
  const EvalModel no_leg = without("horse_leg_blocked");
  const int mobility_gap = evaluate(test::setup(free_horse), no_leg) - evaluate(test::setup(hobbled), no_leg);
  CHECK(mobility_gap > 0);
  CHECK(gap >= mobility_gap);
  // In a middlegame (the horse's leg matters most while the board is full) the term alone
  // makes the difference: the same two positions with both sides' rooks and cannons added.
  const std::string hobbled_mg = "r1ck2c1r/9/9/9/9/9/2P6/2N6/9/R1C1K1C1R w", free_mg = "r1ck2c1r/9/9/9/9/9/6P2/2N6/9/R1C1K1C1R w";
  CHECK(evaluate(test::setup(free_mg)) - evaluate(test::setup(hobbled_mg)) >
        evaluate(test::setup(free_mg), no_leg) - evaluate(test::setup(hobbled_mg), no_leg));
  // In the opening: Red's horse g2 behind its own pawn g3 versus the same with the pawn pushed
  // to g4 (挺兵活马), counted by the term (the pawn's square changes other terms too).
  const EvalTrace home = trace(test::setup("", "h2e2 h9g7 h0g2 b9c7"));
  const EvalTrace pushed = trace(test::setup("", "h2e2 h9g7 h0g2 b9c7 g3g4 c6c5"));
  CHECK(coeff(home, RED, XQ_PARAM_INDEX(horse_leg_blocked)) > coeff(pushed, RED, XQ_PARAM_INDEX(horse_leg_blocked)));
  // A piece beside a horse on the edge side blocks no move: the rook a0 next to the horse b0.
  CHECK(coeff(trace_of("3k5/9/9/9/9/9/9/9/9/RN2K4 w"), RED, XQ_PARAM_INDEX(horse_leg_blocked)) == 0);
  CHECK(coeff(trace_of("3k5/9/9/9/9/9/9/9/9/1NR1K4 w"), RED, XQ_PARAM_INDEX(horse_leg_blocked)) == 1);
}

TEST_CASE("eval signs: a rook against a full guard is scored as a likely draw", "[eval]") {
  const int rook = DEFAULT_EVAL_PARAMS.piece_value[ROOK].eg();
  EndgameScales neutral_scales;
  const EvalModel neutral(DEFAULT_EVAL_PARAMS, neutral_scales);
  // Red rook alone against two advisors and two elephants (单车难破士象全).
  const std::string guard = "2bak4/4a4/4b4/9/9/9/9/9/9/R3K4 w";
  const EvalTrace t = trace_of(guard);
  CHECK(t.scale[RED] < SCALE_NORMAL / 3);
  const int unscaled = evaluate(test::setup(guard), neutral);
  CHECK(unscaled > 0);
  CHECK(std::abs(evaluate(test::setup(guard))) < rook / 3);
  CHECK(std::abs(evaluate(test::setup(guard))) < unscaled / 2);
  // Red's own guards do not change the verdict.
  CHECK(trace_of("2bak4/4a4/4b4/9/9/9/9/9/4A4/R1BAK1B2 w").scale[RED] == t.scale[RED]);
  // A rook against a bare king, or against a guard missing an elephant, is not scaled.
  const EvalTrace bare = trace_of("3k5/9/9/9/9/9/9/9/9/R3K4 w");
  CHECK(bare.scale[RED] == SCALE_NORMAL);
  CHECK(bare.eval > 2 * rook / 3);
  CHECK(trace_of("3ak4/4a4/4b4/9/9/9/9/9/9/R3K4 w").scale[RED] == SCALE_NORMAL);
  // A rook and a pawn against the full guard usually win: not scaled either.
  CHECK(trace_of("2bak4/4a4/4b4/9/2P6/9/9/9/9/R3K4 w").scale[RED] == SCALE_NORMAL);
}

TEST_CASE("eval signs: material that cannot win is scored near a draw", "[eval]") {
  // A horse or a cannon alone against the full guard (the guard outweighs it in material,
  // but only the attacker could ever mate), two advisors against a bare king: near zero.
  for (const char* fen : {"2bak4/4a4/4b4/9/9/9/9/9/9/1N2K4 w", "2bak4/4a4/4b4/9/9/9/9/9/9/1C2K4 w",
                          "4k4/9/9/9/9/9/9/9/4A4/3AK4 w"}) {
    INFO(fen);
    const int e = evaluate(test::setup(fen));
    CHECK(std::abs(e) <= 2 * DEFAULT_EVAL_PARAMS.piece_value[PAWN].eg() / 5);
    EndgameScales neutral_scales;
    CHECK(std::abs(e) < std::abs(evaluate(test::setup(fen), EvalModel(DEFAULT_EVAL_PARAMS, neutral_scales))));
  }
  // A lone cannon without a screen of its own cannot mate a bare king: scaled, still ahead.
  const EvalTrace cannon = trace_of("3k5/9/9/9/9/9/9/2C6/9/4K4 w");
  CHECK(cannon.scale[RED] < SCALE_NORMAL);
  CHECK(cannon.eval > 0);
}

TEST_CASE("eval: colour swap and mirror with the engine's values, term by term", "[eval]") {
  // The Xiangqi terms have non-zero values now: the symmetry above (random values) also holds
  // for them, and each side's counts swap exactly with the colours.
  for (const char* name : {"hollow_cannon", "cannon_two_screens", "bottom_cannon", "rook_palace_file",
                           "attacker_across_river", "missing_advisor_vs", "missing_elephant_vs", "advisors_linked",
                           "elephants_linked", "horse_leg_blocked", "horse_edge_trapped", "rook_open_file",
                           "rook_semi_open_file", "cannon_rook_battery", "rook_pin", "cannon_pin", "pawn_linked"}) {
    INFO(name);
    CHECK(any_set(name));
  }
  std::vector<std::string> fens = random_fens(40, 4242);
  for (const char* fen : {"4k4/9/9/9/9/9/9/4C4/9/3K5 w", "4k4/4a4/9/4p4/9/9/9/4C4/9/3K5 b",
                          "C3k4/9/9/9/9/9/9/9/9/3K5 w", "3k5/3a5/9/9/9/9/9/9/9/3RK4 b",
                          "3k5/9/9/9/9/9/9/9/R7R/4K4 w", "4k4/9/9/9/9/9/9/4B4/4A4/2BAK4 b",
                          "3k5/9/9/9/9/9/9/1C7/1R7/1C2K4 w", "3k5/9/9/p8/9/9/9/9/9/R3K4 b",
                          "3k5/9/9/9/9/9/9/9/9/N3K4 w", "3k5/9/9/9/2PP2P2/9/9/9/9/4K4 b",
                          "2bak4/4a4/4b4/9/9/9/9/9/9/R3K4 w"})
    fens.emplace_back(fen);
  int fired[PARAM_NB] = {};
  for (const std::string& fen : fens) {
    INFO(fen);
    const EvalTrace t = trace_of(fen), swapped = trace_of(test::swap_colours_fen(fen)), mirrored = trace_of(test::mirror_fen(fen));
    CHECK(t.eval == swapped.eval);
    CHECK(t.eval == mirrored.eval);
    bool counts_swap = true, counts_mirror = true;
    for (int i = 0; i < PARAM_NB; ++i) {
      counts_swap &= t.coeff[RED][i] == swapped.coeff[BLACK][i] && t.coeff[BLACK][i] == swapped.coeff[RED][i];
      counts_mirror &= t.coeff[RED][i] == mirrored.coeff[RED][i] && t.coeff[BLACK][i] == mirrored.coeff[BLACK][i];
      fired[i] += t.coeff[RED][i] + t.coeff[BLACK][i];
    }
    CHECK(counts_swap);
    CHECK(counts_mirror);
  }
  // Every Xiangqi term applied somewhere in these positions (so the checks above cover it).
  for (int term = term_of("hollow_cannon"); term < TERM_NB; ++term) {
    int n = 0;
    for (int i = TERMS[term].offset; i < TERMS[term].offset + TERMS[term].size(); ++i) n += fired[i];
    INFO(TERMS[term].name);
    CHECK(n > 0);
  }
}

TEST_CASE("eval trace: the printed table ends with the evaluation", "[eval]") {
  const Position pos = test::setup("", "h2e2 h9g7");
  const std::string text = format_eval(pos);
  CHECK(text.find("piece_value") != std::string::npos);
  CHECK(text.find("total") != std::string::npos);
  const int e = evaluate(pos);
  CHECK(text.find("for the side to move (red)") != std::string::npos);
  CHECK(text.find(std::string(e >= 0 ? "+" : "") + std::to_string(e) + " for the side to move") != std::string::npos);
}

TEST_CASE("evaluate: symmetric under colour swap and left-right mirror", "[eval]") {
  CHECK(evaluate(test::setup("")) == evaluate(test::setup("", "h2e2 h7e7")));
  for (const char* moves : {"h2e2", "h2e2 h9g7 h0g2", "c3c4 b9c7 b2b6 g6g5 h0i2"}) {
    const std::string fen = to_fen(test::setup("", moves));
    const int e = evaluate(test::setup(fen));
    INFO(fen);
    CHECK(e == evaluate(test::setup(test::swap_colours_fen(fen))));
    CHECK(e == evaluate(test::setup(test::mirror_fen(fen))));
  }
  // Red a rook up is far ahead whoever is to move.
  CHECK(evaluate(test::setup("3k5/9/9/9/9/9/9/9/9/R3K4 w")) > 800);
  CHECK(evaluate(test::setup("3k5/9/9/9/9/9/9/9/9/R3K4 b")) < -800);
}
