#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz (clang, ASan+UBSan) for SECONDS each, seeded with
# the project's own FENs, games, protocol sessions (UCI, UCCI, CECP), books and network files, and reports for each
# run the executions, executions per second, coverage (edges "cov", features "ft"), corpus size
# and the CPU time the run got; an input that runs longer than 30 s counts as a hang.
#   bench/fuzz.sh [seconds]          (build dir: $XQ_FUZZ_BUILD, default build-fuzz)
# Inputs are capped at 4 KB, except one more run of the xqjudge line target with inputs up to
# 1 MB, seeded with 100,000-deep JSON: 4 KB could never reach the stack overflow that such
# nesting once caused (fixed in 487a39f; this run checks it stays fixed).
# A crash leaves its input in $XQ_FUZZ_BUILD/findings/ and makes the script exit non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
build=${XQ_FUZZ_BUILD:-build-fuzz}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXQ_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ >/dev/null
cmake --build "$build" -j"$(nproc)" --target fuzz_xiangqi_fen fuzz_xiangqi_moves fuzz_xqjudge_lines \
  fuzz_protocol_uci fuzz_protocol_ucci fuzz_protocol_cecp fuzz_records fuzz_books fuzz_network >/dev/null
work=$build/corpus; mkdir -p "$work"/{fen,moves,lines,deep,uci,ucci,cecp,records,books,network} "$build/findings"
i=0
while read -r fen; do printf '%s' "$fen" > "$work/fen/seed$((i++))"; done < <(jq -r '.[].fen' data/perft/xiangqi.json)
i=0
for f in data/wxf_diagrams/*.json; do
  jq -c '.cases[]? | {fen, moves}' "$f" 2>/dev/null | while read -r line; do
    printf '%s\n' "$line" > "$work/lines/seed$RANDOM$RANDOM"
    printf '%s' "$(jq -r '.moves | join(" ")' <<< "$line")" > "$work/moves/seed$RANDOM$RANDOM"
  done
done
# Deep JSON for the large-input run: nested arrays, a nested value inside a request, and a
# valid line after the deep one (it must still be answered).
deep=$(printf '%*s' 100000 '' | tr ' ' '[')
printf '%s\n' "$deep" > "$work/deep/arrays"
printf '{"fen":"startpos","moves":%s%s}\n{"moves":["h2e2"]}\n' "$deep" "$(printf '%*s' 100000 '' | tr ' ' ']')" > "$work/deep/request"
printf '%s\n' "$(printf '%*s' 50000 '' | sed 's/ /{"a":/g')" > "$work/deep/objects"
cp "$work"/lines/* "$work/deep/" 2>/dev/null || true
# Record seeds: the real records of every format the readers know (tests/data/records), cut to
# the input limit.
for f in tests/data/records/*.pgn tests/data/records/*.PGN tests/data/records/*.XQF tests/data/records/dhtmlxq/*.html; do
  head -c 4096 "$f" > "$work/records/$(basename "$f")"
done
# Book seeds (fuzz_books.cpp: the first byte picks raw bytes, a .xqb or a BOOK.DAT built from
# the rest): the shipped book and ElephantEye's, each as it is and as rows for the builders.
{ printf '\x00'; head -c 4000 data/book/default.xqb; } > "$work/books/xqb-raw"
{ printf '\x00'; head -c 4000 tests/data/eleeye/BOOK.DAT; } > "$work/books/dat-raw"
{ printf '\x01'; tail -c +17 data/book/default.xqb | head -c 4000; } > "$work/books/xqb-rows"
{ printf '\x02'; head -c 4000 tests/data/eleeye/BOOK.DAT; } > "$work/books/dat-rows"
# Network seeds (fuzz_network.cpp: edits of a real file; the first byte picks the base and
# whether the checksum is made right again): each base untouched, with and without the fix,
# and a feature bias pushed out of range behind a right checksum.
for b in 00 01 02 04 05 06; do printf "\\x$b" > "$work/network/base-$b"; done
printf '\x04\x20\x00\x00\xff\x21\x00\x00\x7f' > "$work/network/bias-out-of-range"
# Protocol seeds: sessions as GUIs drive the engine (UCI, XQWizard's UCCI, XBoard's CECP).
printf 'isready\nsetoption name Ponder value true\nposition startpos moves h2e2 h9g7\ngo depth 2\ngo ponder wtime 50 btime 50\nponderhit\nstop\nd\ngo perft 2\nbench 1\n' > "$work/uci/seed0"
printf 'position fen 3k5/R8/9/9/9/9/9/9/9/1R3K3 b - - 0 1\ngo depth 2\nsetoption name Move Overhead value 10\ngo movetime 20\n' > "$work/uci/seed1"
printf 'setoption name Threads value 2\nsetoption name MultiPV value 3\nposition startpos\ngo depth 3 searchmoves h2e2 b0c2\ngo mate 2\ngo infinite\nstop\n' > "$work/uci/seed2"
printf 'setoption newgame\nposition startpos moves h2e2\nbanmoves h9g7\ngo time 100 increment 10 opptime 100 oppincrement 10\nstop\nprobe startpos moves h2e2\ngo draw depth 2\nponderhit draw\n' > "$work/ucci/seed0"
printf 'new\nvariant xiangqi\npost\nlevel 40 0:01 0\ntime 100\notim 100\nusermove h2e2\nping 1\nforce\nsetboard 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\nsd 2\ngo\nanalyze\nusermove a8a9\nundo\nexit\nremove\ndraw\nresult 1-0 {x}\n' > "$work/cecp/seed0"

echo "# fuzz $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -srm), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg);" \
  "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . 2>/dev/null || echo ' (+ uncommitted changes)');" \
  "clang $(clang++ --version | head -1 | grep -o '[0-9][0-9.]*' | head -1), ASan+UBSan"
echo "# command: bench/fuzz.sh $secs; each run: -max_total_time=$secs -timeout=30 -max_len=4096 (lines-1MB: -max_len=1000000)"
status=0
for t in fen:fuzz_xiangqi_fen:4096 moves:fuzz_xiangqi_moves:4096 lines:fuzz_xqjudge_lines:4096 \
         deep:fuzz_xqjudge_lines:1000000 uci:fuzz_protocol_uci:4096 ucci:fuzz_protocol_ucci:4096 \
         cecp:fuzz_protocol_cecp:4096 records:fuzz_records:4096 books:fuzz_books:4096 \
         network:fuzz_network:4096; do
  IFS=: read -r dir bin len <<< "$t"
  name=$bin; [[ $dir == deep ]] && name="$bin (inputs up to 1 MB, deep JSON seeds)"
  log=$build/$bin-$dir.log
  # CPU seconds the run got: on a loaded machine (niced under an engine match) a run may get a
  # few % of a core, and its exec/s says more about the load than about the target.
  if /usr/bin/time -o "$log.cpu" -f '%U %S' "$build/bin/$bin" -max_total_time="$secs" -max_len="$len" -timeout=30 \
       -print_final_stats=1 -artifact_prefix="$build/findings/" "$work/$dir" > "$log" 2>&1; then
    final() { grep -m1 "^stat::$1:" "$log" | awk '{print $2}'; }
    cov=$(grep -E '^#[0-9]+' "$log" | grep -o 'cov: [0-9]* ft: [0-9]*' | tail -1)
    echo "$name: $(final number_of_executed_units) execs in $secs s, $(final average_exec_per_sec) exec/s," \
      "${cov:-cov: ?}, corpus $(ls "$work/$dir" | wc -l) inputs, peak RSS $(final peak_rss_mb) MB, slowest input" \
      "$(final slowest_unit_time_sec) s, CPU $(awk '{printf "%.1f s", $1 + $2}' "$log.cpu"); no crash"
  else
    status=1; echo "$name: FAILED, see $log and $build/findings/"; grep -m3 -E 'ERROR|SUMMARY' "$log" || true
  fi
done
exit $status
