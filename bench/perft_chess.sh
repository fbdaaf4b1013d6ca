#!/usr/bin/env bash
# Runs every depth of data/perft/chess.json through xqperft --variant chess and reports
# match/mismatch plus nodes per second. The file's counts are small (20M nodes in all), so two
# deeper runs with widely published counts (start position depth 6, "Kiwipete" depth 5) follow
# as the speed measurement. Usage: bench/perft_chess.sh [bin_dir]   (default build/bin)
# Output is meant to be saved under bench/results/ with date and machine.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/bin}
echo "# perft_chess $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores"
echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), binary $bin/xqperft"
fail=0; total=0
run() {  # fen depth expected label
  local start got secs status
  start=$(date +%s.%N)
  got=$("$bin/xqperft" --variant chess --fen "$1" --depth "$2" | tail -1 | awk '{print $2}')
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  status=ok; [ "$got" = "$3" ] || { status=MISMATCH; fail=1; }
  total=$((total+1))
  printf '%-8s depth %d expected %11d got %11s %6.2fs %6.1f Mnps  %s%s\n' "$status" "$2" "$3" "$got" "$secs" \
    "$(echo "$got / $secs / 1000000" | bc -l)" "$1" "$4"
}
while IFS=$'\t' read -r fen depth expected; do
  run "$fen" "$depth" "$expected" ""
done < <(jq -r '.[] | .fen as $f | .nodes | to_entries[] | [$f, .key, .value] | @tsv' data/perft/chess.json)
echo "# speed runs (published counts, not in chess.json)"
run "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 6 119060324 "  [speed]"
run "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 5 193690690 "  [speed]"
echo "# $total runs, $([ $fail = 0 ] && echo all match || echo MISMATCHES)"
exit $fail
