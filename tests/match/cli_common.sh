# Shared set-up of the xqmatch black-box tests (tests/cli/xqmatch_*.sh); sourced, never run alone.
#   fail MESSAGE      count a failed check and say why
#   xq_test_dir NAME  a fresh temp dir in $tmp, removed at exit together with every process whose
#                     command line names it; $tmp/xqengine links to the build's engine. Engines
#                     run under $tmp, so pgrep finds this test's processes and no one else's.
#   xq_check_no_processes  fails if any process of this test outlived its match
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

# Zombies do not match (their command line is empty), so a short wait lets the last exits of
# engines that were told to quit, or killed after a grace period, be reaped.
xq_check_no_processes() {
  for _ in $(seq 30); do
    pgrep -f "$tmp/" >/dev/null || return 0
    sleep 0.1
  done
  local left
  left=$(pgrep -af "$tmp/")  # before the sed below, whose own command line names $tmp/
  fail "processes left after the matches:"
  printf '%s\n' "$left" | sed "s|$tmp/||g" | head -10
}

xq_finish() {
  if [ "$failures" -gt 0 ]; then
    echo "$1: $failures check(s) failed"
    exit 1
  fi
  echo "$1: all checks passed"
}
