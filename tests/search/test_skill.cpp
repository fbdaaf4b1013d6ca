// Strength levels (issue 23, search/skill.h): a weaker level thinks less and picks among the
// best few moves, seeded, never outside its margin and never a move seen to lose.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "frontend/strength.h"
#include "search/score.h"
#include "search/skill.h"
#include "search_helpers.h"

using namespace xq;
using namespace xq::search;

namespace {

InfoLine line(Position pos, const char* move, int score) {
  InfoLine l;
  const MoveResult mr = parse_move(pos, move);
  REQUIRE(mr.ok());
  l.pv = {mr.move};
  l.score = score;
  return l;
}

Result search_at_level(const Position& pos, int level, std::uint64_t seed, std::uint64_t nodes = 0) {
  SearchSettings settings;
  settings.skill_level = level;
  settings.noise_seed = seed;
  Limits limits;
  limits.nodes = nodes;
  return test::search_limits(pos, limits, settings);
}

}  // namespace

TEST_CASE("skill: full strength has no limit; each level below thinks more than the one under it", "[search][skill]") {
  const SkillPlan full = skill_plan(MAX_SKILL);
  CHECK(full.nodes == 0);
  CHECK(full.lines == 1);
  CHECK(skill_plan(MAX_SKILL + 5).nodes == 0);  // clamped
  CHECK(skill_plan(-3).nodes == skill_plan(0).nodes);
  for (int l = 1; l < MAX_SKILL; ++l) {
    INFO("level " << l);
    CHECK(skill_plan(l).nodes > skill_plan(l - 1).nodes);
    CHECK(skill_plan(l).margin_cp < skill_plan(l - 1).margin_cp);
    CHECK(skill_plan(l).temperature_cp < skill_plan(l - 1).temperature_cp);
    CHECK(skill_plan(l).lines > 1);
  }
}

TEST_CASE("skill: the pick stays within the margin, avoids lost lines and plays decisive bests", "[search][skill]") {
  const Position pos = test::setup("");
  const int level = 0;
  const int margin = skill_plan(level).margin_cp;
  const std::vector<InfoLine> ranked = {line(pos, "h2e2", 50), line(pos, "b2e2", 40), line(pos, "c3c4", 40 - margin + 5),
                                        line(pos, "h0g2", 40 - margin - 50)};
  std::set<std::string> picked;
  for (std::uint64_t seed = 1; seed <= 300; ++seed)
    picked.insert(move_to_string(skill_pick(ranked, level, seed, pos.key())));
  CHECK(picked.count("h2e2"));
  CHECK(picked.count("b2e2"));
  CHECK_FALSE(picked.count("h0g2"));  // beyond the margin: never
  // Same seed, same position: the same move.
  CHECK(skill_pick(ranked, level, 7, pos.key()) == skill_pick(ranked, level, 7, pos.key()));

  // A line that loses by mate is never picked while another does not lose.
  const std::vector<InfoLine> with_loss = {line(pos, "h2e2", 0), line(pos, "b2e2", mated_in(3))};
  for (std::uint64_t seed = 1; seed <= 100; ++seed)
    CHECK(move_to_string(skill_pick(with_loss, level, seed, pos.key())) == "h2e2");
  // A mate found is played.
  const std::vector<InfoLine> with_mate = {line(pos, "b2e2", mate_in(5)), line(pos, "h2e2", 300)};
  for (std::uint64_t seed = 1; seed <= 100; ++seed)
    CHECK(move_to_string(skill_pick(with_mate, level, seed, pos.key())) == "b2e2");
  // Full strength plays the best line.
  CHECK(move_to_string(skill_pick(ranked, MAX_SKILL, 3, pos.key())) == "h2e2");
}

TEST_CASE("skill: a low level searches within its node budget and varies its first move across seeds", "[search][skill]") {
  const Position pos = test::setup("");
  std::set<Move> first_moves;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Result r = search_at_level(pos, 0, seed);
    CHECK(r.nodes <= skill_plan(0).nodes + 64);  // the check interval's slack
    first_moves.insert(r.best);
  }
  // More than one: how many depends on how many ranked lines the 400 nodes complete (three
  // moves until the table's PV mark made PV nodes dearer, two since).
  CHECK(first_moves.size() >= 2);
  // Reproducible: the same seed gives the same move.
  CHECK(search_at_level(pos, 0, 5).best == search_at_level(pos, 0, 5).best);
  // A node limit below the level's budget still holds.
  CHECK(search_at_level(pos, 10, 1, 300).nodes <= 300 + 64);
}

