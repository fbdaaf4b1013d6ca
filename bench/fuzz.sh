#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz (clang, ASan+UBSan) for SECONDS each, seeded with
# the project's own FENs and games, and reports runs and findings. Usage: bench/fuzz.sh [seconds]
# A crash leaves its input in build-fuzz/findings/ and makes the script exit non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXQ_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz_xiangqi_fen fuzz_xiangqi_moves fuzz_xqjudge_lines >/dev/null
work=build-fuzz/corpus; mkdir -p "$work"/{fen,moves,lines} build-fuzz/findings
i=0
while read -r fen; do printf '%s' "$fen" > "$work/fen/seed$((i++))"; done < <(jq -r '.[].fen' data/perft/xiangqi.json)
i=0
for f in data/wxf_diagrams/*.json; do
  jq -c '.cases[]? | {fen, moves}' "$f" 2>/dev/null | while read -r line; do
    printf '%s\n' "$line" > "$work/lines/seed$RANDOM$RANDOM"
    printf '%s' "$(jq -r '.moves | join(" ")' <<< "$line")" > "$work/moves/seed$RANDOM$RANDOM"
  done
done
echo "# fuzz $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -m), $(nproc) cores; commit $(git rev-parse --short HEAD); $secs s per target; clang $(clang++ --version | head -1 | grep -o '[0-9][0-9.]*' | head -1), ASan+UBSan"
status=0
for t in fen:fuzz_xiangqi_fen moves:fuzz_xiangqi_moves lines:fuzz_xqjudge_lines; do
  dir=${t%%:*}; bin=${t#*:}
  log=build-fuzz/$bin.log
  if build-fuzz/bin/"$bin" -max_total_time="$secs" -max_len=4096 -artifact_prefix=build-fuzz/findings/ "$work/$dir" > "$log" 2>&1; then
    echo "$bin: $(grep -E '^Done' "$log" | tail -1), no crash; corpus $(ls "$work/$dir" | wc -l) inputs"
  else
    status=1; echo "$bin: FAILED, see $log and build-fuzz/findings/"; grep -m3 -E 'ERROR|SUMMARY' "$log" || true
  fi
done
exit $status
