#!/usr/bin/env bash
# Self-play of a candidate build against a reference build, the way every search or
# evaluation change is decided here: paired openings from the shipped book, clocks (or fixed
# nodes), both cores. Writes the whole xqmatch output to bench/results/search/ and appends one
# row to bench/results/search/changes.md (the verdict column is filled in by hand: kept or
# rejected, with the reason).
#
#   bench/selfplay.sh NEW_BINARY BASE_BINARY GAMES TC LABEL [more xqmatch arguments]
#   bench/selfplay.sh /tmp/xq-new /tmp/xq-base 200 2+0.02 lmr-history
#   bench/selfplay.sh /tmp/xq-new /tmp/xq-base 400 inf lmr-history -each nodes=20000   (fixed nodes)
# NEW_KEYS / BASE_KEYS: more engine keys for one side, one per line (names may hold spaces):
#   NEW_KEYS=$'option.Use NNUE=true\noption.EvalFile=/tmp/gen0.nnue' bench/selfplay.sh ...
# OPENINGS: another openings file (default the shipped book's 400; data/openings/wide.txt has
# 3,000 for runs longer than 800 games, where the shipped book would replay its pairs).
# Every run writes its counts and finished pairs to a results file beside the text output
# (<stamp>_<label>.json); RESUME=that file goes on with a stopped run (xqmatch -resume: the same
# binaries at the same paths, the same keys and arguments), so a test can outlive a session.
# The games go to a PGN in the cache folder (XQ_CACHE, default ~/.cache/xqjudge/pgn; too large
# for git), named like the results file; under a clock, each side's use of it
# (bench/clock_share.py) is appended to the results file, so a clock verdict can be read
# beside the time each build spent.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 5 ] || { sed -n 2,10p "$0" >&2; exit 2; }
new="$1" base="$2" games="$3" tc="$4" label="$5"
shift 5
match="${XQMATCH:-build/bin/xqmatch}"
openings="${OPENINGS:-data/openings/balanced.txt}"
[ -f "$openings" ] || { echo "selfplay: no openings file $openings" >&2; exit 2; }
# shellcheck source=bench/adjudication.sh
source bench/adjudication.sh   # ADJ (the script runs from the top folder, see the cd above)
# A binary's bench as "<nodes> nodes <nps> nps[; <build>]": from "Nodes searched  :",
# "Nodes/second    :" (OpenBench's lines) and "Build           :" where there is one, or the last
# line of an older build's bench, which printed it so.
bench_of() {
  local text
  text="$("$1" bench 2>/dev/null)"
  if grep -q '^Nodes searched' <<<"$text"; then
    local build
    build=$(sed -n 's/^Build *: *//p' <<<"$text")  # how it was built (since d25c61f)
    echo "$(sed -n 's/^Nodes searched *: *//p' <<<"$text") nodes $(sed -n 's|^Nodes/second *: *||p' <<<"$text") nps${build:+; $build}"
  else
    tail -1 <<<"$text"
  fi
}
new_keys=() base_keys=()
[ -z "${NEW_KEYS:-}" ] || mapfile -t new_keys <<<"$NEW_KEYS"
[ -z "${BASE_KEYS:-}" ] || mapfile -t base_keys <<<"$BASE_KEYS"
stamp="$(date +%F_%H%M)"
out="bench/results/search/${stamp}_${label}.txt"
# A second run within the minute (a quick resume) must not overwrite the first one's output.
n=1
while [ -e "$out" ]; do n=$((n + 1)); out="bench/results/search/${stamp}_${label}-$n.txt"; done
results="${out%.txt}.json"
resume=()
[ -z "${RESUME:-}" ] || resume=(-resume "$RESUME")
pgn_dir="${XQ_CACHE:-$HOME/.cache/xqjudge}/pgn"
mkdir -p "$pgn_dir"
pgn="$pgn_dir/${stamp}_${label}.pgn"
# A match stopped early (SIGTERM to its xqmatch: `pkill -f "xqmatch -engine cmd=$new"`; it
# prints its standings as it stops) is still recorded, marked as stopped.
status=0
{
  echo "# self-play $label: $(date -u '+%F %T UTC')"
  echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "# new:  $new (bench: $(bench_of "$new"))"
  echo "# base: $base (bench: $(bench_of "$base"))"
  echo "# command: xqmatch -engine cmd=$new name=new ${new_keys[*]} -engine cmd=$base name=base ${base_keys[*]} -each proto=uci tc=$tc" \
       "-games $games -concurrency 2 -openings file=$openings order=sequential $ADJ -pgnout $pgn -resultsout $results ${resume[*]} $*"
  "$match" -engine cmd="$new" name=new "${new_keys[@]}" -engine cmd="$base" name=base "${base_keys[@]}" -each proto=uci tc="$tc" \
    -games "$games" -concurrency 2 -openings file="$openings" order=sequential \
    -ratinginterval 50 $ADJ -pgnout "$pgn" -resultsout "$results" "${resume[@]}" "$@" | grep --line-buffered -v -E '^(Started|Finished) game'
} > "$out" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  # The same match, from where it stopped (the binaries must be at the same paths again).
  go_on="RESUME=$(printf %q "$results") OPENINGS=$(printf %q "$openings")"
  [ -z "${NEW_KEYS:-}" ] || go_on+=" NEW_KEYS=$(printf %q "$NEW_KEYS")"
  [ -z "${BASE_KEYS:-}" ] || go_on+=" BASE_KEYS=$(printf %q "$BASE_KEYS")"
  go_on+=" bash bench/selfplay.sh $(printf '%q ' "$new" "$base" "$games" "$tc" "$label" "$@")"
  { echo "# xqmatch ended with status $status (stopped by a signal, or failed: see above)"
    echo "# to go on: $go_on"; } >> "$out"
fi
# Fixed-node games carry no clock: clock_share.py then finds nothing and nothing is added.
if share="$(python3 bench/clock_share.py "$pgn" 2>/dev/null)"; then
  { echo "# clock use (bench/clock_share.py $pgn):"; sed 's/^/# /' <<<"$share"; } >> "$out"
fi
# The standings every 50 games show a long run's progress in "$out"; the table takes the last.
score="$(grep '^Score of new vs base' "$out" | tail -1 | sed -E 's/.*: ([0-9]+) - ([0-9]+) - ([0-9]+).*/\1-\2-\3/')"
elo="$(grep '^Elo difference' "$out" | tail -1 | sed -E 's/Elo difference: ([^,]*),.*/\1/')"
table=bench/results/search/changes.md
[ -f "$table" ] || printf '| date | change | time control | games | W-L-D (new) | Elo (95%%) | verdict |\n|---|---|---|---|---|---|---|\n' > "$table"
# Games played, not the cap: an SPRT may stop before it.
played="$(awk -F- '{print $1 + $2 + $3}' <<<"$score")"
stopped=""
[ "$status" -eq 0 ] || stopped=" (stopped: xqmatch status $status)"
[ -z "${RESUME:-}" ] || label="$label (resumed from $(basename "$RESUME"))"
echo "| $stamp | $label | $tc $* | $played of $games$stopped | $score | $elo | pending |" >> "$table"
# The final standings, and the clock use below them when there is one.
grep -E '^(Ptnml|Score of|Elo difference|SPRT)' "$out" | tail -4
sed -n '/^# clock use/,$p' "$out"
