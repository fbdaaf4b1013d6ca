#!/usr/bin/env bash
# Wall-clock bench speed of several builds side by side (issue 26): the builds take turns,
# round after round, so that a slow spell of a shared machine hits all of them; the median
# of each build's rounds is printed last. Only meaningful on an otherwise idle machine.
#   bench/nps_ab.sh ROUNDS BINARY...        e.g. bench/nps_ab.sh 10 /tmp/old/xqengine build/bin/xqengine
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 ROUNDS BINARY..." >&2
  exit 2
fi
rounds=$1
shift
for b in "$@"; do
  [ -x "$b" ] || { echo "$0: not an executable: $b" >&2; exit 2; }
done
declare -A runs
echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $rounds rounds"
for ((i = 1; i <= rounds; ++i)); do
  for b in "$@"; do
    nps=$("$b" bench 2>&1 | awk '/^Nodes\/second/ {print $3}')
    [ -n "$nps" ] || { echo "$0: $b bench printed no Nodes/second" >&2; exit 1; }
    echo "$b $nps"
    runs[$b]+="$nps "
  done
done
echo "# median nodes/s"
for b in "$@"; do
  echo "$b $(tr ' ' '\n' <<<"${runs[$b]}" | grep . | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : int((v[NR/2]+v[NR/2+1])/2)}')"
done
