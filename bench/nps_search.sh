#!/usr/bin/env bash
# Wall-clock speed of a real search, several builds side by side (issue 26): each build, in
# turn, round after round, gets `setoption Hash`, `ucinewgame` (which clears, and so touches,
# the whole table), a position a few moves into a game and `go nodes`; the engine's own last
# "info ... nps" is the round's figure, so start-up and clearing are not counted. The median
# of each build's rounds is printed last. Only meaningful on an otherwise idle machine.
#   bench/nps_search.sh ROUNDS HASH_MB NODES BINARY...
#   e.g. bench/nps_search.sh 7 256 4000000 /tmp/old/xqengine build/bin/xqengine
# POSITION (default "startpos moves h2e2 h9g7") is what follows "position ".
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 ROUNDS HASH_MB NODES BINARY..." >&2
  exit 2
fi
rounds=$1 hash=$2 nodes=$3
shift 3
position=${POSITION:-startpos moves h2e2 h9g7}
for b in "$@"; do
  [ -x "$b" ] || { echo "$0: not an executable: $b" >&2; exit 2; }
done
# One search; the last "nps" before "bestmove" is its speed.
one() {
  local b=$1 line nps=""
  coproc ENGINE { exec "$b" 2>/dev/null; }
  printf 'uci\nsetoption name Hash value %s\nucinewgame\nisready\nposition %s\ngo nodes %s\n' "$hash" "$position" "$nodes" >&"${ENGINE[1]}"
  while IFS= read -r -t 300 line <&"${ENGINE[0]}"; do
    if [[ $line == info*" nps "* ]]; then nps=${line##* nps }; nps=${nps%% *}; fi
    [[ $line == bestmove* ]] && break
  done
  echo quit >&"${ENGINE[1]}"
  wait "$ENGINE_PID" 2>/dev/null || true
  echo "$nps"
}
declare -A runs
echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $rounds rounds, Hash $hash, go nodes $nodes, position $position"
for ((i = 1; i <= rounds; ++i)); do
  for b in "$@"; do
    nps=$(one "$b")
    [ -n "$nps" ] || { echo "$0: $b printed no nps" >&2; exit 1; }
    echo "$b $nps"
    runs[$b]+="$nps "
  done
done
echo "# median nodes/s"
for b in "$@"; do
  echo "$b $(tr ' ' '\n' <<<"${runs[$b]}" | grep . | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : int((v[NR/2]+v[NR/2+1])/2)}')"
done
