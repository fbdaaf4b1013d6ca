// The Texel fit: find values of the evaluation's linear parameters that make
// sigmoid(K * eval) predict the games' outcomes. The target is a blend of the game result and
// the search score (lambda = 1: results only); the loss is the mean squared error; gradients
// are analytic (the evaluation is linear in the values, given each position's phase and
// scales, which stay fixed). K is fitted first, for the starting values, and then kept.
#pragma once

#include <array>
#include <functional>
#include <vector>

#include "dataset.h"

namespace xq::tune {

struct TuneSettings {
  double lambda = 1.0;      // weight of the game result in the target; 1 - lambda: the score's
  double rate = 1.0;        // Adam's step, in centipawns
  int epochs = 200;         // full passes over the data (one Adam step each)
  int threads = 2;
  std::vector<bool> frozen; // per flat index: kept as it is (empty: nothing frozen)
  // Ridge penalty l2 * (value - prior)^2 per value and half, added to the loss being
  // minimised (the losses printed are the data's alone). Without it, a value that few
  // positions touch moves as fast as a common one (Adam scales every step to `rate`) and ends
  // wherever those few positions' noise sends it; the prior (empty: the starting values) is
  // what the value falls back to when the data says little.
  double l2 = 0;
  std::vector<std::array<double, 2>> prior;
  // Per flat index: +1 kept >= 0, -1 kept <= 0, 0 free (empty: all free). After each step a
  // value past its bound is set to the bound (projected gradient descent).
  std::vector<int> sign;
  // Runs of values that must not fall (direction +1) or rise (-1) along their index, such as a
  // mobility table; after each step each half of a run is replaced by its closest such run
  // (isotonic regression, least squares).
  struct Monotone {
    int first, n, direction;
  };
  std::vector<Monotone> monotone;
};

// The values being fitted, as real numbers: [i][0] middlegame, [i][1] endgame.
using Weights = std::vector<std::array<double, 2>>;

Weights to_weights(const eval::EvalParams& p);
eval::EvalParams to_params(const Weights& w);  // rounded to whole centipawns

// Red's evaluation of entry e under w (real-valued: no rounding).
double evaluate(const Dataset& data, const Entry& e, const Weights& w);
// Mean squared error of the prediction against the target.
double loss(const Dataset& data, const Weights& w, double k, double lambda, int threads);
// The K (per centipawn) that minimises the loss for w.
double fit_k(const Dataset& data, const Weights& w, double lambda, int threads);

// Runs the epochs; `each(epoch, loss, weights)` sees the loss and the values after every step.
// Returns the final weights.
Weights tune(const Dataset& data, Weights w, double k, const TuneSettings& s,
             const std::function<void(int, double, const Weights&)>& each = {});

// Parameters no fit can move: the king's value (every position has one per side) and the
// empty piece type's.
std::vector<bool> default_frozen();

// The signs the evaluation's named bonuses and penalties mean (eval/params.h): a hollow cannon,
// an open file, a pin, linked guards are good for their owner, a hobbled or trapped horse bad.
// Without them a fit trades correlated terms against each other (a negative endgame hollow
// cannon paid back by the piece-square tables) and the term no longer says what its name does.
// Tables (piece-square, mobility, shelter) and tempo stay free.
std::vector<int> default_signs();

// The tables whose order is what they mean: a rook or horse with more moves is not worth less
// (non-decreasing by count), and a missing advisor or elephant does not hurt less when the
// enemy has more attackers (each shelter row non-increasing by attack units). Free, the fit made
// a horse with eight moves worth 350 cp less in the endgame than one with a single move.
std::vector<TuneSettings::Monotone> default_monotone();

// The closest (least squares) non-decreasing sequence to v, in place: pool adjacent violators.
void isotonic(std::vector<double>& v);

// How many positions of `data` each value applies to (a nonzero coefficient, either side).
std::vector<long> touch_counts(const Dataset& data);
// Adds to `frozen` every value that fewer than `min_count` positions touch: with Adam, such a
// value moves as fast as a common one and ends wherever its few positions' noise sends it (a
// piece-square entry the pieces rarely reach), and the search will then steer toward it.
void freeze_rare(std::vector<bool>& frozen, const Dataset& data, long min_count);

}  // namespace xq::tune
