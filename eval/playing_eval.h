// The evaluation the search plays by, made from the evaluator's value of a position: the
// network's value scaled by the attacking material (material_scale.h), then either value
// damped toward a draw as the natural move limit nears (natural_damping.h). One function, so
// that the search and the `eval` command that explains it cannot disagree.
#pragma once

#include "engine/position.h"
#include "material_scale.h"
#include "natural_damping.h"

namespace xq::eval {

// `raw`: the evaluator's value of `pos` for its side to move; `network`: whether it came from
// the network; `natural_limit_plies`: the natural move limit in plies (0: none).
inline int playing_eval(int raw, const Position& pos, bool network, int natural_limit_plies) {
  const int v = network ? scale_by_material(raw, pos) : raw;
  return damp_toward_natural_limit(v, pos.rule60_count(), natural_limit_plies);
}

}  // namespace xq::eval
