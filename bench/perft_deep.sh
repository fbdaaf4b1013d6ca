#!/usr/bin/env bash
# Runs every depth of data/perft/xiangqi.json through build/bin/xqperft and reports
# match/mismatch plus nodes per second. Usage: bench/perft_deep.sh [max_nodes]
# Output is meant to be saved under bench/results/ with date and machine.
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-0}
echo "# perft_deep $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores"
echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
fail=0; total=0
while IFS=$'\t' read -r fen depth expected; do
  if [ "$max" -gt 0 ] && [ "$expected" -gt "$max" ]; then continue; fi
  start=$(date +%s.%N)
  got=$(build/bin/xqperft --fen "$fen" --depth "$depth" | tail -1 | awk '{print $2}')
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  status=ok; [ "$got" = "$expected" ] || { status=MISMATCH; fail=1; }
  total=$((total+1))
  printf '%-8s depth %d expected %12d got %12s %7.2fs %6.1f Mnps  %s\n' "$status" "$depth" "$expected" "$got" "$secs" \
    "$(echo "$got / $secs / 1000000" | bc -l)" "$fen"
done < <(jq -r '.[] | .fen as $f | .nodes | to_entries[] | [$f, .key, .value] | @tsv' data/perft/xiangqi.json)
echo "# $total runs, $([ $fail = 0 ] && echo all match || echo MISMATCHES)"
exit $fail