TEST_CASE("skill: full strength ignores the seed", "[search][skill]") {
  const Position pos = test::setup("");
  const Result a = search_at_level(pos, MAX_SKILL, 1, 20000);
  const Result b = search_at_level(pos, MAX_SKILL, 99, 20000);
  CHECK(a.best == b.best);
  CHECK(a.nodes == b.nodes);
}

TEST_CASE("skill: UCI_Elo gives a measured level its rating, and the level in between between two ratings", "[search][skill]") {
  using namespace xq::frontend;
  const RatedLevel lowest = RATED_LEVELS.front(), highest = RATED_LEVELS.back();
  CHECK(skill_for_elo(ELO_MIN - 500) == lowest.level);
  CHECK(skill_for_elo(ELO_MIN) == lowest.level);
  CHECK(skill_for_elo(ELO_MAX) == highest.level);
  CHECK(skill_for_elo(ELO_MAX + 500) == highest.level);
  CHECK(highest.level < MAX_SKILL);  // full strength is UCI_LimitStrength off, not a rating
  for (std::size_t i = 1; i < RATED_LEVELS.size(); ++i) {
    const RatedLevel lo = RATED_LEVELS[i - 1], hi = RATED_LEVELS[i];
    INFO("between levels " << lo.level << " and " << hi.level);
    // A stronger level has the higher rating: the ladder's order is the levels' order.
    CHECK(hi.level > lo.level);
    CHECK(hi.elo > lo.elo);
    CHECK(skill_for_elo(hi.elo) == hi.level);
    // Just below a rating: just below its level, above the level under it.
    CHECK(skill_for_elo(hi.elo - 1) < hi.level);
    CHECK(skill_for_elo(hi.elo - 1) > lo.level);
    // Half-way in rating is half-way in level.
    if ((lo.elo + hi.elo) % 2 == 0) CHECK(skill_for_elo((lo.elo + hi.elo) / 2) == Approx((lo.level + hi.level) / 2.0));
  }
  // Never down as the rating goes up, over the whole range and past its ends.
  for (int elo = ELO_MIN - 100; elo < ELO_MAX + 100; ++elo) REQUIRE(skill_for_elo(elo + 1) >= skill_for_elo(elo));
}

TEST_CASE("skill: a fractional level plans between its whole neighbours; whole levels plan as before", "[search][skill]") {
  // The whole levels' plans are what the ladder measured (README "Strength levels").
  CHECK(skill_plan(0).nodes == 400);
  CHECK(skill_plan(10).nodes == 12800);
  CHECK(skill_plan(16).nodes == 102400);
  CHECK(skill_plan(19).margin_cp == 30);
  CHECK(skill_plan(0).margin_cp == 30 + 14 * 19);
  CHECK(skill_plan(0).temperature_cp == 8 + 6 * 19);
  for (double level : {0.25, 3.5, 10.543, 15.9}) {
    INFO("level " << level);
    const SkillPlan below = skill_plan(std::floor(level)), plan = skill_plan(level), above = skill_plan(std::ceil(level));
    CHECK(plan.nodes > below.nodes);
    CHECK(plan.nodes < above.nodes);
    CHECK(plan.margin_cp <= below.margin_cp);
    CHECK(plan.margin_cp >= above.margin_cp);
    CHECK(plan.temperature_cp <= below.temperature_cp);
    CHECK(plan.temperature_cp >= above.temperature_cp);
    CHECK(plan.lines == below.lines);
  }
  // Geometric in the nodes: half a level up is a factor of 2^(1/4).
  CHECK(double(skill_plan(10.5).nodes) == Approx(12800 * std::pow(2.0, 0.25)).epsilon(1e-4));
  // Between 19 and 20 (no option asks for it) the plan is 19's nodes-wise upward, never full.
  CHECK(skill_plan(19.5).nodes > skill_plan(19).nodes);
  CHECK(skill_plan(19.5).margin_cp == skill_plan(19).margin_cp);
  CHECK(skill_plan(MAX_SKILL - 0.0).nodes == 0);
}
