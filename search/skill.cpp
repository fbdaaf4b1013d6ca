#include "skill.h"

#include <algorithm>
#include <cmath>

#include "engine/random.h"
#include "score.h"
#include "search.h"

namespace xq::search {
namespace {

constexpr std::uint64_t LOWEST_NODES = 400;  // level 0: a glance at the position
constexpr int SKILL_LINES = 4;               // root moves ranked for the pick (Stockfish uses 4 too)

// A score that says the mover loses by mate or by a ruling.
bool is_lost(int score) { return is_decisive(score) && score < 0; }

}  // namespace

SkillPlan skill_plan(double level) {
  level = std::clamp(level, 0.0, double(MAX_SKILL));
  SkillPlan plan;
  if (level >= MAX_SKILL) return plan;
  // 0 at the strongest limited level; levels between 19 and 20 (none is asked for) plan as 19.
  const double weaker = std::max(0.0, MAX_SKILL - 1 - level);
  // Half the nodes every two levels: level 19 ~ 290,000 (about what a 10+0.1 move gets at
  // full strength), level 0 400.
  plan.nodes = std::uint64_t(std::llround(double(LOWEST_NODES) * std::pow(2.0, level / 2.0)));
  plan.lines = SKILL_LINES;
  plan.margin_cp = int(std::lround(30 + 14 * weaker));    // 30 cp at level 19, ~3 pawns at level 0
  plan.temperature_cp = int(std::lround(8 + 6 * weaker));  // nearly always the best at 19, often not at 0
  return plan;
}

Move skill_pick(const std::vector<InfoLine>& ranked, double level, std::uint64_t seed, std::uint64_t key) {
  const InfoLine* best = nullptr;
  for (const InfoLine& line : ranked)
    if (!line.pv.empty() && (!best || line.score > best->score)) best = &line;
  if (!best) return MOVE_NONE;
  const SkillPlan plan = skill_plan(level);
  if (plan.lines <= 1) return best->pv[0];

  // A decisive best (a mate or a ruling either way) is played as found: a weaker player who
  // sees a mate plays it, and one who is lost has nothing to choose.
  if (is_decisive(best->score)) return best->pv[0];
  std::vector<std::pair<Move, double>> candidates;
  double total = 0;
  for (const InfoLine& line : ranked) {
    if (line.pv.empty() || is_lost(line.score)) continue;
    const int loss = best->score - line.score;
    if (loss > plan.margin_cp) continue;
    const double weight = std::exp(-double(loss) / plan.temperature_cp);
    candidates.emplace_back(line.pv[0], weight);
    total += weight;
  }
  std::uint64_t state = seed ^ (key * 0x9E3779B97F4A7C15ULL);
  const double u = double(splitmix64(state) >> 11) * 0x1.0p-53 * total;  // uniform in [0, total)
  double sum = 0;
  for (const auto& [move, weight] : candidates)
    if ((sum += weight) > u) return move;
  return best->pv[0];
}

}  // namespace xq::search
