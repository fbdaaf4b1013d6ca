#!/usr/bin/env bash
# Every "$ " command example of README.md runs and prints what README shows (markers for what
# may vary: tests/cli/readme_examples.py). Then the checker itself: a README whose example
# output was changed by one character must fail, and one with no example must fail too.
# Usage: bash readme_examples.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1"
src="$2"
here="$(dirname "$0")"
. "$(dirname "$0")/lib/harness.sh"
xq_scratch

python3 "$here/readme_examples.py" "$bin" "$src" || fail "README.md examples differ from the programs' output"

# The checker must notice a changed example (here an output line of a cheap one) ...
cat >"$tmp/changed.md" <<'MD'
Text.

    $ echo 'a 12 b'
    a 13 b
MD
python3 "$here/readme_examples.py" "$bin" "$src" "$tmp/changed.md" >/dev/null && fail "a changed output line passed"
# ... and honour its markers, and only them.
cat >"$tmp/markers.md" <<'MD'
    $ printf 'time 12 ms\nx\ny\nend\n'
    time <ms> ms
    ...
    end
MD
python3 "$here/readme_examples.py" "$bin" "$src" "$tmp/markers.md" >/dev/null || fail "the <...> and ... markers were not honoured"
cat >"$tmp/extra.md" <<'MD'
    $ printf 'a\nb\n'
    a
MD
python3 "$here/readme_examples.py" "$bin" "$src" "$tmp/extra.md" >/dev/null && fail "an extra output line passed"
cat >"$tmp/failing.md" <<'MD'
    $ false
MD
python3 "$here/readme_examples.py" "$bin" "$src" "$tmp/failing.md" >/dev/null && fail "a command that fails passed"
printf 'No examples here.\n' >"$tmp/none.md"
python3 "$here/readme_examples.py" "$bin" "$src" "$tmp/none.md" >/dev/null && fail "a README without examples passed"

xq_finish "README examples"
