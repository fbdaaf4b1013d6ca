// xqmatch's command line, in cutechess-cli's convention:
//   -engine cmd=PATH name=N proto=uci tc=40/60+0.5 option.Hash=64 ... -engine ... -each KEY=VALUE ...
//   -games N -rounds R -concurrency C -openings file=F format=epd order=random plies=N start=N
//   -pgnout FILE -sprt elo0=A elo1=B alpha=0.05 beta=0.05 -draw movenumber=N movecount=N score=CP
//   -resign movecount=N score=CP [twosided=true] -maxmoves N -recover -seed S -ratinginterval N
//   -tournament gauntlet|round-robin -shard i/n -resultsout F.json -repetitions N -natural N
//   -event NAME -wait MS -resume F.json
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game.h"
#include "openings.h"
#include "player.h"
#include "stats.h"

namespace xq::match {

struct MatchConfig {
  std::vector<EngineConfig> engines;
  int games = 2, rounds = 1, concurrency = 1;
  bool openings_given = false;
  BookOptions book;
  std::string pgnout, resultsout, event = "xqmatch";
  std::string resume;  // a results file of an earlier run of this match to go on from (also the -resultsout default)
  std::optional<SprtConfig> sprt;
  GameRules rules;
  bool recover = false;
  std::uint64_t seed = 0;
  int rating_interval = 10;
  std::string tournament = "round-robin";
  int shard_index = 0, shard_count = 1;  // plays the game pairs p with p % count == index
  int wait_ms = 0;                        // pause between a worker's games
};

// Parses argv[1..] (without the program name). nullopt with `error` naming the first problem.
std::optional<MatchConfig> parse_command_line(const std::vector<std::string>& args, std::string& error);

std::string usage_text();

}  // namespace xq::match
