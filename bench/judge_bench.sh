#!/usr/bin/env bash
# Speed of the WXF judge: all diagram cases per pass, and the chase data's cost per quiet move.
# Usage: bench/judge_bench.sh [bin dir, default build/bin]
# Output is meant to be saved as bench/results/judge_<date>.txt (it names date and machine).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/bin}
echo "# judge_bench $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores"
echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), Release build, one thread, load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin/xqjudge_bench" data/wxf_diagrams
