// UCI, as Xiangqi GUIs speak it (ICCS moves, ranks 0-9): scores "cp N" or "mate N", a
// repetition ruling as "cp +-199xx" (never a mate: the GUI must not announce a mate for a
// chase), "bestmove M [ponder P]" or "bestmove (none)". With UCI_ShowWDL each score is
// followed by "wdl W D L" (wdl.h).
#include <atomic>

#include "randomness.h"
#include "search/score.h"
#include "tune_options.h"
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
    out_.line("option name UCI_Variant type combo default xiangqi var xiangqi var chess");
    out_.line("option name Hash type spin default " + std::to_string(EngineCore::DEFAULT_HASH_MB) + " min 1 max " +
              std::to_string(EngineCore::MAX_HASH_MB));
    out_.line("option name Threads type spin default 1 min 1 max " + std::to_string(EngineCore::MAX_THREADS));
    out_.line("option name Clear Hash type button");
    out_.line("option name Ponder type check default false");
    out_.line("option name MultiPV type spin default 1 min 1 max " + std::to_string(MAX_MULTIPV));
    out_.line("option name Move Overhead type spin default 0 min 0 max 5000");
    out_.line("option name Repetition Rule type combo default wxf var wxf var check-only");
    out_.line("option name Sixty Move Rule type check default true");
    out_.line("option name UCI_ShowWDL type check default false");
    out_.line("option name Randomness type spin default 0 min 0 max " + std::to_string(MAX_RANDOMNESS_CP));
    out_.line("option name Use NNUE type check default false");
    out_.line(std::string("option name EvalFile type string default ") + EMBEDDED_NETWORK_NAME);
    for (const std::string& line : tune_option_lines()) out_.line(line);  // a tuning build's search parameters
    out_.line("uciok");
  }

  bool set_own_option(const std::string& key, const std::string& value) override {
    if (key == "uci_showwdl") {
      if (bool on = false; parse_check("UCI_ShowWDL", value, on)) show_wdl_ = on;
    } else if (key == "randomness") {  // centipawns here; UCCI names the levels (ucci.cpp)
      const auto cp = to_int(value);
      if (!cp || *cp < 0 || *cp > MAX_RANDOMNESS_CP)
        error("bad value '" + value + "' for Randomness: expected cp from 0 to " + std::to_string(MAX_RANDOMNESS_CP));
      else core_.set_randomness(*cp);
    } else if (key == "multipv") {
      const auto n = to_int(value);
      if (!n || *n < 1 || *n > MAX_MULTIPV)
        error("bad value '" + value + "' for MultiPV: expected 1 to " + std::to_string(MAX_MULTIPV));
      else multipv_ = *n;
    } else {
      return false;
    }
    return true;
  }

  void before_go(GoRequest& request) override {
    request.limits.multipv = multipv_;
    show_multipv_ = multipv_ > 1;
  }

  void print_info(const SearchReport& r) override {
    std::string line = "info depth " + std::to_string(r.depth) + " seldepth " + std::to_string(r.seldepth);
    if (show_multipv_) line += " multipv " + std::to_string(r.multipv);
    line += " score ";
    line += search::is_mate_score(r.score) ? "mate " + std::to_string(search::mate_moves(r.score))
                                           : "cp " + std::to_string(r.score);
    if (show_wdl_) {
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
    out_.line("bestmove " + o.best + (ponder_option_ && !o.ponder.empty() ? " ponder " + o.ponder : ""));
  }

  static constexpr int MAX_MULTIPV = 128;
  int multipv_ = 1;                     // the option; read on the reading thread only
  std::atomic<bool> show_multipv_{false};  // the running search reports several lines
  std::atomic<bool> show_wdl_{false};      // UCI_ShowWDL; read by the search thread's info lines
};

}  // namespace

std::unique_ptr<Dialect> make_uci(EngineCore& core, Output& out) { return std::make_unique<UciProtocol>(core, out); }

}  // namespace xq::frontend
