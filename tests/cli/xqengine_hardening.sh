#!/usr/bin/env bash
# Two of issue 8's hardening cases, through a real pipe as a GUI sees the engine:
#  1. Protocol lines are never torn or interleaved: 300 rounds of position / go infinite /
#     isready / stop (the search thread prints info lines while the reading thread answers)
#     must give only whole, well-formed lines, one bestmove per go and one readyok per isready.
#  2. setoption name Hash value 4096 no longer blocks the engine for seconds: readyok follows
#     at once (the bound here, 5 s, only separates "at once" from the 9-13 s it once took).
# Usage: bash xqengine_hardening.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1"
. "$(dirname "$0")/lib/harness.sh"
xq_scratch

{
  echo uci
  for i in $(seq 300); do
    case $((i % 3)) in
      0) echo "position startpos" ;;
      1) echo "position startpos moves h2e2 h9g7" ;;
      2) echo "position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1" ;;
    esac
    echo "go infinite"
    echo "isready"
    echo "stop"
  done
  echo isready
  echo quit
} > "$tmp/in"
timeout 120 "$bin/xqengine" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
status=$?
[ $status -eq 0 ] || fail "the engine exited with $status"
move='[a-i][0-9][a-i][0-9]'
bad=$(grep -v -E "^(id (name|author) .+|option name .+|uciok|readyok|bestmove $move( ponder $move)?|info( [^ ]+)+)$" "$tmp/out" | head -3)
[ -z "$bad" ] || fail "malformed lines: $bad"
# A keyword anywhere but at the start of a line means two lines ran together.
torn=$(grep -E '^.+ (info|bestmove|readyok|uciok)( |$)' "$tmp/out" | head -3)
[ -z "$torn" ] || fail "two protocol lines in one: $torn"
[ "$(grep -c '^bestmove' "$tmp/out")" -eq 300 ] || fail "$(grep -c '^bestmove' "$tmp/out") bestmove lines for 300 go"
[ "$(grep -c '^readyok' "$tmp/out")" -eq 301 ] || fail "$(grep -c '^readyok' "$tmp/out") readyok lines for 301 isready"

start=$(date +%s%N)
out=$(printf 'uci\nsetoption name Hash value 4096\nisready\nposition startpos\ngo depth 3\nisready\nquit\n' | timeout 60 "$bin/xqengine")
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$(grep -c '^readyok' <<< "$out")" -eq 2 ] || fail "Hash 4096: isready was not answered twice"
grep -q '^bestmove' <<< "$out" || fail "Hash 4096: no bestmove"
grep -q '^info string' <<< "$out" && fail "Hash 4096: $(grep '^info string' <<< "$out" | head -1)"
[ "$ms" -lt 5000 ] || fail "Hash 4096: the engine took $ms ms to answer"

xq_finish "xqengine hardening"
