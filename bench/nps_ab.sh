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
# shellcheck source=bench/nps_rounds.sh
source "$(dirname "$0")/nps_rounds.sh"
bench_nps() { "$1" bench 2>&1 | awk '/^Nodes\/second/ {print $3}'; }
nps_rounds "$rounds" "" bench_nps "$@"
