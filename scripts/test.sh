#!/usr/bin/env bash
# README command 2: the whole test suite.
#  1. Release build and the page's WebAssembly build (scripts/build-web.sh), every test through
#     ctest (unit tests, perft data, black-box tool runs, the page in headless Chromium).
#  2. ASan+UBSan build of the unit tests, run once more.
# Both builds treat compiler warnings as errors (XQ_WERROR), so no warning lands.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
jobs="$(nproc)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DXQ_WERROR=ON >/dev/null
cmake --build build -j"$jobs"
bash scripts/build-web.sh build -DXQ_WERROR=ON   # the page, for ctest's cli_web_page (Chromium)
(cd build && ctest --output-on-failure -j"$jobs")
echo "== sanitizer run (ASan + UBSan) =="
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DXQ_SANITIZE=ON -DXQ_BUILD_TOOLS=OFF -DXQ_TUNE=ON -DXQ_WERROR=ON >/dev/null
cmake --build build-asan -j"$jobs" --target unit_tests
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  build-asan/bin/unit_tests "~[slow]"
