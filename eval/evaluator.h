// The one evaluation the search asks for: the network (nnue/) when one is set, the classical
// evaluation (classical.h) otherwise, of the positions along the search's current line. Both
// follow the line the same way: the search pushes after every move it makes (and every null
// move) and pops on the way back; each push reads only the move's dirty-piece record
// (engine/position.h). The classical side keeps its material and piece-square sums per ply
// (psq_sums.h); the network's accumulators are brought up to date lazily, only for positions
// that are evaluated (nnue/accumulator.h). Positions the search only glances at (SEE, the
// judge's probe moves) never push.
#pragma once

#include <algorithm>
#include <cassert>
#include <memory>
#include <vector>

#include "bounds.h"
#include "classical.h"
#include "engine/position.h"
#include "nnue/accumulator.h"
#include "nnue/loaded_network.h"
#include "psq_sums.h"

namespace xq::eval {

// A network's raw output brought inside +-EVAL_MAX, so that none can reach the search's
// ruling or mate bands; the one clamp for both paths below.
constexpr int clamp_network_output(int raw) { return std::clamp(raw, -EVAL_MAX, EVAL_MAX); }

// The network's evaluation of `pos` from scratch, clamped as Evaluator::evaluate clamps it:
// for `eval`, tests, and Evaluator's own check of its accumulators (debug builds).
int evaluate_network(const Position& pos, const nnue::Network& net);

class Evaluator {
 public:
  Evaluator();

  // The network of the lines from the next reset() on (nullptr: the classical evaluation);
  // a line in progress keeps the evaluation it began with.
  void set_network(std::shared_ptr<const nnue::LoadedNetwork> net) { net_ = std::move(net); }
  const nnue::LoadedNetwork* network() const { return net_.get(); }
  // Whether the current line is evaluated by a network (the value evaluate() returns).
  bool playing_network() const { return line_net_ != nullptr; }

  // A new line whose root is `pos`, evaluated with the network set now (or classically).
  void reset(const Position& pos);

  // After pos.do_move or pos.do_null_move: the entry of the position now on the board. Every
  // move the search makes pushes, so the network's path is inlined into it (as a call it cost
  // 0.7 % more instructions per bench node, callgrind); the classical one is a call.
  [[gnu::always_inline]] void push(const Position& pos) {
    if (line_net_)
      accumulators_.push(pos);
    else
      push_classical(pos);
  }
  [[gnu::always_inline]] void pop() {
    if (line_net_)
      accumulators_.pop();
    else
      pop_classical();
  }

  // The static evaluation of `pos`, the position of the line's top entry, in centipawns for
  // its side to move, within +-EVAL_MAX (bounds.h; clamp_network_output).
  int evaluate(const Position& pos) {
    assert(line_net_ || psq_[size_ - 1] == PsqSums::compute(pos, model_));
    if (line_net_) {
      const int v = clamp_network_output(accumulators_.evaluate(pos));
      assert(v == evaluate_network(pos, line_net_->net));
      return v;
    }
    return eval::evaluate(pos, model_, psq_[size_ - 1]);
  }

 private:
  void push_classical(const Position& pos);
  void pop_classical() {
    assert(size_ > 1);
    --size_;
  }

  std::shared_ptr<const nnue::LoadedNetwork> net_;
  std::shared_ptr<const nnue::LoadedNetwork> line_net_;  // the current line's: net_ at its reset()
  nnue::AccumulatorStack accumulators_;
  const EvalModel& model_ = default_model();
  std::vector<PsqSums> psq_;  // the classical sums of the line's positions, root first
  int size_ = 0;
};

}  // namespace xq::eval
