#!/usr/bin/env bash
# README command 2: the whole test suite.
#  1. Release build as README command 1 makes it (scripts/configure.sh: clang, optimised with the
#     profile of an instrumented bench) and the page's WebAssembly build (scripts/build-web.sh),
#     every test through ctest (unit tests, perft data, black-box tool runs, the page in headless Chromium).
#  2. ASan+UBSan build of the unit tests with clang, run once more (in parallel shards, one per
#     core). clang compiles this unoptimised instrumented build about twice as fast as g++.
#     Every library compiles as a unity build here (CMAKE_UNITY_BUILD: one unit per eight
#     files): the same code, instrumented, in about 290 s of compiler time instead of about 500
#     (its speed is not measured, only its tests).
#  3. The engine built with g++, the compiler configure.sh falls back to where clang is missing:
#     it must compile without a warning and its bench must search the same tree (the same
#     signature) as the clang build's; otherwise nothing in this suite would compile with g++.
# Every build treats compiler warnings as errors (XQ_WERROR), so no warning lands.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase's end, with the seconds since the start: the CI log shows where the time goes.
phase() { echo "== $1 done at $SECONDS s =="; }
bash scripts/install-deps.sh
phase "dependencies"
jobs="$(nproc)"
bash scripts/configure.sh build -DXQ_WERROR=ON   # clang, optimised with bench's profile
phase "profile"
cmake --build build -j"$jobs"
phase "release build"
bash scripts/build-web.sh build -DXQ_WERROR=ON   # the page, for ctest's cli_web_page (Chromium)
phase "page build"
(cd build && ctest --output-on-failure -j"$jobs")
phase "ctest"
echo "== sanitizer run (ASan + UBSan) =="
cmake -S . -B build-asan -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DXQ_SANITIZE=ON -DXQ_BUILD_TOOLS=OFF -DXQ_TUNE=ON -DXQ_WERROR=ON -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build build-asan -j"$jobs" --target unit_tests
phase "sanitizer build"
# One process per core (scripts/catch-shards.sh), the shards balanced by the measured seconds of
# tests/sanitizer_seconds.txt: dealt round-robin, one shard had twice the other's work (381 s of
# a 1,533 s CI run on the 2-core VM of 2026-11-29). clang builds this instrumented tree about
# twice as fast as g++ (236 s against about 400), though the tests it builds run slower.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  bash scripts/catch-shards.sh build-asan/bin/unit_tests "$jobs" "~[slow]" tests/sanitizer_seconds.txt
phase "sanitizer run"
echo "== g++ build of the engine =="
cmake -S . -B build-gxx -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ -DCMAKE_BUILD_TYPE=Release -DXQ_WERROR=ON \
  -DXQ_PGO_GENERATE=OFF -DXQ_PGO_PROFILE= >/dev/null
cmake --build build-gxx -j"$jobs" --target xqengine
# shellcheck source=scripts/signature.sh
source scripts/signature.sh
clang_nodes=$(bench_signature build/bin/xqengine)
gxx_nodes=$(bench_signature build-gxx/bin/xqengine)
if [ -z "$clang_nodes" ] || [ "$clang_nodes" != "$gxx_nodes" ]; then
  echo "test.sh: bench signatures differ: clang build ${clang_nodes:-none}, g++ build ${gxx_nodes:-none}" >&2
  exit 1
fi
echo "bench signature $clang_nodes from both compilers"
phase "g++ build"
