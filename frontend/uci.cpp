// UCI, as Xiangqi GUIs speak it (ICCS moves, ranks 0-9): scores "cp N" or "mate N", a
// repetition ruling as "cp +-199xx" (never a mate: the GUI must not announce a mate for a
// chase), "bestmove M [ponder P]" or "bestmove (none)". With UCI_ShowWDL each score is
// followed by "wdl W D L" (wdl.h).
#include <atomic>

#include "search/score.h"
#include "uci_family.h"
#include "wdl.h"

namespace xq::frontend {
namespace {

class UciProtocol final : public UciFamily {
 public:
  using UciFamily::UciFamily;

 private:
  void hello() override {
    out_.line(std::string("id name ") + ENGINE_NAME);
    out_.line(std::string("id author ") + ENGINE_AUTHOR);
    for (const std::string& line : option_lines(OptionProtocol::Uci)) out_.line(line);
    out_.line("uciok");
  }

  OptionProtocol option_protocol() const override { return OptionProtocol::Uci; }

  void before_go(GoRequest& request) override {
    request.limits.multipv = core_.settings().multipv;
    // A strength level ranks several root moves too (search/skill.h): label them, or a GUI
    // would take the last line of a depth for the best.
    show_multipv_ = request.limits.multipv > 1 || core_.settings().search.skill_level < search::MAX_SKILL;
  }

  void print_info(const SearchReport& r) override {
    std::string line = "info depth " + std::to_string(r.depth) + " seldepth " + std::to_string(r.seldepth);
    if (show_multipv_) line += " multipv " + std::to_string(r.multipv);
    line += " score ";
    line += search::is_mate_score(r.score) ? "mate " + std::to_string(search::mate_moves(r.score))
                                           : "cp " + std::to_string(r.score);
    if (core_.settings().show_wdl) {
      const Wdl w = wdl_of(r.score, r.move_number);
      line += " wdl " + std::to_string(w.win) + ' ' + std::to_string(w.draw) + ' ' + std::to_string(w.loss);
    }
    if (r.lowerbound) line += " lowerbound";
    else if (r.upperbound) line += " upperbound";
    line += " nodes " + std::to_string(r.nodes) + " nps " + std::to_string(r.nps) + " time " + std::to_string(r.time_ms) +
            " hashfull " + std::to_string(r.hashfull) + " pv";
    for (const std::string& m : r.pv) line += ' ' + m;
    out_.line(line);
  }

  void print_bestmove(const SearchOutcome& o, bool) override {
    if (o.best.empty()) return out_.line("bestmove (none)");
    // The ponder move only for GUIs that ponder: they switch "Ponder" on (UCI 2006).
    out_.line("bestmove " + o.best + (core_.settings().ponder && !o.ponder.empty() ? " ponder " + o.ponder : ""));
  }

  std::atomic<bool> show_multipv_{false};  // the running search reports several lines
};

}  // namespace

std::unique_ptr<Dialect> make_uci(EngineCore& core, Output& out) {
  auto uci = std::make_unique<UciProtocol>(core, out);
  uci->take_protocol_defaults();
  return uci;
}

}  // namespace xq::frontend
