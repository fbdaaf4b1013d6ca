# Sourced by the scripts that name a build by its bench signature (scripts/test.sh,
# bench/strength.sh, bench/skill_ladder.sh).
#
# bench_signature BIN: the node count BIN's `bench` reports ("Nodes searched  : N", OpenBench's
# line), or nothing when it reports none (a build too old, or one that fails).
bench_signature() { "$1" bench 2>/dev/null | awk '/^Nodes searched/ {n = $NF} END {print n}'; }
