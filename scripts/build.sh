#!/usr/bin/env bash
# README command 1: install missing packages, build everything (Release) into build/,
# then run the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# clang with a profile from bench when it is there (scripts/configure.sh). XQ_WERROR=OFF
# explicitly: scripts/test.sh may have left it on in the same build folder.
bash scripts/configure.sh build -DXQ_WERROR=OFF
cmake --build build -j"$(nproc)"
bash scripts/build-web.sh build -DXQ_WERROR=OFF   # the page: build/web/index.html
bash scripts/main-job.sh
