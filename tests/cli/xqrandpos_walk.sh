#!/usr/bin/env bash
# xqrandpos --walk: a seeded random game of reversible moves (bench/long_history.py's long
# shuffle). The walk has the length asked for, repeats with its seed, and every move is legal,
# reversible and gives no check: the engine accepts the whole game and reports the final
# position with no capture since the start (halfmove clock = plies).
# Usage: bash xqrandpos_walk.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1"
. "$(dirname "$0")/lib/harness.sh"

walk=$("$bin/xqrandpos" --walk 3000 --seed 5) || fail "xqrandpos --walk failed"
[ "$(wc -w <<< "$walk")" -eq 3000 ] || fail "the walk has $(wc -w <<< "$walk") moves, not 3000"
[ "$walk" = "$("$bin/xqrandpos" --walk 3000 --seed 5)" ] || fail "the same seed gave another walk"
[ "$walk" != "$("$bin/xqrandpos" --walk 3000 --seed 6)" ] || fail "another seed gave the same walk"
out=$(printf 'uci\nposition startpos moves %s\nd\nisready\nquit\n' "$walk" | timeout 60 "$bin/xqengine")
grep -q '^info string' <<< "$out" && fail "the engine reported a problem: $(grep '^info string' <<< "$out" | head -3)"
fen=$(grep '^FEN:' <<< "$out")
# Fields 5 and 6: plies since the last capture, and the move number.
[[ "$fen" == *" 3000 1501" ]] || fail "after 3000 reversible plies the FEN is '$fen'"
"$bin/xqrandpos" --walk 0 > /dev/null 2>&1 && fail "--walk 0 was accepted"

xq_finish "xqrandpos walk"
