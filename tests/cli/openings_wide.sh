#!/usr/bin/env bash
# The wide openings file for long self-play runs (data/openings/wide.txt), checked as the
# shipped book is: format, legality, no repeated positions, xqbook reproduces its first lines.
# Usage: bash openings_wide.sh <build/bin dir> <source dir>
exec bash "$(dirname "$0")/openings_book.sh" "$1" "$2" wide.txt
