#include "trace.h"

#include <cstdio>

#include "engine/notation.h"
#include "evaluator.h"
#include "nnue/evaluate.h"
#include "nnue/kernels.h"

namespace xq::eval {

namespace {

std::string row(const char* name, Tapered red, Tapered black) {
  char buf[160];
  const Tapered diff = red - black;
  std::snprintf(buf, sizeof buf, "%-22s %6d %6d  %6d %6d  %6d %6d\n", name, red.mg(), red.eg(), black.mg(), black.eg(),
                diff.mg(), diff.eg());
  return buf;
}

// Did any value of term t apply to either side? (A term may apply and still add 0.)
bool applied(const EvalTrace& trace, int t) {
  for (int i = TERMS[t].offset; i < TERMS[t].offset + TERMS[t].size(); ++i)
    if (trace.coeff[RED][i] || trace.coeff[BLACK][i]) return true;
  return false;
}

}  // namespace

Tapered term_sum(const EvalTrace& trace, const EvalModel& model, int t, Color c) {
  Tapered sum;
  const TermInfo& term = TERMS[t];
  for (int i = term.offset; i < term.offset + term.size(); ++i) sum += model.param(i) * trace.coeff[c][i];
  return sum;
}

std::string format_trace(const EvalTrace& trace, const EvalModel& model) {
  std::string out = "term                      Red mg Red eg  Blk mg Blk eg   Red-Black\n";
  for (int t = 0; t < TERM_NB; ++t) {
    if (!applied(trace, t)) continue;  // keeps the table to what matters in this position
    out += row(TERMS[t].name, term_sum(trace, model, t, RED), term_sum(trace, model, t, BLACK));
  }
  out += row("total", trace.total[RED], trace.total[BLACK]);
  char buf[200];
  const int red_view = trace.side_to_move == RED ? trace.eval : -trace.eval;
  std::snprintf(buf, sizeof buf,
                "phase %d/%d (mg weight), endgame scale Red %d/%d Black %d/%d\n"
                "eval %+d cp for Red, %+d for the side to move (%s)\n",
                trace.phase, PHASE_MAX, trace.scale[RED], SCALE_NORMAL, trace.scale[BLACK], SCALE_NORMAL, red_view,
                trace.eval, color_name(trace.side_to_move));
  return out + buf;
}

namespace {

// One rank of the contributions board: each square 8 wide, a piece's letter and its value.
std::string contribution_rank(const Position& pos, const nnue::Network& net, int rank, int full_red) {
  std::string line = std::to_string(rank) + " ";
  for (int file = 0; file < FILE_NB; ++file) {
    const Square s = make_square(file, rank);
    char cell[32];
    if (pos.empty(s)) std::snprintf(cell, sizeof cell, "%8s", ".   ");
    else if (type_of(pos.piece_on(s)) == KING) std::snprintf(cell, sizeof cell, "%8c", piece_to_char(pos.piece_on(s)));
    else {
      const int without = nnue::evaluate_without(net, pos, s);
      const int without_red = pos.side_to_move() == RED ? without : -without;
      std::snprintf(cell, sizeof cell, "  %c%+5d", piece_to_char(pos.piece_on(s)), full_red - without_red);
    }
    line += cell;
  }
  return line + "\n";
}

}  // namespace

std::string format_network_eval(const Position& pos, const nnue::LoadedNetwork& loaded, bool in_use) {
  const nnue::Network& net = loaded.net;
  const int raw = nnue::evaluate(net, pos);
  const int clamped = evaluate_network(pos, net);
  const int red = pos.side_to_move() == RED ? clamped : -clamped;
  char buf[160];
  std::snprintf(buf, sizeof buf, "network %s, hash %016llx, %s by the search\n", loaded.source.c_str(),
                static_cast<unsigned long long>(loaded.hash), in_use ? "used" : "not used (Use NNUE is off)");
  std::string out = buf;
  std::string description = net.description.empty() ? std::string("(none)") : net.description;
  // The file's text goes to a protocol stream: no control character may start a line of its own.
  for (char& c : description)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  out += "description: " + description + "\n";
  out += std::string("architecture: ") + net.file_architecture + "\n";
  // Which kernels evaluate (the results are the same on every path; the speed is not).
  out += std::string("kernels: ") + nnue::simd_name(nnue::active_simd());
  // An Intel CPU with AVX-512 takes AVX2 by choice (nnue/kernels.h): say so, lest it look missed.
  if (nnue::active_simd() == nnue::machine_default_simd() && nnue::machine_best_simd() != nnue::active_simd())
    out += std::string(" (the CPU also runs ") + nnue::simd_name(nnue::machine_best_simd()) + ", slower here)";
  out += "\n";
  out += "piece contributions for Red (network score minus the score without the piece):\n";
  for (int rank = RANK_NB - 1; rank >= 0; --rank) out += contribution_rank(pos, net, rank, red);
  out += "         a       b       c       d       e       f       g       h       i\n";
  std::snprintf(buf, sizeof buf, "nnue eval %+d cp for Red, %+d for the side to move (%s)%s\n", red, clamped,
                color_name(pos.side_to_move()), raw != clamped ? " (clamped to the ordinary band)" : "");
  return out + buf;
}

}  // namespace xq::eval
