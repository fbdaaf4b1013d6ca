#!/usr/bin/env python3
"""Ratings of players from xqmatch result files (-resultsout JSON), one fit for all matches.

Each match gives an Elo difference between its two engines, from the score with a draw as
half, and the difference's variance from the games' spread (the delta method). The ratings
are the weighted least-squares fit of all differences, one player held at the anchor's
rating; their 95 % intervals come from the fit's covariance, so a level measured through a
chain of matches carries the chain's uncertainty. Output: a Markdown table of ratings, and
one of matches with W-L-D, Elo and LOS (the likelihood that the first engine is stronger).

    bench/ladder_fit.py --anchor maxqi=1500 results/*.json
"""
import argparse
import json
import math
import sys


def read_match(path):
    with open(path) as f:
        data = json.load(f)
    counts = data["counts"]
    engines = data["settings"]["engines"]
    return {
        "first": engines[0]["name"],
        "second": engines[1]["name"],
        "w": counts["wins"],
        "l": counts["losses"],
        "d": counts["draws"],
        "file": path,
    }


def elo_of(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def difference(m):
    """The first engine's Elo over the second and its variance. A clean sweep is clamped to
    half a game short of it, so that it counts as a large but finite difference."""
    n = m["w"] + m["l"] + m["d"]
    score = (m["w"] + 0.5 * m["d"]) / n
    score = min(max(score, 0.5 / n), 1.0 - 0.5 / n)
    # Per-game variance of the score, then the delta method through elo_of.
    var_game = (m["w"] * (1 - score) ** 2 + m["l"] * score ** 2 + m["d"] * (0.5 - score) ** 2) / n
    var_game = max(var_game, score * (1 - score) / 4)  # no match is measured better than that
    slope = 400.0 / (math.log(10) * score * (1 - score))
    return elo_of(score), slope * slope * var_game / n


def los(m):
    """Likelihood of superiority of the first engine (draws carry no information)."""
    decisive = m["w"] + m["l"]
    if decisive == 0:
        return 0.5
    return 0.5 * (1 + math.erf((m["w"] - m["l"]) / math.sqrt(2.0 * decisive)))


def solve(matrix, vector):
    """Gaussian elimination with partial pivoting (the systems here are tiny)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        if abs(a[p][c]) < 1e-12:
            raise ValueError("the matches do not connect every player to the anchor")
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                for k in range(c, n + 1):
                    a[r][k] -= f * a[c][k]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(matches, anchor, anchor_rating):
    players = sorted({m["first"] for m in matches} | {m["second"] for m in matches})
    if anchor not in players:
        raise ValueError("the anchor %s played no match" % anchor)
    free = [p for p in players if p != anchor]
    index = {p: i for i, p in enumerate(free)}
    n = len(free)
    normal = [[0.0] * n for _ in range(n)]
    rhs = [0.0] * n
    for m in matches:
        diff, var = difference(m)
        w = 1.0 / var
        # first - second = diff: a row with +1 for first and -1 for second (the anchor is fixed).
        terms = [(m["first"], 1.0), (m["second"], -1.0)]
        const = sum(sign * anchor_rating for p, sign in terms if p == anchor)
        for p, sp in terms:
            if p == anchor:
                continue
            rhs[index[p]] += w * sp * (diff - const)
            for q, sq in terms:
                if q != anchor:
                    normal[index[p]][index[q]] += w * sp * sq
    ratings = solve(normal, rhs)
    # The covariance is the normal matrix's inverse: its diagonal, one column at a time.
    errors = []
    for i in range(n):
        unit = [1.0 if k == i else 0.0 for k in range(n)]
        errors.append(1.96 * math.sqrt(max(solve(normal, unit)[i], 0.0)))
    result = {anchor: (anchor_rating, 0.0)}
    for p in free:
        result[p] = (ratings[index[p]], errors[index[p]])
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--anchor", required=True, help="NAME=RATING of the fixed player")
    parser.add_argument("results", nargs="+", help="xqmatch -resultsout files")
    args = parser.parse_args()
    name, _, rating = args.anchor.partition("=")
    try:
        matches = [read_match(p) for p in args.results]
        ratings = fit(matches, name, float(rating))
    except (OSError, KeyError, ValueError, json.JSONDecodeError) as e:
        print("ladder_fit: %s" % e, file=sys.stderr)
        return 1
    print("| player | rating | 95 % |")
    print("|---|---|---|")
    for p, (r, e) in sorted(ratings.items(), key=lambda kv: kv[1][0]):
        print("| %s | %.0f | %s |" % (p, r, "anchor" if p == name else "± %.0f" % e))
    print()
    print("| match | W-L-D | Elo | LOS |")
    print("|---|---|---|---|")
    for m in matches:
        diff, var = difference(m)
        print("| %s vs %s | %d-%d-%d | %+.0f ± %.0f | %.1f %% |" % (
            m["first"], m["second"], m["w"], m["l"], m["d"], diff, 1.96 * math.sqrt(var), 100 * los(m)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
