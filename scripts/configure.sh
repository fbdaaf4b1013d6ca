#!/usr/bin/env bash
# Configures the release build in BUILD for README command 1 (scripts/build.sh) and command 2
# (scripts/test.sh), with the fastest set-up this machine offers: clang with profile-guided
# optimisation when clang and llvm-profdata are there (scripts/install-deps.sh installs both),
# plain g++ otherwise (said on stderr).
#   1. BUILD-pgo: xqengine instrumented to count what runs (XQ_PGO_GENERATE), built;
#   2. its `bench` (the same 37 positions the speed figures use) leaves raw counts, which
#      llvm-profdata merges into BUILD-pgo/xqengine.profdata; skipped when that file is newer
#      than the instrumented binary, so a second run with nothing changed costs nothing;
#   3. BUILD configured with clang and XQ_PGO_PROFILE naming that file. Every program and test
#      in BUILD is compiled with it; what bench never ran is optimised as without a profile.
# The search and its results are the same either way (bench's node count is its signature);
# only the speed differs: bench/results/search/speed_pgo_2026-12-07.md.
#   scripts/configure.sh BUILD [cmake -D options for BUILD...]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:?usage: configure.sh BUILD [cmake options...]}"
shift
case "$build" in /*) ;; *) build="$PWD/$build" ;; esac  # relative to the source folder

# A build folder made with another compiler is reconfigured from scratch: CMake cannot switch
# the compiler of an existing cache.
fresh_if_compiler_differs() {
  local dir=$1 cxx=$2
  [ -f "$dir/CMakeCache.txt" ] || return 0
  local had
  had=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$dir/CMakeCache.txt")
  if [ "$had" != "$cxx" ]; then
    echo "configure.sh: $dir was made with ${had:-another compiler}; configuring it again for $cxx" >&2
    rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles"
  fi
}

clang_cxx=$(command -v clang++ || true)
clang_c=$(command -v clang || true)
# The profile tool of clang's own LLVM (the raw profile's format changes between versions),
# else the one on the PATH.
profdata_tool=""
[ -z "$clang_c" ] || profdata_tool="$(dirname "$(readlink -f "$clang_c")")/llvm-profdata"
[ -x "$profdata_tool" ] || profdata_tool=$(command -v llvm-profdata || true)
if [ -z "$clang_cxx" ] || [ -z "$clang_c" ] || [ -z "$profdata_tool" ]; then
  echo "configure.sh: clang, clang++ or llvm-profdata missing: building with the default compiler, without a profile (slower; scripts/install-deps.sh installs them)" >&2
  cxx=$(command -v c++ || command -v g++ || true)
  cc=$(command -v cc || command -v gcc || true)
  [ -n "$cxx" ] && [ -n "$cc" ] || { echo "configure.sh: no C++ compiler found (apt-get install build-essential)" >&2; exit 1; }
  fresh_if_compiler_differs "$build" "$cxx"
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
    -DXQ_PGO_GENERATE=OFF -DXQ_PGO_PROFILE= "$@" >/dev/null
  exit 0
fi

gen="$build-pgo"
profile="$gen/xqengine.profdata"
fresh_if_compiler_differs "$gen" "$clang_cxx"
cmake -S . -B "$gen" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$clang_c" -DCMAKE_CXX_COMPILER="$clang_cxx" \
  -DXQ_PGO_GENERATE=ON -DXQ_PGO_PROFILE= -DXQ_WERROR=OFF >/dev/null
cmake --build "$gen" -j"$(nproc)" --target xqengine
if [ ! -f "$profile" ] || [ "$gen/bin/xqengine" -nt "$profile" ]; then
  rm -rf "$gen/raw"
  mkdir -p "$gen/raw"
  LLVM_PROFILE_FILE="$gen/raw/bench-%p.profraw" "$gen/bin/xqengine" bench >"$gen/raw/bench.txt" 2>&1 ||
    { echo "configure.sh: the instrumented xqengine's bench failed:" >&2; tail -5 "$gen/raw/bench.txt" >&2; exit 1; }
  "$profdata_tool" merge -o "$profile.tmp" "$gen"/raw/*.profraw
  mv "$profile.tmp" "$profile"
fi

fresh_if_compiler_differs "$build" "$clang_cxx"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$clang_c" -DCMAKE_CXX_COMPILER="$clang_cxx" \
  -DXQ_PGO_GENERATE=OFF -DXQ_PGO_PROFILE="$profile" "$@" >/dev/null
