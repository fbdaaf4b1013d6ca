#!/usr/bin/env bash
# Issue 26's clock-safety run: many fast games between two builds with a small grace on the
# clock, counting the games lost on time (xqmatch's PGN tag Termination "time forfeit"), per
# engine. The games go through bench/selfplay.sh (paired book openings, both cores, a row in
# bench/results/search/changes.md); this script adds the PGN and the count.
#
#   bench/time_losses.sh NEW_BINARY BASE_BINARY [GAMES] [TC] [MARGIN_MS]
#   bench/time_losses.sh /tmp/xq-new /tmp/xq-old 1000 2+0.02 10
# Run it on an otherwise idle machine: other load makes the engines, not the clock, late.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n 2,9p "$0" >&2; exit 2; }
new="$1" base="$2" games="${3:-1000}" tc="${4:-2+0.02}" margin="${5:-10}"
stamp="$(date +%F_%H%M)"
pgn="bench/results/search/${stamp}_time-losses-${tc}.pgn"
bench/selfplay.sh "$new" "$base" "$games" "$tc" "time-losses-$tc" -each timemargin="$margin" -pgnout "$pgn"
out="$(ls -t bench/results/search/*_time-losses-"$tc".txt | head -1)"
python3 - "$pgn" <<'PY' | tee -a "$out"
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
games = text.count("[Event ")
losers = {}
for block in text.split("[Event ")[1:]:
    if '[Termination "time forfeit"]' not in block:
        continue
    tag = lambda k: (re.search(r'\[%s "([^"]*)"\]' % k, block) or [None, "?"])[1]
    result = tag("Result")
    loser = tag("Black") if result == "1-0" else tag("White") if result == "0-1" else "?"
    losers[loser] = losers.get(loser, 0) + 1
print(f"time losses: {sum(losers.values())} in {games} games" + "".join(f"; {k}: {v}" for k, v in sorted(losers.items())))
PY
xz -9 -f "$pgn"
