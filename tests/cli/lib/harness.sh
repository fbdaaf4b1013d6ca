# What the command-line tests share; tests/cli/*.sh source it. CMake adds only the scripts
# directly in tests/cli/ as tests, so this file never runs on its own.
#   fail MESSAGE       count a failed check and say why
#   xq_scratch [NAME]  $tmp: a fresh folder (/tmp/NAME.XXXXXX when named), removed at exit
#   xq_need PACKAGE PROGRAM...  fails the test at once when a program it needs is missing
#   xq_finish LABEL    "LABEL: all checks passed" and status 0, or the failure count and status 1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

xq_scratch() {
  if [ $# -gt 0 ]; then tmp=$(mktemp -d "/tmp/$1.XXXXXX"); else tmp=$(mktemp -d); fi
  trap 'rm -rf "$tmp"' EXIT
}

# A test that skipped itself would pass unseen; the test command installs every package
# (scripts/install-deps.sh), so a missing program is a broken set-up, and says which.
xq_need() {
  local package=$1 program
  shift
  for program in "$@"; do
    command -v "$program" >/dev/null || [ -x "/usr/games/$program" ] && continue
    echo "FAIL: needs $program (Debian package $package, which scripts/install-deps.sh installs)"
    exit 1
  done
}

xq_finish() {
  if [ "$failures" -gt 0 ]; then
    echo "$1: $failures check(s) failed"
    exit 1
  fi
  echo "$1: all checks passed"
}
