#!/usr/bin/env bash
# The opening books from outside: xqbookgen rebuilds the embedded book byte for byte with the
# command data/book/README.md gives, lists BOOK.DAT's start moves, and refuses what is not a
# book or not there; xqengine plays a book move only when asked, and says so.
# Usage: bash xqbookgen_books.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1"
src="$2"
. "$(dirname "$0")/lib/harness.sh"
xq_scratch

"$bin/xqbookgen" build "$src/data/records/liu_dahua_1125_iccs.pgn" --max-plies 20 --min-games 2 -o "$tmp/b.xqb" 2>"$tmp/err" ||
  fail "xqbookgen build failed: $(cat "$tmp/err")"
cmp -s "$tmp/b.xqb" "$src/data/book/default.xqb" || fail "the rebuilt book differs from data/book/default.xqb"
grep -q "1125 games, 2230 book moves" "$tmp/err" || fail "build summary: $(cat "$tmp/err")"

out=$("$bin/xqbookgen" probe "$src/tests/data/eleeye/BOOK.DAT") || fail "probe BOOK.DAT: exit $?"
grep -q '^# ElephantEye BOOK.DAT, 12081 rows' <<<"$out" || fail "probe header: $(head -1 <<<"$out")"
for m in "b2e2 weight 1473" "h2e2 weight 1473" "c3c4 weight 546" "g3g4 weight 546" "b0c2 weight 89" "h0g2 weight 89"; do
  grep -q "^$m " <<<"$out" || fail "BOOK.DAT start position: no '$m'"
done
[ "$(grep -c weight <<<"$out")" = 16 ] || fail "BOOK.DAT start position: $(grep -c weight <<<"$out") moves, expected 16"

printf 'not a book\n' > "$tmp/notes.txt"
for args in "probe $tmp/missing.dat" "probe $tmp/notes.txt" "build $tmp/missing.pgn -o $tmp/x.xqb" "probe $tmp" "build $tmp -o $tmp/x.xqb"; do
  # shellcheck disable=SC2086
  "$bin/xqbookgen" $args >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ "$rc" = 1 ] || fail "xqbookgen $args: exit status $rc, expected 1"
  grep -qE "does not exist|is a directory, not a file|not a book" "$tmp/err" || fail "xqbookgen $args: stderr does not say why: $(cat "$tmp/err")"
done

# The engine: UCI searches by default; with OwnBook on the embedded book answers.
off=$(printf 'uci\nposition startpos\ngo depth 1\nquit\n' | "$bin/xqengine" 2>/dev/null)
grep -q 'book move' <<<"$off" && fail "UCI played a book move with OwnBook off"
on=$(printf 'uci\nsetoption name OwnBook value true\nposition startpos\ngo depth 1\nquit\n' | "$bin/xqengine" 2>/dev/null)
move=$(sed -n 's/^info string book move \([a-i][0-9][a-i][0-9]\) (weight [0-9]* of 1123, 11 book moves, <embedded>)$/\1/p' <<<"$on")
[ -n "$move" ] || fail "no 'info string book move' with OwnBook on: $on"
grep -q "^bestmove $move\$" <<<"$on" || fail "bestmove is not the book move $move: $on"

xq_finish "opening books"
