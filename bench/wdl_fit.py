#!/usr/bin/env python3
"""Fits the win/draw/loss model behind UCI_ShowWDL to our own games.

Reads xqmatch PGNs (move comments "{+0.65/10 0.62s}": the mover's score in pawns) and, for
every scored move of a game with a result, pairs the mover's score s (centipawns; mate
scores and |s| > 2000 left out) and the move number m with the game's outcome for the mover.
The model (the shape Stockfish uses, our own fit):
    win  = 1 / (1 + exp(-(s - a) / b))
    loss = 1 / (1 + exp(-(-s - a) / b))
    draw = 1 - win - loss
    a = a0 + a1 * x,  b = b0 + b1 * x,  x = min(m, 100) / 50
fitted by maximum likelihood (coordinate search, standard library only). Prints the four
parameters, the log-loss of the fit against a score-blind model, and a calibration table.

  bench/wdl_fit.py [--player NAME] [--scale F] GAMES.pgn [MORE.pgn ...]
(--player: only that engine's moves, for games against another engine. --scale: every score
times F before the fit, e.g. SCORE_UNIT / 100 to fit shown scores in the search's units,
where the fit's integer steps are finer.)
"""
import argparse
import math
import re
import sys

COMMENT = re.compile(r"(\d+)\.(\.\.)?\s*\S+\s*\{([+-]\d+\.\d+)/\d+")


def read(paths, player=None, scale=1.0):
    rows = []
    for path in paths:
        text = open(path, encoding="utf-8", errors="replace").read()
        for game in text.split("[Event ")[1:]:
            res = re.search(r'\[Result "([^"]+)"\]', game)
            if not res or res.group(1) not in ("1-0", "0-1", "1/2-1/2"):
                continue
            red = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[res.group(1)]
            names = dict(re.findall(r'\[(White|Black) "([^"]*)"\]', game))
            body = game.split("\n\n", 1)[-1]
            for num, black, score in COMMENT.findall(body):
                if player and names.get("Black" if black else "White") != player:
                    continue
                s = round(float(score) * scale * 100)
                if abs(s) > 2000:
                    continue
                mover = red if not black else 1.0 - red
                rows.append((s, int(num), mover))
    return rows


def sig(x):
    if x < -60:
        return 0.0
    if x > 60:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def probs(p, s, m):
    x = min(m, 100) / 50.0
    a = p[0] + p[1] * x
    b = max(5.0, p[2] + p[3] * x)
    w = sig((s - a) / b)
    l = sig((-s - a) / b)
    return w, max(1e-6, 1.0 - w - l), l


def nll(p, rows):
    total = 0.0
    for s, m, r in rows:
        w, d, l = probs(p, s, m)
        q = w if r == 1.0 else l if r == 0.0 else d
        total -= math.log(max(q, 1e-9))
    return total / len(rows)


def fit(rows):
    p = [200.0, 0.0, 100.0, 0.0]
    best = nll(p, rows)
    for step in (64.0, 32.0, 16.0, 8.0, 4.0, 2.0, 1.0):
        improved = True
        while improved:
            improved = False
            for i in range(4):
                for sign in (1, -1):
                    q = list(p)
                    q[i] += sign * step
                    v = nll(q, rows)
                    if v < best - 1e-9:
                        p, best, improved = q, v, True
    return p, best


def main():
    ap = argparse.ArgumentParser(prog="wdl_fit.py", description=__doc__.split("\n")[0])
    ap.add_argument("--player", help="only this engine's moves (its PGN name)")
    ap.add_argument("--scale", type=float, default=1.0, help="every score times this before the fit")
    ap.add_argument("pgn", nargs="+", help="xqmatch PGN files")
    opts = ap.parse_args()
    args, player, scale = opts.pgn, opts.player, opts.scale
    if not (scale > 0 and math.isfinite(scale)):
        ap.error(f"--scale must be a positive number, not {scale:g}")
    try:
        rows = read(args, player, scale)
    except OSError as e:
        sys.exit(f"wdl_fit.py: cannot read {e.filename}: {e.strerror}")
    if len(rows) < 1000:
        sys.exit(f"wdl_fit.py: only {len(rows)} scored moves: too few to fit (at least 1,000)")
    p, loss = fit(rows)
    n = len(rows)
    wins = sum(r == 1.0 for _, _, r in rows) / n
    losses = sum(r == 0.0 for _, _, r in rows) / n
    blind = -(wins * math.log(wins) + losses * math.log(losses) + (1 - wins - losses) * math.log(1 - wins - losses))
    print(f"# {n} scored moves from {len(args)} file(s)" + (f", moves by {player}" if player else "")
          + (f", scores x {scale:g}" if scale != 1.0 else ""))
    print(f"a0 = {p[0]:.0f}, a1 = {p[1]:.0f}, b0 = {p[2]:.0f}, b1 = {p[3]:.0f}")
    print(f"log-loss {loss:.4f} per move (score-blind model: {blind:.4f})")
    print("| score | moves | win (model / games) | draw | loss |")
    print("|---|---|---|---|---|")
    for lo in range(-600, 601, 100):
        sel = [(s, m, r) for s, m, r in rows if lo - 50 <= s < lo + 50]
        if len(sel) < 20:
            continue
        mw = sum(probs(p, s, m)[0] for s, m, _ in sel) / len(sel)
        ml = sum(probs(p, s, m)[2] for s, m, _ in sel) / len(sel)
        gw = sum(r == 1.0 for *_, r in sel) / len(sel)
        gl = sum(r == 0.0 for *_, r in sel) / len(sel)
        print(f"| {lo:+d} | {len(sel)} | {mw:.2f} / {gw:.2f} | {1 - mw - ml:.2f} / {1 - gw - gl:.2f} | {ml:.2f} / {gl:.2f} |")


if __name__ == "__main__":
    main()
