#!/usr/bin/env bash
# Regenerates the shipped opening book, data/openings/balanced.txt, byte for byte
# (method and numbers: data/openings/README.md). One core, niced; about 10 minutes.
# Usage: bash scripts/make_openings.sh [build dir, default build]
# Build first: cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build --target xqbook
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build}/bin/xqbook"
[ -x "$bin" ] || { echo "make_openings: no $bin; build the xqbook target first" >&2; exit 1; }

# The header records the day the shipped book was made; pinned so a rerun gives the same bytes.
BOOK_DATE=2026-11-22

time nice -n 10 "$bin" --min-plies 2 --max-plies 4 --widths 10,6,5,4 --rank-depth 4 \
  --depth 10 --window 60 --seed 1 --hash 16 --max-samples 20000 --count 400 \
  --date "$BOOK_DATE" --output data/openings/balanced.txt
