#!/usr/bin/env bash
# Black-box test of `xqrecord`: records converted to PGN in each notation read back (through
# xqjudge --record --json) as the same games; broken input gives messages and exit status.
# Usage: bash xqrecord_convert.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1"
data="$2/tests/data/records"
. "$(dirname "$0")/lib/harness.sh"
xq_scratch

games() { "$bin/xqjudge" --record "$@" --json | jq -c '{fen, moves, recorded_result}'; }

for src in SAMPLE.XQF dhtmlxq/69.html international.pgn ccgc_04.pgn; do
  want=$(games "$data/$src")
  for to in iccs wxf chinese; do
    "$bin/xqrecord" --to "$to" "$data/$src" > "$tmp/out.pgn" || fail "$src --to $to: exit status $?"
    notation=$("$bin/xqjudge" --record "$tmp/out.pgn" --json | jq -r .notation | sort -u)
    [ "$notation" = "$to" ] || fail "$src --to $to: read back as '$notation'"
    got=$(games "$tmp/out.pgn" | sed 's/"recorded_result":"\*"/"recorded_result":null/')
    [ "$got" = "$want" ] || fail "$src --to $to: the games differ after conversion"
  done
done
"$bin/xqrecord" --to chinese "$data/SAMPLE.XQF" | grep -q '^1\. 炮八平五 炮８平５' || fail "Chinese output: first moves not as expected"
# '-' reads a pipe: the same games as the file, the encrypted XQF's bytes intact.
"$bin/xqrecord" --to iccs - < "$data/SAMPLE.XQF" > "$tmp/piped.pgn" || fail "xqrecord -: exit status $?"
"$bin/xqrecord" --to iccs "$data/SAMPLE.XQF" | cmp -s - "$tmp/piped.pgn" || fail "xqrecord -: not the file's games"
[ "$(cat "$data/ccgc_04.pgn" | games -)" = "$(games "$data/ccgc_04.pgn")" ] || fail "xqjudge --record -: not the file's games"

printf '[Event "b"]\n1. h2e2 h9g7 2. h2h9 *\n' > "$tmp/broken.pgn"
"$bin/xqrecord" "$tmp/broken.pgn" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] || fail "broken game: exit status should be 1"
grep -q "move 2 (Red)" "$tmp/err" || fail "broken game: the message should name the move"
grep -q "^1. h2e2 h9g7" "$tmp/out" || fail "broken game: the moves before the problem should be written"
"$bin/xqrecord" "$tmp/none.pgn" 2> "$tmp/err"
[ $? -eq 3 ] || fail "missing file: exit status should be 3"
grep -q "^xqrecord: '$tmp/none.pgn' does not exist$" "$tmp/err" || fail "missing file: the message should name it: $(cat "$tmp/err")"
"$bin/xqrecord" "$tmp" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 3 ] || fail "a directory: exit status should be 3"
grep -q "is a directory, not a file" "$tmp/err" || fail "a directory: the message should say so: $(cat "$tmp/err")"
"$bin/xqrecord" --to klingon "$data/iccs.pgn" > /dev/null 2>&1 && fail "an unknown notation should be refused"

xq_finish "xqrecord"
