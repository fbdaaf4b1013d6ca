#!/usr/bin/env bash
# Black-box test of xqdiagram (issue 22): a FEN with moves and a real record drawn as SVG (the
# pieces, the move's arrow, the cycle's frames), and every kind of bad input refused by name
# with nothing written: a bad FEN, move, option, ply, ruling, game number or file.
# Usage: bash xqdiagram.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1/xqdiagram"
data="$2/tests/data/records"
. "$(dirname "$0")/lib/harness.sh"
xq_scratch
count() { grep -o -- "$1" "$2" | wc -l; }

# --help says what the tool draws and how it fails.
help=$("$bin" --help) || fail "--help: exit status $?"
for word in --cycle --record --ply --flip "Exit status"; do
  grep -qF -- "$word" <<<"$help" || fail "--help does not mention $word"
done

# A position: 32 pieces at the start, one arrow for the last move, the file written with -o.
"$bin" --moves "h2e2 h9g7" -o "$tmp/pos.svg" 2>"$tmp/err"; rc=$?
[ "$rc" = 0 ] || fail "a position: exit status $rc: $(cat "$tmp/err")"
head -c 5 "$tmp/pos.svg" | grep -q '^<svg ' || fail "a position: not an SVG document"
tail -1 "$tmp/pos.svg" | grep -q '^</svg>$' || fail "a position: the document is not closed"
[ "$(count 'class="piece ' "$tmp/pos.svg")" = 32 ] || fail "a position: $(count 'class="piece ' "$tmp/pos.svg") pieces, expected 32"
grep -q 'class="arrow" data-move="h9g7"' "$tmp/pos.svg" || fail "a position: no arrow for the last move h9g7"
grep -q 'class="piece black horse" data-square="g7"' "$tmp/pos.svg" || fail "a position: the horse is not on g7"
# --ply 1: the position after h2e2, its arrow; stdout by default.
"$bin" --moves h2e2,h9g7 --ply 1 --flip --labels iccs --size 30 >"$tmp/ply1.svg" || fail "--ply 1: exit status $?"
grep -q 'data-move="h2e2"' "$tmp/ply1.svg" || fail "--ply 1: no arrow for h2e2"
grep -q 'class="piece black horse" data-square="h9"' "$tmp/ply1.svg" || fail "--ply 1: Black's horse should not have moved yet"
grep -q '<svg [^>]*width="306"' "$tmp/ply1.svg" || fail "--size 30: the width is not 8 x 30 + 2 margins of 33"

# A record's ruling: the perpetual chase of tests/data/records, ten frames, Red named.
"$bin" --record "$data/perpetual_chase.pgn" --cycle -o "$tmp/cycle.svg" 2>"$tmp/err"; rc=$?
[ "$rc" = 0 ] || fail "--cycle: exit status $rc: $(cat "$tmp/err")"
[ "$(count 'class="frame"' "$tmp/cycle.svg")" = 10 ] || fail "--cycle: $(count 'class="frame"' "$tmp/cycle.svg") frames, expected 10 (plies 43-52)"
grep -q 'Red must vary (perpetual chase)' "$tmp/cycle.svg" || fail "--cycle: the heading does not name Red's perpetual chase"
grep -q 'class="mark chased" data-square="g8"' "$tmp/cycle.svg" || fail "--cycle: the chased cannon on g8 is not marked"
"$bin" --record "$data/perpetual_chase.pgn" --cycle --style lang=zh >"$tmp/zh.svg" || fail "--style lang=zh: exit status $?"
"$bin" --record - --cycle -o "$tmp/piped.svg" < "$data/perpetual_chase.pgn" || fail "--record -: exit status $?"
cmp -s "$tmp/cycle.svg" "$tmp/piped.svg" || fail "--record -: not the file's picture"
grep -q '紅方長捉' "$tmp/zh.svg" || fail "lang=zh: no Chinese heading"

# A broken game is drawn up to where it broke, exit status 1 and the problem named.
printf '[Game "Chinese Chess"]\n\n1. h2e2 h9g7 2. h2h9 *\n' >"$tmp/broken.pgn"
"$bin" --record "$tmp/broken.pgn" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" = 1 ] || fail "a broken game: exit status $rc, expected 1"
grep -q 'h2h9' "$tmp/err" || fail "a broken game: stderr does not name the move: $(cat "$tmp/err")"
grep -q 'data-move="h9g7"' "$tmp/out" || fail "a broken game: not drawn up to the last move read"

# Bad input: exit status, the problem named on stderr, nothing on stdout.
printf 'no record here\n' >"$tmp/garbage.pgn"
check_refused() {  # <expected status> <text stderr must hold> <args...>
  local want="$1" text="$2"
  shift 2
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  [ "$rc" = "$want" ] || fail "xqdiagram $*: exit status $rc, expected $want"
  grep -qF -- "$text" "$tmp/err" || fail "xqdiagram $*: stderr does not say '$text': $(cat "$tmp/err")"
  [ -s "$tmp/out" ] && fail "xqdiagram $*: wrote to stdout: $(head -c 80 "$tmp/out")"
}
check_refused 2 "bad FEN 'nonsense'" --fen nonsense
check_refused 2 "move 2 'zz'" --moves "h2e2 zz"
check_refused 2 "move 2 'h2e2'" --moves "h2e2 h2e2"
check_refused 2 "ply 3 is beyond the end of the game: it has 2 moves" --moves "h2e2 h9g7" --ply 3
check_refused 2 "bad diagram option 'sideways'" --style sideways
check_refused 2 "bad diagram option 'labels=fr'" --labels fr
check_refused 2 "bad diagram option 'size=500'" --size 500
check_refused 2 "no ruling 1 to draw: the game has 0 repetition rulings" --moves h2e2 --cycle
check_refused 2 "no ruling 2 to draw: the game has 1 repetition ruling" --record "$data/perpetual_chase.pgn" --cycle 2
check_refused 2 "the record has 1 game, not a game 2" --record "$data/perpetual_chase.pgn" --game 2
check_refused 2 "the record cannot be read" --record "$tmp/garbage.pgn"
check_refused 3 "'$tmp/missing.pgn' does not exist" --record "$tmp/missing.pgn"
check_refused 3 "'$tmp' is a directory, not a file" --record "$tmp"
check_refused 2 "--ply and --cycle" --record "$data/perpetual_chase.pgn" --ply 3 --cycle
check_refused 3 "cannot write '$tmp/no/dir.svg': No such file or directory" -o "$tmp/no/dir.svg"
check_refused 3 "'$tmp' is a directory, not a file" -o "$tmp"

xq_finish "xqdiagram"
