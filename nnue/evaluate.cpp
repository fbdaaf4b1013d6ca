#include "evaluate.h"

#include <algorithm>

#include "kernels.h"

namespace xq::nnue {

int evaluate(const Network& net, const Position& pos) { return evaluate_without(net, pos, SQ_NONE); }

int evaluate_without(const Network& net, const Position& pos, Square removed) {
  Accumulator acc;
  for (Color p : {RED, BLACK}) {
    int features[SQUARE_NB];
    const int all = active_features(pos, p, net.king_buckets, features);
    const int skip = removed == SQ_NONE || pos.empty(removed)
                         ? -1
                         : feature_index(p, pos.king_square(p), net.king_buckets, pos.piece_on(removed), removed);
    int n = 0;
    for (int i = 0; i < all; ++i)
      if (features[i] != skip) features[n++] = features[i];
    refresh(net, features, n, acc.values[p]);
  }
  return evaluate(net, acc, pos.side_to_move(), popcount(pos.occupied()));
}

}  // namespace xq::nnue
