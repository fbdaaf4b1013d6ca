#!/usr/bin/env bash
# Xiangqi perft speed: perft 5 from the start position (133,312,995 nodes), single thread,
# bulk counting at the last ply, several runs. Usage: bench/perft_speed.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
echo "# perft_speed $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), build/bin/xqperft (Release, portable x86-64)"
for _ in $(seq "$runs"); do
  build/bin/xqperft --depth 5 --time 2>&1 | tr '\n' ' '
  echo
done
