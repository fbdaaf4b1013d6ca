#include "eval_trace.h"

#include <cstdio>

namespace xq::search {

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

}  // namespace xq::search
