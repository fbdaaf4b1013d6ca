#!/usr/bin/env bash
# The page of issue 22: the judge compiled to WebAssembly by Debian's emscripten (web/CMakeLists.txt)
# and the static page around it, assembled in BUILD/web (default build/web):
#   index.html, style.css, *.js    copied from web/
#   xqjudge.js                     the C API of capi/xqjudge.h, the WebAssembly inside (SINGLE_FILE)
#   wxf_cases.js                   the 173 WXF cases, generated from data/wxf_diagrams
# Open BUILD/web/index.html in a browser, or serve the folder (python3 -m http.server -d build/web).
# Called by scripts/build.sh and scripts/test.sh. Usage: build-web.sh [BUILD] [cmake -D options...]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
shift || true
command -v emcmake >/dev/null || { echo "build-web.sh: emscripten is missing (apt-get install emscripten; scripts/install-deps.sh does)" >&2; exit 1; }
# Debian's emscripten finds its JavaScript helpers (acorn) where Debian's nodejs looks by itself;
# a nodejs from elsewhere (nodesource) needs to be told.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
emcmake cmake -S web -B "$build/web-wasm" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$build/web-wasm" -j"$(nproc)"
out="$build/web"
mkdir -p "$out"
cp web/index.html web/*.css web/*.js "$out/"
cp "$build/web-wasm/xqjudge.js" "$out/xqjudge.js"
python3 scripts/web_cases.py data/wxf_diagrams "$out/wxf_cases.js"
echo "page: $out/index.html (xqjudge.js $(stat -c %s "$out/xqjudge.js") bytes)"
