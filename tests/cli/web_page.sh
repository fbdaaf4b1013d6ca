#!/usr/bin/env bash
# The page of issue 22 (build/web, made by scripts/build-web.sh) in headless Chromium, used as
# a person would and compared with xqjudge: tests/web/test_page.py. Fails when Chromium or the
# page is missing. Usage: bash web_page.sh <build/bin dir> <source dir>
set -uo pipefail
bin=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
exec python3 "$src/tests/web/test_page.py" "$(dirname "$bin")" "$src"
