#!/usr/bin/env bash
# Soak: many fast self-play games of one build against itself, to catch time losses, illegal
# moves, crashes and hangs (not to measure strength). Games end by the rules (mate, WXF
# repetition, the 60-move limit) or by any adjudication given as extra xqmatch arguments.
# Writes the whole xqmatch output to bench/results/search/ and prints the count of every way a
# game ended; exits 1 if any game ended by time forfeit, illegal move or disconnect.
#
#   bench/soak.sh BINARY GAMES TC THREADS CONCURRENCY LABEL [more xqmatch arguments]
#   bench/soak.sh build/bin/xqengine 500 1+0.01 1 2 threads1
#   bench/soak.sh build/bin/xqengine 500 1+0.01 2 1 threads2     (2 threads each: one game at once)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 6 ] || { sed -n 2,10p "$0" >&2; exit 2; }
bin="$1" games="$2" tc="$3" threads="$4" conc="$5" label="$6"
shift 6
match="${XQMATCH:-build/bin/xqmatch}"
out="bench/results/search/$(date +%F_%H%M)_soak_${label}.txt"
{
  echo "# soak $label: $(date -u '+%F %T UTC'), commit $(git rev-parse --short HEAD)"
  echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# engine: $bin (bench: $("$bin" bench 2>/dev/null | grep -m1 'Nodes searched' || "$bin" bench 2>/dev/null | tail -1))"
  echo "# command: xqmatch -engine cmd=$bin name=a option.Threads=$threads -engine cmd=$bin name=b option.Threads=$threads" \
       "-each proto=uci tc=$tc -games $games -concurrency $conc -openings file=data/openings/balanced.txt order=sequential $*"
  "$match" -engine cmd="$bin" name=a option.Threads="$threads" -engine cmd="$bin" name=b option.Threads="$threads" \
    -each proto=uci tc="$tc" -games "$games" -concurrency "$conc" \
    -openings file=data/openings/balanced.txt order=sequential -ratinginterval 0 "$@"
} > "$out" 2>&1 || true
echo "== $out"
echo "How the games ended:"
grep '^Finished game' "$out" | sed -E 's/.*\{(.*)\}$/\1/; s/(Red|Black) //' | sort | uniq -c | sort -rn
grep -m1 '^Score of' "$out" || true
bad="$(grep -c -E '^Finished game.*(on time|illegal move|disconnects)' "$out" || true)"
played="$(grep -c '^Finished game' "$out" || true)"
echo "games finished: $played of $games; time forfeits, illegal moves, disconnects: $bad"
[ "$bad" -eq 0 ] && [ "$played" -eq "$games" ]
