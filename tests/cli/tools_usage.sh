#!/usr/bin/env bash
# The smaller tools answer a newcomer's mistakes (issue 24): xqjudge_bench --help describes it,
# a path that is not a folder of WXF cases is an error (no "0/0 agree" timing); xqtune without
# --data says what is missing. Each mistake exits non-zero with the problem on stderr.
# Usage: bash tools_usage.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1"
src="$2"
. "$(dirname "$0")/lib/harness.sh"
xq_scratch

out=$("$bin/xqjudge_bench" --help); rc=$?
[ "$rc" = 0 ] || fail "xqjudge_bench --help: exit status $rc"
grep -q '^usage: xqjudge_bench \[CASES_DIR\]' <<<"$out" || fail "xqjudge_bench --help: no usage line: $(head -1 <<<"$out")"
grep -q 'data/wxf_diagrams' <<<"$out" || fail "xqjudge_bench --help does not name the default folder"
mkdir "$tmp/empty"
for dir in "$tmp/missing" "$tmp/empty" "$src/README.md"; do
  "$bin/xqjudge_bench" "$dir" >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ "$rc" = 2 ] || fail "xqjudge_bench $dir: exit status $rc, expected 2"
  [ -s "$tmp/out" ] && fail "xqjudge_bench $dir: printed a measurement: $(head -1 "$tmp/out")"
  grep -qF "no WXF cases in '$dir'" "$tmp/err" || fail "xqjudge_bench $dir: stderr does not say so: $(cat "$tmp/err")"
done
"$bin/xqjudge_bench" --bogus >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" = 2 ] && grep -q "unexpected argument '--bogus'" "$tmp/err" || fail "xqjudge_bench --bogus: status $rc, $(head -1 "$tmp/err")"

"$bin/xqtune" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" = 2 ] || fail "xqtune without arguments: exit status $rc, expected 2"
grep -q -- '--data FILE is missing' "$tmp/err" || fail "xqtune without --data does not say what is missing: $(cat "$tmp/err")"
"$bin/xqtune" --epochs 10 >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" = 2 ] && grep -q -- '--data FILE is missing' "$tmp/err" || fail "xqtune --epochs 10 without --data: status $rc"
# The round trip needs no data and still works.
"$bin/xqtune" --params "$src/eval/params.cpp" --epochs 0 --write "$tmp/rt.cpp" 2>"$tmp/err" ||
  fail "xqtune round trip without --data failed: $(cat "$tmp/err")"
cmp -s "$src/eval/params.cpp" "$tmp/rt.cpp" || fail "xqtune round trip changed the file"

# A mistyped option is named even where a required argument is missing too (CLI11 alone
# reported only the missing one: "files is required" for "xqrecord --bogus").
"$bin/xqrecord" --bogus >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" = 2 ] && grep -q 'not expected: --bogus' "$tmp/err" && grep -q 'files is required' "$tmp/err" ||
  fail "xqrecord --bogus: status $rc, $(cat "$tmp/err")"
"$bin/xqdatagen" --game 10 >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" = 2 ] && grep -q 'not expected: --game 10' "$tmp/err" && grep -q -- '--games is required' "$tmp/err" ||
  fail "xqdatagen --game 10: status $rc, $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "xqdatagen --game 10 wrote to stdout: $(head -1 "$tmp/out")"
# Without the mistake only the missing argument is named, as before.
"$bin/xqrecord" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" = 2 ] && grep -q 'files is required' "$tmp/err" && ! grep -q 'not expected' "$tmp/err" ||
  fail "xqrecord without files: status $rc, $(cat "$tmp/err")"

# Every CLI11 tool: a wrong command line exits with status 2, whatever the kind of mistake (an
# unknown option, a value out of range, a value of the wrong type, a missing value), with the
# problem and the pointer to --help on stderr and nothing on stdout; --help exits with 0.
for tool in xqjudge xqbook xqbookgen xqdatagen xqdiagram xqrecord xqperft xqtune xqnnue_train xqnnue_data xqrandpos; do
  "$bin/$tool" --help >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ "$rc" = 0 ] && grep -q '^Usage: ' "$tmp/out" || fail "$tool --help: status $rc, $(head -1 "$tmp/out")"
  "$bin/$tool" --bogus >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ "$rc" = 2 ] && grep -q -- '--bogus' "$tmp/err" && grep -q 'Run with --help' "$tmp/err" ||
    fail "$tool --bogus: status $rc, expected 2: $(head -2 "$tmp/err" | tr '\n' '|')"
  [ -s "$tmp/out" ] && fail "$tool --bogus wrote to stdout: $(head -1 "$tmp/out")"
done
for args in "xqperft --depth 99" "xqperft --depth deep" "xqdiagram --size" "xqjudge --ntimes 0"; do
  # shellcheck disable=SC2086 # the words are the command line
  "$bin"/$args >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ "$rc" = 2 ] && grep -q 'Run with --help' "$tmp/err" || fail "$args: status $rc, expected 2: $(head -2 "$tmp/err" | tr '\n' '|')"
done

# A bad FEN is named with the tool's name, like every other tool's errors.
for variant in xiangqi chess; do
  "$bin/xqperft" --variant "$variant" --fen "nonsense" --depth 1 >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ "$rc" = 2 ] && grep -q "^xqperft: bad FEN: " "$tmp/err" && [ ! -s "$tmp/out" ] ||
    fail "xqperft --variant $variant --fen nonsense: status $rc, $(head -1 "$tmp/err")"
done

xq_finish "tool usage errors"
