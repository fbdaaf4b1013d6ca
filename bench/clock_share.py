#!/usr/bin/env python3
"""How each engine of a match used its clock (issue 26): from an xqmatch PGN's move comments
("{score/depth 0.41s}") and its TimeControl tag ("base+inc", seconds).

For every game and engine: the thinking time used, the time it had (base plus one increment for
each move it played out of book), the share used, what was left on its clock at the end, and the
time used on its first 40 moves out of book. Book moves ("{book}") cost nothing and earn nothing.
Prints the mean and median of each over the games, one line an engine.

    bench/clock_share.py GAMES.pgn [GAMES.pgn ...]
"""
import re
import statistics
import sys

from match_pgn import read_games

TIME = re.compile(r"(\d+(?:\.\d+)?)s\s*$")


def clock_of(game):
    """(base, increment) in seconds, or None for a control this script does not read."""
    found = re.fullmatch(r"(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)", game.tag("TimeControl"))
    return (float(found[1]), float(found[2])) if found else None


def game_usage(game):
    """{engine: (used, available, first40)} for one game, or {} without a readable clock."""
    clock = clock_of(game)
    if clock is None:
        return {}
    base, inc = clock
    used, moves, first40 = {}, {}, {}
    for mover, _, comment in game.commented_moves():
        spent = TIME.search(comment.strip())
        if spent is None:  # a book move
            continue
        moves[mover] = moves.get(mover, 0) + 1
        used[mover] = used.get(mover, 0.0) + float(spent[1])
        if moves[mover] <= 40:
            first40[mover] = first40.get(mover, 0.0) + float(spent[1])
    return {e: (used[e], base + inc * moves[e], first40[e]) for e in moves}


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    rows = {}
    for path in sys.argv[1:]:
        try:
            games = read_games(path)
        except OSError as error:
            print(f"clock_share.py: cannot read {path}: {error.strerror}", file=sys.stderr)
            return 2
        for game in games:
            for engine, usage in game_usage(game).items():
                rows.setdefault(engine, []).append(usage)
    if not rows:
        print("clock_share.py: no game with a base+increment TimeControl and timed moves", file=sys.stderr)
        return 1
    print(f"{'engine':<20} {'games':>5} {'share used':>16} {'left at end (s)':>18} {'first 40 moves (s)':>20}")
    for engine, usages in sorted(rows.items()):
        share = [u / a for u, a, _ in usages]
        left = [a - u for u, a, _ in usages]
        first = [f for _, _, f in usages]
        cell = lambda xs, fmt: f"{fmt % statistics.mean(xs)} / {fmt % statistics.median(xs)}"
        print(f"{engine:<20} {len(usages):>5} {cell(share, '%.3f'):>16} {cell(left, '%.2f'):>18} {cell(first, '%.2f'):>20}")
    print("(each cell: mean / median over the games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
