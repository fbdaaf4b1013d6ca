#!/usr/bin/env bash
# Runs a Catch2 v2 test binary as N processes at once, one per core (Catch2 v2 has no sharding of
# its own): the test names the filter selects are dealt into N lists, each process runs its list
# (--input-file), and the run fails if any process fails or if the processes together ran fewer
# test cases than were listed. Each shard's log is kept; a failing shard's is printed whole, a
# passing one's summary line only. The environment (ASAN_OPTIONS, ...) passes through.
#
# The run lasts as long as its slowest shard. WEIGHTS, a file of "seconds<TAB>test name" lines
# (tests/sanitizer_seconds.txt: a measured run), lets the deal balance them: heaviest first,
# each to the shard with the least time so far; a test the file does not name counts 0.1 s.
# Without it every test counts the same and the deal is round-robin. A stale file only costs
# balance: every listed test still runs exactly once.
#   scripts/catch-shards.sh BINARY SHARDS [FILTER [WEIGHTS]]
#   e.g. scripts/catch-shards.sh build-asan/bin/unit_tests 2 "~[slow]" tests/sanitizer_seconds.txt
set -euo pipefail
if [ $# -lt 2 ] || ! [[ $2 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 BINARY SHARDS [FILTER [WEIGHTS]]" >&2
  exit 2
fi
binary=$1 shards=$2 filter=${3:-} weights=${4:-/dev/null}
[ -x "$binary" ] || { echo "$0: $binary is not an executable" >&2; exit 2; }
[ -r "$weights" ] || { echo "$0: cannot read the weights file $weights" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# One name per line. Catch2 v2 exits with the number of names listed, so the status says
# nothing here: the count below does, and the shards' counts are checked against it at the end.
{ "$binary" ${filter:+"$filter"} --list-test-names-only || true; } | sed -e '/^$/d' > "$dir/names"
listed=$(wc -l < "$dir/names")
[ "$listed" -gt 0 ] || { echo "$0: the filter '$filter' selects no test" >&2; exit 1; }
# The deal: "weight<TAB>position<TAB>name", heaviest first (ties in listed order), then each
# name to the lightest shard so far.
awk -F'\t' 'FILENAME == ARGV[1] { if (NF >= 2) w[$2] = $1 + 0; next }
             { printf "%s\t%d\t%s\n", ($0 in w) ? w[$0] : 0.1, FNR, $0 }' "$weights" "$dir/names" |
  sort -t "$(printf '\t')" -k1,1gr -k2,2n |
  awk -F'\t' -v n="$shards" -v dir="$dir" '
    BEGIN { for (i = 0; i < n; ++i) load[i] = 0 }
    { k = 0; for (i = 1; i < n; ++i) if (load[i] < load[k]) k = i
      load[k] += $1
      name = $0; sub(/^[^\t]*\t[^\t]*\t/, "", name)
      print name > (dir "/shard" k) }'
# Catch2 reads each line of an input file as one test name, but a comma would split it in two
# (and a backslash escape the next character): both are escaped.
for ((i = 0; i < shards; ++i)); do
  touch "$dir/shard$i"
  sed -i -e 's/[\\,]/\\&/g' "$dir/shard$i"
done
# An empty input file would select every test, so a shard with no names (more shards than
# tests) is not started.
pids=()
for ((i = 0; i < shards; ++i)); do
  pids+=("")
  [ -s "$dir/shard$i" ] || continue
  "$binary" --input-file "$dir/shard$i" > "$dir/log$i" 2>&1 &
  pids[i]=$!
done
failed=0 ran=0
for ((i = 0; i < shards; ++i)); do
  if [ -z "${pids[i]}" ]; then
    echo "shard $((i + 1))/$shards: no tests dealt to it"
  elif wait "${pids[i]}"; then
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
