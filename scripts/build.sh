#!/usr/bin/env bash
# README command 1: install missing packages, build everything (Release) into build/,
# then run the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# XQ_WERROR=OFF explicitly: scripts/test.sh may have left it on in the same build folder.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DXQ_WERROR=OFF >/dev/null
cmake --build build -j"$(nproc)"
bash scripts/build-web.sh build -DXQ_WERROR=OFF   # the page: build/web/index.html
bash scripts/main-job.sh
