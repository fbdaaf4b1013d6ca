#!/usr/bin/env bash
# Runs a Catch2 v2 test binary as N processes at once, one per core (Catch2 v2 has no sharding of
# its own): the test names the filter selects are dealt round-robin into N lists, each process
# runs its list (--input-file), and the run fails if any process fails or if the processes
# together ran fewer test cases than were listed. Each shard's log is kept; a failing shard's is
# printed whole, a passing one's summary line only. The environment (ASAN_OPTIONS, ...) passes
# through.
#   scripts/catch-shards.sh BINARY SHARDS [FILTER]
#   e.g. scripts/catch-shards.sh build-asan/bin/unit_tests 2 "~[slow]"
set -euo pipefail
if [ $# -lt 2 ] || ! [[ $2 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 BINARY SHARDS [FILTER]" >&2
  exit 2
fi
binary=$1 shards=$2 filter=${3:-}
[ -x "$binary" ] || { echo "$0: $binary is not an executable" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# One name per line; Catch2 reads each line of an input file as one test name, but a comma
# would split it in two (and a backslash escape the next character): both are escaped. Catch2
# v2 exits with the number of names listed, so the status says nothing here: the count below
# does, and the shards' counts are checked against it at the end.
{ "$binary" ${filter:+"$filter"} --list-test-names-only || true; } | sed -e '/^$/d' -e 's/[\\,]/\\&/g' > "$dir/names"
listed=$(wc -l < "$dir/names")
[ "$listed" -gt 0 ] || { echo "$0: the filter '$filter' selects no test" >&2; exit 1; }
pids=()
for ((i = 0; i < shards; ++i)); do
  awk -v n="$shards" -v k="$i" '(NR - 1) % n == k' "$dir/names" > "$dir/shard$i"
  "$binary" --input-file "$dir/shard$i" > "$dir/log$i" 2>&1 &
  pids+=("$!")
done
failed=0 ran=0
for ((i = 0; i < shards; ++i)); do
  if wait "${pids[i]}"; then
    summary=$(grep -E '^All tests passed' "$dir/log$i" || true)
    echo "shard $((i + 1))/$shards: ${summary:-no summary line}"
    cases=$(sed -nE 's/^All tests passed \(.* in ([0-9]+) test cases?\)$/\1/p' "$dir/log$i")
    ran=$((ran + ${cases:-0}))
  else
    failed=1
    echo "shard $((i + 1))/$shards failed; its output:"
    cat "$dir/log$i"
  fi
done
[ "$failed" -eq 0 ] || exit 1
if [ "$ran" -ne "$listed" ]; then
  echo "$0: the shards ran $ran test cases of the $listed listed" >&2
  exit 1
fi
echo "all $shards shards passed: $ran test cases"
