#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz (clang, ASan+UBSan) for SECONDS each, seeded with
# the project's own FENs, games and protocol sessions (UCI, UCCI, CECP), and reports runs and
# findings; an input that runs longer than 30 s counts as a hang. Usage: bench/fuzz.sh [seconds]
# A crash leaves its input in build-fuzz/findings/ and makes the script exit non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXQ_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz_xiangqi_fen fuzz_xiangqi_moves fuzz_xqjudge_lines \
  fuzz_protocol_uci fuzz_protocol_ucci fuzz_protocol_cecp >/dev/null
work=build-fuzz/corpus; mkdir -p "$work"/{fen,moves,lines,uci,ucci,cecp} build-fuzz/findings
i=0
while read -r fen; do printf '%s' "$fen" > "$work/fen/seed$((i++))"; done < <(jq -r '.[].fen' data/perft/xiangqi.json)
i=0
for f in data/wxf_diagrams/*.json; do
  jq -c '.cases[]? | {fen, moves}' "$f" 2>/dev/null | while read -r line; do
    printf '%s\n' "$line" > "$work/lines/seed$RANDOM$RANDOM"
    printf '%s' "$(jq -r '.moves | join(" ")' <<< "$line")" > "$work/moves/seed$RANDOM$RANDOM"
  done
done
# Protocol seeds: sessions as GUIs drive the engine (UCI, XQWizard's UCCI, XBoard's CECP).
printf 'isready\nsetoption name Ponder value true\nposition startpos moves h2e2 h9g7\ngo depth 2\ngo ponder wtime 50 btime 50\nponderhit\nstop\nd\ngo perft 2\nbench 1\n' > "$work/uci/seed0"
printf 'position fen 3k5/R8/9/9/9/9/9/9/9/1R3K3 b - - 0 1\ngo depth 2\nsetoption name Move Overhead value 10\ngo movetime 20\n' > "$work/uci/seed1"
printf 'setoption newgame\nposition startpos moves h2e2\nbanmoves h9g7\ngo time 100 increment 10 opptime 100 oppincrement 10\nstop\nprobe startpos moves h2e2\ngo draw depth 2\nponderhit draw\n' > "$work/ucci/seed0"
printf 'new\nvariant xiangqi\npost\nlevel 40 0:01 0\ntime 100\notim 100\nusermove h2e2\nping 1\nforce\nsetboard 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\nsd 2\ngo\nanalyze\nusermove a8a9\nundo\nexit\nremove\ndraw\nresult 1-0 {x}\n' > "$work/cecp/seed0"
echo "# fuzz $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -m), $(nproc) cores; commit $(git rev-parse --short HEAD); $secs s per target; clang $(clang++ --version | head -1 | grep -o '[0-9][0-9.]*' | head -1), ASan+UBSan"
status=0
for t in fen:fuzz_xiangqi_fen moves:fuzz_xiangqi_moves lines:fuzz_xqjudge_lines \
         uci:fuzz_protocol_uci ucci:fuzz_protocol_ucci cecp:fuzz_protocol_cecp; do
  dir=${t%%:*}; bin=${t#*:}
  log=build-fuzz/$bin.log
  if build-fuzz/bin/"$bin" -max_total_time="$secs" -max_len=4096 -timeout=30 -artifact_prefix=build-fuzz/findings/ "$work/$dir" > "$log" 2>&1; then
    echo "$bin: $(grep -E '^Done' "$log" | tail -1), no crash; corpus $(ls "$work/$dir" | wc -l) inputs"
  else
    status=1; echo "$bin: FAILED, see $log and build-fuzz/findings/"; grep -m3 -E 'ERROR|SUMMARY' "$log" || true
  fi
done
exit $status
