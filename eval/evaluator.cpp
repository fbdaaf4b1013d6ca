#include "evaluator.h"

#include "nnue/evaluate.h"

namespace xq::eval {

// Room for a line of 256 plies at the start; push() doubles it when a line is longer.
Evaluator::Evaluator() : psq_(256) {}

void Evaluator::reset(const Position& pos) {
  line_net_ = net_;
  if (line_net_) {
    accumulators_.reset(pos, line_net_->net);
    return;
  }
  psq_[0] = PsqSums::compute(pos, model_);
  size_ = 1;
}

void Evaluator::push_classical(const Position& pos) {
  assert(size_ > 0);  // reset() made the root entry
  if (size_ == int(psq_.size())) psq_.resize(2 * psq_.size());
  psq_[size_] = psq_[size_ - 1].after(pos.st().dirty(), model_);
  ++size_;
}

int evaluate_network(const Position& pos, const nnue::Network& net) {
  return clamp_network_output(nnue::evaluate(net, pos));
}

}  // namespace xq::eval
