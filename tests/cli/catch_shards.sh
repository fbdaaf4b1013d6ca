#!/usr/bin/env bash
# scripts/catch-shards.sh, which runs the sanitizer build's unit tests in parallel in
# scripts/test.sh, against a stand-in for a Catch2 binary: every listed name reaches exactly one
# shard (commas and backslashes escaped as Catch2's input files need), a failing shard fails the
# run with its output shown, shards that run fewer test cases than were listed fail it, and bad
# arguments are refused. Then the real unit test binary, one cheap tag in two shards.
# Usage: bash catch_shards.sh <build/bin dir> <source dir>
set -uo pipefail
bin=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
shards="$src/scripts/catch-shards.sh"
. "$(dirname "$0")/lib/harness.sh"
xq_scratch catch_shards

# The stand-in: lists four names (exit status = their count, as Catch2 v2 does); given an input
# file, records its lines, fails when FAIL_ON names one of them, and reports one test case fewer
# than it was given when SHORT is set.
cat > "$tmp/fake" <<'EOF'
#!/usr/bin/env bash
if [ "$1" = "~[slow]" ] && [ "$2" = "--list-test-names-only" ]; then
  printf 'one, with a comma\ntwo\\three\nfour\nfive\n'
  exit 4
fi
[ "$1" = "--input-file" ] || { echo "unexpected arguments: $*"; exit 9; }
cat "$2" >> "$RECORD"
paste -sd'|' "$2" >> "$RECORD.shards"
n=$(wc -l < "$2")
if [ -n "${FAIL_ON:-}" ] && grep -qxF "$FAIL_ON" "$2"; then
  echo "a test failed in this shard"
  exit 1
fi
[ -n "${SHORT:-}" ] && n=$((n - 1))
echo "All tests passed (7 assertions in $n test cases)"
EOF
chmod +x "$tmp/fake"

export RECORD="$tmp/record"
: > "$RECORD"
out=$(bash "$shards" "$tmp/fake" 2 "~[slow]" 2>&1) || fail "a clean run failed: $out"
[[ $out == *"all 2 shards passed: 4 test cases"* ]] || fail "no closing line for a clean run: $out"
expected=$(printf 'five\nfour\none\\, with a comma\ntwo\\\\three\n')
[ "$(sort "$RECORD")" = "$expected" ] || fail "the shards got $(sort "$RECORD" | tr '\n' '|') instead of every name once, escaped"

: > "$RECORD"
out=$(FAIL_ON=four bash "$shards" "$tmp/fake" 2 "~[slow]" 2>&1)
[ $? -eq 1 ] || fail "a failing shard did not fail the run"
[[ $out == *"failed; its output:"*"a test failed in this shard"* ]] || fail "a failing shard's output is not shown: $out"

out=$(SHORT=1 bash "$shards" "$tmp/fake" 2 "~[slow]" 2>&1)
[ $? -eq 1 ] || fail "shards that ran fewer test cases than listed did not fail the run"
[[ $out == *"ran 2 test cases of the 4 listed"* ]] || fail "the shortfall is not named: $out"

# Weights: the heavy test gets a shard of its own, the light ones share the other, in listed order.
: > "$RECORD"
: > "$RECORD.shards"
printf '# a comment line\n10\tfour\n' > "$tmp/weights"
out=$(bash "$shards" "$tmp/fake" 2 "~[slow]" "$tmp/weights" 2>&1) || fail "a weighted run failed: $out"
[[ $out == *"all 2 shards passed: 4 test cases"* ]] || fail "no closing line for a weighted run: $out"
expected=$(printf 'four\none\\, with a comma|two\\\\three|five\n')
[ "$(sort "$RECORD.shards")" = "$expected" ] || fail "the weighted deal was $(tr '\n' '/' < "$RECORD.shards"), not the heavy test alone"

# More shards than tests: the empty shards are not started (an empty input file would run
# every test), and the four still run once each.
: > "$RECORD"
out=$(bash "$shards" "$tmp/fake" 6 "~[slow]" 2>&1) || fail "six shards for four tests failed: $out"
[[ $out == *"no tests dealt to it"*"all 6 shards passed: 4 test cases"* ]] || fail "six shards for four tests: $out"
[ "$(wc -l < "$RECORD")" -eq 4 ] || fail "six shards for four tests ran $(wc -l < "$RECORD") names"

for args in "" "$tmp/fake" "$tmp/fake 0" "$tmp/fake two" "$tmp/missing 2" "$tmp/fake 2 [x] $tmp/no-weights"; do
  # shellcheck disable=SC2086
  bash "$shards" $args > "$tmp/usage" 2>&1
  [ $? -eq 2 ] || fail "'catch-shards.sh $args' was not refused as a usage error"
done

# The real binary: a cheap tag, two shards, every test case run once.
if [ -x "$bin/unit_tests" ]; then
  out=$(bash "$shards" "$bin/unit_tests" 2 "[skill]" 2>&1) || fail "the unit tests' [skill] cases in two shards failed: $out"
  listed=$({ "$bin/unit_tests" "[skill]" --list-test-names-only || true; } | sed '/^$/d' | wc -l)
  [[ $out == *"all 2 shards passed: $listed test cases"* ]] || fail "not every [skill] case ran once: $out"
fi

xq_finish "catch_shards"
