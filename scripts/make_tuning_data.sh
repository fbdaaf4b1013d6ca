#!/usr/bin/env bash
# Regenerates the tuner's training positions (issue 9): self-play at 5000 nodes per move from
# the shipped book plus 0-4 random moves, quiet positions only (format:
# tools/datagen/sample_format.h). Nothing here is committed except the small test sample.
#
#   bash scripts/make_tuning_data.sh [build dir] [games]    -> data/tuning/selfplay.txt
#   bash scripts/make_tuning_data.sh [build dir] sample     -> tests/data/tuning_sample.txt
#
# About 140 positions per game; 2 million positions is ~15,000 games. Interrupt it at any time:
# run it again and it continues where it stopped (same settings, same file). Then fit with
#   build/bin/xqtune --data data/tuning/selfplay.txt --epochs 300 --write eval/params.cpp
# Build first: cmake --build build --target xqdatagen xqtune
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
what="${2:-15000}"
bin="$build/bin/xqdatagen"
[ -x "$bin" ] || { echo "make_tuning_data: no $bin; build the xqdatagen target first" >&2; exit 1; }

if [ "$what" = sample ]; then
  # The committed sample: 48 games (~6,500 positions). Each game is a function of its index,
  # the seed and the settings (and of this build's search), not of the thread that played it;
  # with two threads the games' blocks may come out in another order.
  rm -f tests/data/tuning_sample.txt
  time nice -n 10 "$bin" --games 48 --nodes 5000 --threads 2 --seed 1 --out tests/data/tuning_sample.txt
else
  mkdir -p data/tuning
  time nice -n 10 "$bin" --games "$what" --nodes 5000 --threads 2 --seed 1 --out data/tuning/selfplay.txt
fi
