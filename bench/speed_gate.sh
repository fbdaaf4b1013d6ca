#!/usr/bin/env bash
# Issue 26's instruction gate, as one command: callgrind's count of instructions for `bench`,
# divided by bench's node count (its signature), beside the figure of ce43573, where the issue
# began (23,334,964,764 instructions over 2,282,353 nodes: 10,224 per node;
# bench/results/search/callgrind_speed_2026-11-25.md). Repeatable on a busy machine: it counts
# instructions, not time. About three minutes a build.
#   bench/speed_gate.sh BINARY...        e.g. bench/speed_gate.sh build/bin/xqengine
# Prints, per build: instructions, nodes, instructions per node, and that as a share of ce43573's.
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: $0 BINARY..." >&2
  exit 2
fi
command -v valgrind >/dev/null || { echo "$0: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
BASE_PER_NODE=10224
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-40s %16s %10s %9s %8s\n' build instructions nodes per_node share
for bin in "$@"; do
  [ -x "$bin" ] || { echo "$0: $bin is not an executable" >&2; exit 2; }
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bin" bench >"$tmp/stdout" 2>"$tmp/stderr" ||
    { echo "$0: $bin bench failed under valgrind (see its output below)" >&2; tail -5 "$tmp/stderr" >&2; exit 1; }
  ir=$(awk '/I[[:space:]]+refs:/ {gsub(",", "", $NF); print $NF}' "$tmp/stderr")
  nodes=$(cat "$tmp/stdout" "$tmp/stderr" | awk '/^Nodes searched/ {print $NF}')
  if [ -z "$ir" ] || [ -z "$nodes" ]; then
    echo "$0: no instruction count or node count from $bin" >&2
    exit 1
  fi
  awk -v b="$bin" -v ir="$ir" -v n="$nodes" -v base="$BASE_PER_NODE" \
    'BEGIN { p = ir / n; printf "%-40s %16.0f %10.0f %9.0f %7.1f%%\n", b, ir, n, p, 100 * p / base }'
done
