#!/usr/bin/env bash
# The main job a newcomer sees after building.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== perft from the start position, depth 4 =="
build/bin/xqperft --depth 4
