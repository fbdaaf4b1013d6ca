#!/usr/bin/env bash
# libxqjudge as an installed package (issue 21): `cmake --install` into a temporary prefix,
# then three outside programs use what was installed and nothing of the build tree: the C
# example built with pkg-config, the same built by a CMake project through
# find_package(xqjudge), and the Python module's test.
# Usage: bash capi_install.sh <build/bin dir> <source dir>
set -uo pipefail
bin=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
build=$(dirname "$bin")
. "$(dirname "$0")/lib/harness.sh"
xq_scratch xqjudge_install
prefix="$tmp/prefix"

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { fail "cmake --install: $(tail -3 "$tmp/install.log")"; }
for f in include/xqjudge.h lib/python3/dist-packages/xqjudge.py; do
  [ -f "$prefix/$f" ] || fail "not installed: $f"
done
pc=$(find "$prefix" -name xqjudge.pc | head -1)
config=$(find "$prefix" -name xqjudgeConfig.cmake | head -1)
[ -n "$pc" ] || fail "no xqjudge.pc installed"
[ -n "$config" ] || fail "no xqjudgeConfig.cmake installed"
libdir=$(dirname "$(find "$prefix" -name 'libxqjudge.so.1' | head -1)")
# Only the C API is exported.
exported=$(nm -D --defined-only "$libdir/libxqjudge.so.1" | awk '$2 == "T" {print $3}' | grep -v '^xqj_' | head -3)
[ -z "$exported" ] || fail "the library exports more than the xqj_ functions: $exported"

# 1. C with pkg-config.
if [ -n "$pc" ]; then
  flags=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags --libs xqjudge) || fail "pkg-config xqjudge"
  # shellcheck disable=SC2086
  cc -std=c99 -Wall -Wextra -Werror -o "$tmp/example_pc" "$src/tests/capi/capi_example.c" $flags 2>"$tmp/cc.log" ||
    fail "cc with pkg-config's flags: $(head -3 "$tmp/cc.log")"
  [ -x "$tmp/example_pc" ] && { LD_LIBRARY_PATH="$libdir" "$tmp/example_pc" || fail "the pkg-config build's checks"; }
fi

# 2. C through CMake's find_package.
if [ -n "$config" ]; then
  mkdir -p "$tmp/outside"
  cp "$src/tests/capi/capi_example.c" "$tmp/outside/"
  cat >"$tmp/outside/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(outside C)
find_package(xqjudge REQUIRED)
add_executable(example capi_example.c)
target_link_libraries(example PRIVATE xqjudge::xqjudge)
CMAKE
  if cmake -S "$tmp/outside" -B "$tmp/outside/build" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/outside.log" 2>&1 &&
     cmake --build "$tmp/outside/build" >>"$tmp/outside.log" 2>&1; then
    LD_LIBRARY_PATH="$libdir" "$tmp/outside/build/example" || fail "the find_package build's checks"
  else
    fail "a CMake project with find_package(xqjudge): $(grep -m3 -i error "$tmp/outside.log")"
  fi
fi

# 3. Python: the installed module finds the installed library by itself.
env -u XQJUDGE_LIBRARY PYTHONPATH="$prefix/lib/python3/dist-packages" python3 "$src/tests/capi/test_xqjudge.py" ||
  fail "the installed Python module's checks"

xq_finish "libxqjudge installed"
