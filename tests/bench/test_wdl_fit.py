#!/usr/bin/env python3
"""bench/wdl_fit.py: recovers a known win model from games drawn from it, reads only the
player asked for, and answers a mistake (a missing file, a bad --scale, too few moves) with one
clear line and a failing exit code. Usage: test_wdl_fit.py SOURCE_DIR"""
import math
import os
import random
import subprocess
import sys
import tempfile

FIT = os.path.join(sys.argv[1], "bench", "wdl_fit.py")
TRUE = (150, 0, 120, -40)  # a0, a1, b0, b1 in centipawns; x = move / 50
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED:", what)


def sample_outcome(rng, s, m):
    x = min(m, 100) / 50.0
    a, b = TRUE[0] + TRUE[1] * x, TRUE[2] + TRUE[3] * x
    w = 1 / (1 + math.exp(-(s - a) / b))
    l = 1 / (1 + math.exp(-(-s - a) / b))
    u = rng.random()
    return "1-0" if u < w else "0-1" if u < w + l else "1/2-1/2"


def write_games(path, n, seed=7):
    rng = random.Random(seed)
    with open(path, "w") as f:
        for _ in range(n):
            s, m = rng.randint(-400, 400), rng.randint(1, 120)
            # Red ("new") makes the scored move; Black ("old") shows a score that would spoil the
            # fit if --player did not leave it out.
            f.write(f'[Event "t"]\n[White "new"]\n[Black "old"]\n[Result "{sample_outcome(rng, s, m)}"]\n\n')
            f.write(f"{m}. h2e2 {{{s / 100:+.2f}/10 0.1s}} {m}... h9g7 {{+9.99/10 0.1s}}\n\n")


def run(*args):
    return subprocess.run([sys.executable, FIT, *args], capture_output=True, text=True, timeout=300)


with tempfile.TemporaryDirectory() as d:
    pgn = os.path.join(d, "games.pgn")
    write_games(pgn, 6000)
    r = run("--player", "new", pgn)
    check(r.returncode == 0, f"fit exits 0 (got {r.returncode}: {r.stderr.strip()})")
    line = next((l for l in r.stdout.splitlines() if l.startswith("a0 = ")), "")
    got = dict(p.split(" = ") for p in line.split(", ")) if line else {}
    print(line)
    check(got and abs(int(got["a0"]) - TRUE[0]) <= 20, f"a0 near {TRUE[0]}: {line}")
    check(got and abs(int(got["b0"]) - TRUE[2]) <= 25, f"b0 near {TRUE[2]}: {line}")
    check("6000 scored moves" in r.stdout, "only the new player's 6000 moves are read")
    # --scale multiplies every score: fitting scores x2 doubles the midpoint.
    r2 = run("--player", "new", "--scale", "2", pgn)
    line2 = next((l for l in r2.stdout.splitlines() if l.startswith("a0 = ")), "")
    got2 = dict(p.split(" = ") for p in line2.split(", ")) if line2 else {}
    check(got and got2 and abs(int(got2["a0"]) - 2 * int(got["a0"])) <= 10, f"--scale 2 doubles a0: {line} / {line2}")

    r = run(os.path.join(d, "missing.pgn"))
    check(r.returncode != 0 and "cannot read" in r.stderr and "missing.pgn" in r.stderr and "Traceback" not in r.stderr,
          f"a missing file is named: {r.stderr.strip()}")
    r = run("--scale", "-1", pgn)
    check(r.returncode != 0 and "--scale must be a positive number" in r.stderr, f"a bad --scale is refused: {r.stderr.strip()}")
    r = run("--scale", "abc", pgn)
    check(r.returncode != 0 and "Traceback" not in r.stderr and "--scale" in r.stderr, f"a non-number --scale is refused: {r.stderr.strip()}")
    small = os.path.join(d, "small.pgn")
    write_games(small, 50)
    r = run(small)
    check(r.returncode != 0 and "too few to fit" in r.stderr, f"too few moves: {r.stderr.strip()}")
    r = run("--help")
    check(r.returncode == 0 and "usage:" in r.stdout, "--help prints the usage")

print("FAILED" if failures else "all wdl_fit checks passed")
sys.exit(1 if failures else 0)
