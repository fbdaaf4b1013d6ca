#!/usr/bin/env bash
# What a newcomer meets first (issue 24), through a real pipe and command line:
#  1. quit (and the end of input) lets a running go perft or bench finish, as Stockfish does:
#     a piped script ending in quit gets the full count and the signature; a search is stopped.
#     bench's "Build" line names the compiler and profile of this build folder.
#  2. xqengine --help and the help command say what the engine is, its protocols, its
#     command line and where README explains more; exit status 0.
#  3. An unknown command-line argument is an error on stderr with exit status 2.
# Usage: bash xqengine_first_contact.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1"
. "$(dirname "$0")/lib/harness.sh"
xqe="$bin/xqengine"
err=$(mktemp)
trap 'rm -f "$err"' EXIT

# 1. quit waits for perft and bench. perft 4 of the start position is 3,290,240 (data/perft).
out=$(printf 'position startpos\ngo perft 4\nquit\n' | timeout 120 "$xqe" 2>/dev/null)
grep -qx 'Nodes searched: 3290240' <<<"$out" || fail "perft then quit: $(tail -2 <<<"$out" | tr '\n' '|')"
grep -q 'perft stopped' <<<"$out" && fail "perft then quit: the perft was stopped"
out=$(printf 'ucci\nposition startpos\ngo perft 3\nquit\n' | timeout 60 "$xqe" 2>/dev/null)
[ "$(tail -2 <<<"$out" | tr '\n' '|')" = 'Nodes searched: 79666|bye|' ] || fail "UCCI perft then quit: $(tail -2 <<<"$out" | tr '\n' '|')"
# The chess example of README.md: an error for the bad move, then the count of the start position.
out=$(printf 'setoption name UCI_Variant value chess\nposition startpos moves e2e4 e7e5 e2e4\ngo perft 1\nquit\n' | timeout 60 "$xqe" 2>/dev/null)
grep -qx 'Nodes searched: 20' <<<"$out" || fail "chess perft then quit: $(tail -2 <<<"$out" | tr '\n' '|')"
# bench then quit prints the same signature as the command-line bench.
piped=$(printf 'bench 16 1 4\nquit\n' | timeout 300 "$xqe" 2>/dev/null | grep '^Nodes searched  : ')
bench_out=$(timeout 300 "$xqe" bench 16 1 4 2>/dev/null)
direct=$(grep '^Nodes searched  : ' <<<"$bench_out")
[ -n "$direct" ] || fail "xqengine bench 16 1 4 printed no signature"
[ "$piped" = "$direct" ] || fail "bench then quit: '$piped', the command line gives '$direct'"
# bench says how the binary was built (frontend/build_info.h), truly: the compiler and the
# profile CMake's cache of this build folder names, when there is a cache beside bin/.
build_line=$(grep '^Build           : ' <<<"$bench_out")
grep -Eq '^Build           : (clang|g\+\+) [0-9].*, (profile-guided|no profile), .*, network kernels [a-z0-9]+$' <<<"$build_line" ||
  fail "bench's build line: '$build_line'"
cache="$bin/../CMakeCache.txt"
if [ -f "$cache" ]; then
  compiler=$(sed -n 's/^CMAKE_CXX_COMPILER_ID:[A-Z]*=//p; s/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$cache" | tr '\n' ' ')
  profile=$(sed -n 's/^XQ_PGO_PROFILE:[A-Z]*=//p' "$cache")
  case "$compiler" in *clang*) grep -q ': clang ' <<<"$build_line" || fail "a clang build's bench says '$build_line'" ;; esac
  if [ -n "$profile" ]; then
    grep -q 'profile-guided' <<<"$build_line" || fail "a build with XQ_PGO_PROFILE says '$build_line'"
  else
    grep -q 'no profile' <<<"$build_line" || fail "a build without a profile says '$build_line'"
  fi
fi
# A search is still stopped by quit, and still answers.
start=$SECONDS
out=$(printf 'position startpos\ngo infinite\nquit\n' | timeout 30 "$xqe" 2>/dev/null)
grep -q '^bestmove [a-i][0-9][a-i][0-9]' <<<"$out" || fail "go infinite then quit: no bestmove"
[ $((SECONDS - start)) -le 5 ] || fail "go infinite then quit took $((SECONDS - start)) s"
# stop still interrupts a perft that would take minutes.
out=$( (printf 'position startpos\ngo perft 6\n'; sleep 0.5; printf 'stop\nquit\n') | timeout 30 "$xqe" 2>/dev/null)
grep -q 'perft stopped' <<<"$out" || fail "stop did not interrupt go perft 6: $(tail -2 <<<"$out" | tr '\n' '|')"

# 2. --help and help.
help=$("$xqe" --help 2>&1); rc=$?
[ "$rc" = 0 ] || fail "--help: exit status $rc"
for word in Xiangqi WXF uci ucci xboard 'bench [hash MB] [threads] [depth]' 'go perft' quit README.md frontend/GUI.md; do
  grep -qF -- "$word" <<<"$help" || fail "--help does not mention '$word'"
done
from_stdin=$(printf 'help\nquit\n' | "$xqe" 2>/dev/null)
[ "$from_stdin" = "$help" ] || fail "the help command prints something else than --help"
[ "$(printf 'help\nisready\n' | "$xqe" 2>/dev/null | tail -1)" = readyok ] || fail "the engine does not go on after help"

# 3. Unknown command-line arguments.
for args in --bogus "-x" "nonsense" "quit"; do
  out=$("$xqe" $args 2>"$err" </dev/null); rc=$?
  [ "$rc" = 2 ] || fail "xqengine $args: exit status $rc, expected 2"
  [ -z "$out" ] || fail "xqengine $args: printed on stdout: $out"
  grep -qF "unknown command-line argument '$args'" "$err" ||
    fail "xqengine $args: stderr does not name it: $(cat "$err")"
done
out=$("$xqe" bench 16 x 2>&1 >/dev/null); rc=$?
[ "$rc" = 2 ] && [ -n "$out" ] || fail "xqengine bench 16 x: exit status $rc, stderr '$out'"
out=$("$xqe" go perft 2 2>/dev/null); rc=$?
[ "$rc" = 0 ] && grep -qx 'Nodes searched: 1920' <<<"$out" || fail "xqengine go perft 2: status $rc, $(tail -1 <<<"$out")"

xq_finish "xqengine first contact"
