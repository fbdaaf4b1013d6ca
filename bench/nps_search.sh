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
# shellcheck source=bench/nps_rounds.sh
source "$(dirname "$0")/nps_rounds.sh"
nps_rounds "$rounds" ", Hash $hash, go nodes $nodes, position $position" one "$@"
