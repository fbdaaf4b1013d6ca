#!/usr/bin/env bash
# The tuning pipeline end to end on small inputs: xqtune reads eval/params.cpp and
# writes it back byte for byte; on the committed sample (tests/data/tuning_sample.txt, made by
# xqdatagen) it lowers the loss and writes a file that reads back to the same values; a
# broken parameter file is refused. xqdatagen writes parseable lines, continues a file where
# it stopped, and plays the same games whatever the number of threads.
# Usage: bash xqtune_sample.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1"
src="$2"
. "$(dirname "$0")/lib/harness.sh"
xq_scratch

# Round trip of the engine's own parameter file.
"$bin/xqtune" --params "$src/eval/params.cpp" --epochs 0 --write "$tmp/rt.cpp" || fail "xqtune round trip failed"
cmp -s "$tmp/rt.cpp" "$src/eval/params.cpp" || fail "eval/params.cpp does not read back byte for byte"

# A term missing, or a value too many, is an error.
grep -v '\.tempo = ' "$src/eval/params.cpp" > "$tmp/missing.cpp"
"$bin/xqtune" --params "$tmp/missing.cpp" --epochs 0 2> "$tmp/err" && fail "a file without tempo was accepted"
grep -q "tempo" "$tmp/err" || fail "the error does not name the missing term: $(cat "$tmp/err")"
sed 's/\.hollow_cannon = S(\(-*[0-9]*\), \(-*[0-9]*\))/.hollow_cannon = {S(\1, \2), S(1, 1)}/' "$src/eval/params.cpp" > "$tmp/extra.cpp"
"$bin/xqtune" --params "$tmp/extra.cpp" --epochs 0 2> /dev/null && fail "a term with two values instead of one was accepted"

# The fit on the sample: every line read, the loss falls, the written file reads back.
sample="$src/tests/data/tuning_sample.txt"
"$bin/xqtune" --data "$sample" --epochs 30 --write "$tmp/tuned.cpp" > "$tmp/fit.txt" 2> "$tmp/fit.err" || fail "xqtune on the sample failed"
positions=$(sed -n 's/^\([0-9]*\) positions (0 lines skipped).*/\1/p' "$tmp/fit.err")
[ -n "$positions" ] && [ "$positions" -ge 2000 ] || fail "sample: want >= 2000 positions and no skipped line: $(cat "$tmp/fit.err")"
epochs=$(grep -c '^epoch ' "$tmp/fit.txt")
[ "$epochs" = 30 ] || fail "printed $epochs epoch lines, want 30"
before=$(sed -n 's/^loss before //p' "$tmp/fit.txt")
after=$(sed -n 's/^loss after \([0-9.]*\).*/\1/p' "$tmp/fit.txt")
awk -v b="$before" -v a="$after" 'BEGIN { exit !(a > 0 && a < 0.97 * b) }' || fail "loss did not fall by 3%: before '$before' after '$after'"
"$bin/xqtune" --params "$tmp/tuned.cpp" --epochs 0 --write "$tmp/tuned2.cpp" || fail "the tuned file does not read back"
cmp -s "$tmp/tuned.cpp" "$tmp/tuned2.cpp" || fail "the tuned file changes when read and written again"
cmp -s "$tmp/tuned.cpp" "$src/eval/params.cpp" && fail "30 epochs changed no value"

# --min-count: with every value rarer than the threshold nothing moves; the held-out loss is
# printed against the results whatever --lambda.
"$bin/xqtune" --data "$sample" --epochs 5 --min-count 100000000 --write "$tmp/frozen.cpp" > "$tmp/frozen.txt" 2> /dev/null \
  || fail "xqtune --min-count failed"
grep -q "^[0-9]* of [0-9]* values frozen" "$tmp/frozen.txt" || fail "--min-count does not say what it froze"
cmp -s "$tmp/frozen.cpp" "$src/eval/params.cpp" || fail "--min-count above every count still changed values"
"$bin/xqtune" --data "$sample" --epochs 5 --min-count 200 > "$tmp/some.txt" 2> /dev/null || fail "xqtune --min-count 200 failed"
some=$(sed -n 's/^\([0-9]*\) of \([0-9]*\) values frozen.*/\1 \2/p' "$tmp/some.txt")
awk -v s="$some" 'BEGIN { split(s, a, " "); exit !(a[1] > 2 && a[1] < a[2]) }' || fail "--min-count 200 froze '$some': want some, not all"
k=$(sed -n 's/^K //p' "$tmp/fit.txt" | cut -d' ' -f1)
h1=$("$bin/xqtune" --data "$sample" --epochs 0 --lambda 1 --k "$k" 2> /dev/null | sed -n 's/^holdout loss before //p')
h2=$("$bin/xqtune" --data "$sample" --epochs 0 --lambda 0.5 --k "$k" 2> /dev/null | sed -n 's/^holdout loss before //p')
[ -n "$h1" ] && [ "$h1" = "$h2" ] || fail "the held-out loss depends on --lambda: '$h1' vs '$h2'"

# Data generation: format, restart, and games independent of the thread that played them.
"$bin/xqdatagen" --games 2 --nodes 400 --threads 1 --out "$tmp/one.txt" 2> /dev/null || fail "xqdatagen failed"
"$bin/xqdatagen" --games 3 --nodes 400 --threads 1 --out "$tmp/one.txt" 2> "$tmp/resume.err" || fail "xqdatagen restart failed"
grep -q "^2 games written before, 1 to play" "$tmp/resume.err" || fail "restart did not skip the written games: $(cat "$tmp/resume.err")"
[ "$(grep -c '^# game ' "$tmp/one.txt")" = 3 ] || fail "want 3 game lines after the restart"
bad=$(grep -v '^#' "$tmp/one.txt" | grep -Evc '^[1-9a-zA-Z/]+ [wb] - - [0-9]+ [0-9]+ \| (1|0\.5|0) \| -?[0-9]+$')
[ "$bad" = 0 ] || fail "$bad lines are not 'FEN | result | score'"
"$bin/xqdatagen" --games 3 --nodes 400 --threads 2 --out "$tmp/two.txt" 2> /dev/null || fail "xqdatagen with 2 threads failed"
# Each game's block (its positions and its '# game' line), in game order.
blocks() { awk '/^# game /{ print $3 "\t" buf $0; buf = ""; next } !/^# xqdatagen/{ buf = buf $0 "|" }' "$1" | sort -n; }
[ "$(blocks "$tmp/one.txt")" = "$(blocks "$tmp/two.txt")" ] || fail "the games differ between 1 and 2 threads"

xq_finish "xqtune/xqdatagen"
