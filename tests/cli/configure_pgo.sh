#!/usr/bin/env bash
# The release build's configuration (scripts/configure.sh, CMake's XQ_PGO_* options) answers a
# wrong set-up with a sentence instead of a broken build:
#   - a profile asked of g++, or a profile file that is not there, stops CMake with the reason;
#   - configure.sh on a machine without clang says what is missing and configures a plain g++
#     build with no profile (checked in CMake's cache), and a folder made by another compiler
#     is reconfigured for the one at hand.
# The profile-guided path itself is what scripts/test.sh builds and tests every run.
# Usage: bash configure_pgo.sh <build/bin dir> <source dir>
set -uo pipefail
src=$(cd "$2" && pwd)
. "$(dirname "$0")/lib/harness.sh"
xq_scratch configure_pgo
xq_need cmake cmake
xq_need g++ g++
xq_need clang clang++

cache_value() { sed -n "s/^$2:[A-Z]*=//p" "$1/CMakeCache.txt"; }

# 1. A profile with g++.
out=$(cmake -S "$src" -B "$tmp/gxx" -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc -DXQ_PGO_PROFILE=/dev/null 2>&1)
rc=$?
[ $rc -ne 0 ] || fail "CMake accepted XQ_PGO_PROFILE with g++"
grep -q "need clang" <<<"$out" || fail "no 'need clang' in CMake's answer to a profile with g++: $(tail -5 <<<"$out")"
out=$(cmake -S "$src" -B "$tmp/gxx2" -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc -DXQ_PGO_GENERATE=ON 2>&1)
[ $? -ne 0 ] || fail "CMake accepted XQ_PGO_GENERATE with g++"
grep -q "need clang" <<<"$out" || fail "no 'need clang' in CMake's answer to instrumenting with g++"

# 2. A profile that is not there.
out=$(cmake -S "$src" -B "$tmp/missing" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang \
  -DXQ_PGO_PROFILE="$tmp/no-such.profdata" 2>&1)
[ $? -ne 0 ] || fail "CMake accepted a profile file that does not exist"
grep -q "no file $tmp/no-such.profdata" <<<"$out" || fail "CMake did not name the missing profile: $(tail -5 <<<"$out")"

# 3. configure.sh without clang: a PATH holding every program of /usr/bin but clang's and LLVM's.
mkdir -p "$tmp/bin"
for f in /usr/bin/*; do
  case "$(basename "$f")" in clang* | llvm-*) ;; *) ln -s "$f" "$tmp/bin/" ;; esac
done
# A folder made by clang first: configure.sh must start it again for g++.
cmake -S "$src" -B "$tmp/plain" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang >/dev/null 2>&1 ||
  fail "a plain clang configuration failed"
err=$(PATH="$tmp/bin" bash "$src/scripts/configure.sh" "$tmp/plain" -DXQ_WERROR=OFF 2>&1 >/dev/null)
rc=$?
[ $rc -eq 0 ] || fail "configure.sh without clang failed ($rc): $(tail -5 <<<"$err")"
grep -q "clang, clang++ or llvm-profdata missing" <<<"$err" || fail "configure.sh did not say clang is missing: $err"
grep -q "configuring it again" <<<"$err" || fail "configure.sh did not say it reconfigures the clang folder: $err"
cxx=$(cache_value "$tmp/plain" CMAKE_CXX_COMPILER)
case "$cxx" in *clang*) fail "the folder still names clang ($cxx)" ;; "") fail "no compiler in the cache" ;; esac
[ -z "$(cache_value "$tmp/plain" XQ_PGO_PROFILE)" ] || fail "the g++ configuration has a profile"
[ "$(cache_value "$tmp/plain" XQ_PGO_GENERATE)" = "OFF" ] || fail "the g++ configuration instruments"
[ ! -d "$tmp/plain-pgo" ] || fail "configure.sh without clang made an instrumented build"

# 4. Bad use.
err=$(bash "$src/scripts/configure.sh" 2>&1)
[ $? -ne 0 ] || fail "configure.sh without a folder succeeded"
grep -q "usage" <<<"$err" || fail "configure.sh without a folder gave no usage: $err"

xq_finish configure_pgo
