#!/usr/bin/env bash
# Regenerates an openings file of data/openings/ byte for byte (method and numbers:
# data/openings/README.md). One core, niced.
#   bash scripts/make_openings.sh [build dir, default build]        the shipped book, balanced.txt
#                                                                   (400 lines, about 10 minutes)
#   bash scripts/make_openings.sh [build dir] wide                  wide.txt, 3,000 lines of 4-6
#                                                                   plies for long self-play runs
#                                                                   (about 5 minutes)
# Build first: cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build --target xqbook
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build}/bin/xqbook"
file="${2:-balanced}"
[ -x "$bin" ] || { echo "make_openings: no $bin; build the xqbook target first" >&2; exit 1; }

# The header records the day each file was made; pinned so a rerun gives the same bytes. The
# lines also depend on the search that ranked and scored them (tests/cli/openings_book.sh).
case "$file" in
  balanced)
    time nice -n 10 "$bin" --min-plies 2 --max-plies 4 --widths 10,6,5,4 --rank-depth 4 \
      --depth 10 --window 60 --seed 1 --hash 16 --max-samples 20000 --count 400 \
      --date 2026-11-22 --output data/openings/balanced.txt ;;
  wide)
    time nice -n 10 "$bin" --min-plies 4 --max-plies 6 --widths 10,6,5,4,3,3 --rank-depth 4 \
      --depth 10 --window 60 --seed 2 --hash 16 --max-samples 100000 --count 3000 \
      --date 2026-11-28 --output data/openings/wide.txt ;;
  *) echo "make_openings: unknown file '$file' (balanced or wide)" >&2; exit 2 ;;
esac
