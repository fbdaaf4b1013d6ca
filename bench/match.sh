#!/usr/bin/env bash
# Strength runs of xqengine (a benchmark, never a test): 20 games each against MaxQi (CECP,
# 1 s per move), Fairy-Stockfish at a node handicap (UCI, 1-10 ranks converted), and itself
# at 3:1 time odds. Games start from short forced openings with colours alternating; mates,
# WXF repetition rulings (our judge, explanations kept) and a 200-ply limit end them.
# Usage: bash bench/match.sh [build-dir] [games]   (needs: apt-get install -y fairymax)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
games="${2:-20}"
out="bench/results/match_$(date +%F).txt"
eng="$build/bin/xqengine"
match="$build/bin/xqmatch"
{
  echo "# xqmatch runs, $(date -u '+%F %T UTC')"
  echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
  echo "# xqengine $(git rev-parse --short HEAD), bench: $("$eng" bench | tail -1)"
  echo
  echo "## vs MaxQi 4.8G (fairymax package): xqengine 300 ms/move, maxqi 'st 1' (1 s/move)"
  "$match" --e1 "$eng" --t1 300 --e2 /usr/games/maxqi --p2 cecp --i2 "st 1" --games "$games" --max-plies 200
  echo
  echo "## vs Fairy-Stockfish (handicap: 3000 nodes/move): xqengine 300 ms/move"
  "$match" --e1 "$eng" --t1 300 --e2 /usr/games/fairy-stockfish --p2 uci-fsf --nodes2 3000 --games "$games" --max-plies 200
  echo
  echo "## self-play, time odds: xqengine 100 ms/move vs xqengine 33 ms/move"
  "$match" --e1 "$eng" --n1 xqengine-100ms --t1 100 --e2 "$eng" --n2 xqengine-33ms --t2 33 --games "$games" --max-plies 200
} 2>&1 | tee "$out"
echo "written to $out"
