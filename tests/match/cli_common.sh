# Shared set-up of the xqmatch black-box tests (tests/cli/xqmatch_*.sh); sourced, never run alone.
#   fail MESSAGE      count a failed check and say why
#   xq_test_dir NAME  a fresh temp dir in $tmp, removed at exit together with every process whose
#                     command line names it; $tmp/xqengine links to the build's engine. Engines
#                     run under $tmp, so pgrep finds this test's processes and no one else's.
#   xq_finish LABEL   "LABEL: all checks passed", or the failure count and exit status 1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

xq_cleanup() {
  local pid
  for pid in $(pgrep -f "$tmp/"); do kill -KILL "$pid" 2>/dev/null; done
  rm -rf "$tmp"
}

xq_test_dir() {
  tmp=$(mktemp -d "/tmp/xqmatch_$1.XXXXXX")
  trap xq_cleanup EXIT
  ln -s "$bin/xqengine" "$tmp/xqengine"
}

xq_finish() {
  if [ "$failures" -gt 0 ]; then
    echo "$1: $failures check(s) failed"
    exit 1
  fi
  echo "$1: all checks passed"
}
