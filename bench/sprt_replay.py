#!/usr/bin/env python3
"""The SPRT of a fixed-length match, replayed game pair by game pair in the order the pairs
finished, with xqmatch's own formula (tools/match/stats.cpp: pentanomial, normal approximation,
a prior of one pair spread over the five pair scores).

A fixed match of N games and an SPRT are two questions asked of the same games: the SPRT stops
at the first pair after which its log-likelihood ratio leaves its bounds. Replaying the finished
games in their order answers where that would have been, so one run of N games serves both.

  sprt_replay.py MATCH.pgn --engine new --elo0 0 --elo1 10 [--alpha 0.05 --beta 0.05]

Games 2k-1 and 2k (the Round tag) are one pair: the same opening, colours swapped, as xqmatch
plays them. A pair counts once both of its games are in the file; the file holds games in the
order they ended (concurrency 2 finishes them out of round order).
"""
import argparse
import math
import sys

from match_pgn import read_games

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
PRIOR_PAIRS = 1.0


def score_from_elo(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def llr(counts, elo0, elo1):
    pairs = sum(counts)
    if pairs == 0:
        return 0.0
    weight = [c + PRIOR_PAIRS / 5 for c in counts]
    total = sum(weight)
    mean = sum(w * x for w, x in zip(weight, PAIR_SCORES)) / total
    variance = sum(w * (x - mean) ** 2 for w, x in zip(weight, PAIR_SCORES)) / total
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return pairs * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def points(game, engine):
    """What `engine` scored in `game` (0, 0.5 or 1), or None if it did not play or no result."""
    result = game.tag("Result")
    white, black = game.tag("White"), game.tag("Black")
    if engine not in (white, black) or result not in ("1-0", "0-1", "1/2-1/2"):
        return None
    red = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
    return red if engine == white else 1.0 - red


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("--engine", default="new", help="the engine whose score is tested")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=10.0)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    args = ap.parse_args()
    lower = math.log(args.beta / (1 - args.alpha))
    upper = math.log((1 - args.beta) / args.alpha)

    waiting, counts = {}, [0] * 5
    games, decided_at = 0, None
    for game in read_games(args.pgn):
        score = points(game, args.engine)
        if score is None:
            sys.exit(f"{args.pgn}: game {game.number} has no result for '{args.engine}'")
        games += 1
        pair = (int(game.tag("Round")) + 1) // 2
        if pair not in waiting:
            waiting[pair] = score
            continue
        counts[round((waiting.pop(pair) + score) * 2)] += 1
        value = llr(counts, args.elo0, args.elo1)
        if decided_at is None and not lower < value < upper:
            decided_at = (games, sum(counts), value, "H1" if value >= upper else "H0")
    print(f"pairs {sum(counts)} (games {games}, {len(waiting)} unpaired), "
          f"pentanomial {'-'.join(map(str, counts))}, final llr {llr(counts, args.elo0, args.elo1):.2f} "
          f"(bounds {lower:.2f} {upper:.2f}; elo0={args.elo0:g} elo1={args.elo1:g})")
    if decided_at:
        print(f"the SPRT stops after game {decided_at[0]} (pair {decided_at[1]}): "
              f"llr {decided_at[2]:.2f}, {decided_at[3]} accepted")
    else:
        print("the SPRT is still undecided")


if __name__ == "__main__":
    main()
