#!/usr/bin/env bash
# Cross-checks xqperft against Fairy-Stockfish (Debian package fairy-stockfish) on positions
# from seeded random games: perft at DEPTH must agree on every position.
# Usage: bench/crosscheck_fsf.sh [count] [depth] [seed]. Development oracle only, never a test.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-200}; depth=${2:-3}; seed=${3:-1}
fsf=/usr/games/fairy-stockfish
[ -x "$fsf" ] || { echo "needs $fsf (apt-get install fairy-stockfish)" >&2; exit 2; }
echo "# crosscheck_fsf $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores"
echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown); $count positions (seed $seed), perft $depth; $($fsf <<< quit | head -1)"
agree=0; differ=0
while read -r fen; do
  ours=$(build/bin/xqperft --fen "$fen" --depth "$depth" | awk '/^nodes/ {print $2}')
  theirs=$( (printf 'uci\nsetoption name UCI_Variant value xiangqi\nposition fen %s\ngo perft %d\n' "$fen" "$depth"; echo quit) \
            | "$fsf" 2>/dev/null | awk '/^Nodes searched/ {print $3}')
  if [ "$ours" = "$theirs" ]; then agree=$((agree+1)); else differ=$((differ+1)); echo "DIFFER perft $depth: ours $ours, fairy-stockfish $theirs: $fen"; fi
done < <(build/bin/xqrandpos --count "$count" --seed "$seed" --min-plies 0 --max-plies 160)
echo "# $agree agree, $differ differ"
[ "$differ" -eq 0 ]
