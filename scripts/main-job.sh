#!/usr/bin/env bash
# The main job a newcomer sees after building: a perft sanity line, then every WXF diagram case
# replayed through the repetition judge (the last line reads "173/173 cases agree (... ms)").
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== perft from the start position, depth 4 =="
build/bin/xqperft --depth 4 | tail -1
echo "== WXF repetition judge: every diagram case in data/wxf_diagrams =="
build/bin/xqjudge --replay data/wxf_diagrams
cat <<'NEXT'

Next steps:
  judge a game:   echo '{"fen": "<FEN>", "moves": ["h2e2", ...]}' | build/bin/xqjudge
  chess draws:    build/bin/xqjudge --variant chess   (same JSON lines, FIDE rules)
  engine:         build/bin/xqengine                  (UCI/UCCI engine for a GUI: go depth/movetime/clock, go perft, bench)
  a match:        build/bin/xqmatch -engine cmd=build/bin/xqengine name=a -engine cmd=build/bin/xqengine name=b \
                    -each proto=uci tc=10+0.1 -games 20 -concurrency 2 -openings file=data/openings/balanced.txt -pgnout games.pgn
  tests:          bash scripts/test.sh
NEXT
