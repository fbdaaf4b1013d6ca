#!/usr/bin/env bash
# ThreadSanitizer run of the threaded and protocol unit tests (issues 8 and 10): Lazy SMP
# threads, the front end's search worker, ponder/ponderhit, MultiPV and the search tests.
#
#   scripts/tsan.sh [--clang] [extra Catch2 arguments]
#
# Builds unit_tests only, with -fsanitize=thread (CMake option XQ_TSAN, -O1 -g, asserts on),
# in its own directory build-tsan (build-tsan-clang with --clang), then runs the tests tagged
# [threads], [frontend], [ponder], [multipv] or [search], but not [slow], with
# TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1". Exits non-zero on any ThreadSanitizer
# report (the first one stops the run) and on any failed test; the last line says which.
#
# Not part of scripts/test.sh: under TSan the selection takes many minutes on a 2-core machine,
# more than CI's time budget allows. Run it by hand after touching search/threads, the engine
# core or a protocol, niced on a shared machine:  nice -n 19 scripts/tsan.sh | tee tsan.log
# Timing checks in the tests are written for a busy machine, but TSan slows everything 5-15x:
# a failed "within N ms" check under TSan is a slow run, not a race; the verdict line tells a
# race (ThreadSanitizer report) from a failed test.
set -euo pipefail
cd "$(dirname "$0")/.."

compiler=g++ dir=build-tsan
if [[ ${1:-} == --clang ]]; then
  compiler=clang++ dir=build-tsan-clang
  shift
fi
spec='[threads]~[slow],[frontend]~[slow],[ponder]~[slow],[multipv]~[slow],[search]~[slow]'
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"

echo "# ThreadSanitizer run, $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -srm), $(nproc) cores"
echo "# commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . 2>/dev/null || echo ' (+ uncommitted changes)')"
echo "# compiler $($compiler --version | head -1), -fsanitize=thread -O1 -g, build dir $dir"
echo "# TSAN_OPTIONS=\"$TSAN_OPTIONS\""
echo "# command: $dir/bin/unit_tests '$spec' $*"

cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DXQ_TSAN=ON -DXQ_BUILD_TOOLS=OFF >/dev/null
cmake --build "$dir" -j"$(nproc)" --target unit_tests >/dev/null

log=$dir/tsan.log
start=$SECONDS
set +e
"$dir/bin/unit_tests" "$spec" --durations yes "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
echo "# wall time $((SECONDS - start)) s, exit code $status"
reports=$(grep -c '^WARNING: ThreadSanitizer' "$log" || true)
if ((reports > 0)); then
  echo "# verdict: ThreadSanitizer reported $reports problem(s); see above (and $log)"
  exit 1
elif ((status != 0)); then
  echo "# verdict: no ThreadSanitizer report, but the test run failed (exit code $status)"
  exit "$status"
fi
echo "# verdict: ThreadSanitizer clean"
