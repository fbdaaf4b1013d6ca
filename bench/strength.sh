#!/usr/bin/env bash
# The strength gauntlet (a benchmark, never a test): xqengine against MaxQi (CECP) and
# Fairy-Stockfish 11.1 (UCI, ranks 1-10) at equal time, against Fairy-Stockfish at 4:1 time odds
# in our favour, and, when the engine has a "Repetition Rule" option, full WXF rules against
# perpetual-check-only rules in self-play. Paired openings from the shipped book, clocks,
# -concurrency 2. Writes a dated summary (command lines, machine, every result) to bench/results/.
#
# Usage: bash bench/strength.sh [build-dir] [games] [tc] [which...]
#   which: maxqi fsf fsf-odds rules   (default: all four)
#   e.g.   nohup nice bash bench/strength.sh build 100 10+0.1 > /dev/null 2>&1 &
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/signature.sh
source scripts/signature.sh   # bench_signature
build="${1:-build}"
games="${2:-100}"
tc="${3:-10+0.1}"
shift $(( $# < 3 ? $# : 3 ))
which=("$@")
[ ${#which[@]} -gt 0 ] || which=(maxqi fsf fsf-odds rules)
eng="$(realpath "$build/bin/xqengine")"
match="$build/bin/xqmatch"
book="data/openings/balanced.txt"
stamp="$(date +%F_%H%M)"
out="bench/results/strength_${stamp}.txt"
fsf=/usr/games/fairy-stockfish
maxqi=/usr/games/maxqi
for p in "$fsf" "$maxqi"; do
  [ -x "$p" ] || { echo "missing $p: run scripts/install-deps.sh" >&2; exit 1; }
done
# The opponent's time at 4:1 odds: base and increment divided by four.
odds_tc="$(awk -F+ -v t="$tc" 'BEGIN { split(t, a, "+"); printf "%g+%g", a[1] / 4, (a[2] == "" ? 0 : a[2] / 4) }')"
common=(-games "$games" -concurrency 2 -openings file="$book" order=sequential -ratinginterval 0)

run() {  # run NAME xqmatch-arguments...
  local name="$1"
  shift
  echo
  echo "## $name"
  echo "command: xqmatch $*"
  local start=$SECONDS
  "$match" "$@" -pgnout "bench/results/strength_${stamp}_${name}.pgn" -resultsout "bench/results/strength_${stamp}_${name}.json" \
    | grep -v -E '^(Started|Finished) game' || true
  echo "wall time: $(( SECONDS - start )) s"
}

{
  echo "# strength gauntlet, $(date -u '+%F %T UTC')"
  echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
  # The tree the binary was (probably) built from: HEAD, and whether it had uncommitted changes
  # then (a network or a search change being measured before it is committed).
  echo "# xqengine $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo ' with uncommitted changes'), bench: $(bench_signature "$eng") nodes"
  echo "# time control $tc (odds: opponent $odds_tc), $games games per match, book $book"
  for w in "${which[@]}"; do
    case "$w" in
      maxqi)
        run vs-maxqi -engine cmd="$eng" name=xqengine proto=uci -engine cmd="$maxqi" name=maxqi proto=xboard \
          -each tc="$tc" "${common[@]}" ;;
      fsf)
        run vs-fsf -engine cmd="$eng" name=xqengine proto=uci -engine cmd="$fsf" name=fairy-stockfish proto=uci-fsf \
          -each tc="$tc" "${common[@]}" ;;
      fsf-odds)
        run vs-fsf-odds -engine cmd="$eng" name=xqengine proto=uci tc="$tc" \
          -engine cmd="$fsf" name=fairy-stockfish-quarter-time proto=uci-fsf tc="$odds_tc" "${common[@]}" ;;
      rules)
        if printf 'uci\nquit\n' | "$eng" | grep -q 'option name Repetition Rule'; then
          run wxf-vs-check-only -engine cmd="$eng" name=wxf option."Repetition Rule"=wxf \
            -engine cmd="$eng" name=check-only option."Repetition Rule"=check-only -each proto=uci tc="$tc" "${common[@]}"
        else
          echo
          echo "## wxf-vs-check-only: skipped (xqengine has no 'Repetition Rule' option yet)"
        fi ;;
      *) echo "unknown match '$w'" >&2; exit 2 ;;
    esac
  done
} 2>&1 | tee "$out"
echo "written to $out"
