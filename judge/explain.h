// A repetition ruling in plain words, for people: xqjudge's "explanation", the match runner's
// game records and PGN result comments all use these, so a ruling reads the same everywhere.
#pragma once

#include <string>

#include "engine/position.h"
#include "judge/judge.h"

namespace xq::judge {

// The ruling on the game in pos.history() (judge data recorded by record_root/play) in plain words,
// moves numbered from 1 (the first move after history[0]).
std::string explain(const Position& pos, const Ruling& ruling, int ntimes = 1);

// A short phrase for a decided ruling, for a PGN result comment: e.g. "Red loses by perpetual chase",
// "Black loses by perpetual check", "draw by repetition (both idle)". Empty for Undecided.
std::string ruling_summary(const Position& pos, const Ruling& ruling);

// The player a window judges: the one to move at pos.history()[window.index].
Color window_player(const Position& pos, const PlayerWindow& window);

}  // namespace xq::judge
