#!/usr/bin/env python3
"""Does a long game slow the search? (issues 8 and 10: "a game of 100,000 reversible moves
slows the search 14x").

For each engine binary and each history (a seeded random walk of reversible moves from
`xqrandpos --walk`, and a 4-ply horse shuffle), the script times, over UCI:
  - `position startpos moves <the whole game>` until `readyok` (reading the game), and
  - `go depth D` from the final position, once with the game as history and once from the
    same position set by FEN alone (no history),
with the Sixty Move Rule off (with it on, the game would already be over). It prints the
ratio "with history / without", which should be near 1 for a search whose repetition
checks do not walk the game.

  bench/long_history.py --randpos build/bin/xqrandpos --depth 9 ENGINE [ENGINE ...]
"""
import argparse
import subprocess
import sys
import time


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Sixty Move Rule value false")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("engine exited")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def fen(self):
        self.send("d")
        self.send("isready")
        for line in self.wait_for("readyok"):
            if line.upper().startswith("FEN:"):
                return line.split(":", 1)[1].strip()
        sys.exit("no FEN: line from d")

    def go(self, position, depth):
        self.send("ucinewgame")  # a fresh table (and, in UCI, the start position: so set it again)
        self.send(position)
        self.ready()
        start = time.monotonic()
        self.send(f"go depth {depth}")
        lines = self.wait_for("bestmove")
        wall = time.monotonic() - start
        nodes = 0
        for line in lines:
            words = line.split()
            if "nodes" in words:
                nodes = int(words[words.index("nodes") + 1])
        return wall, nodes

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engines", nargs="+")
    ap.add_argument("--randpos", default="build/bin/xqrandpos")
    ap.add_argument("--plies", type=int, default=100000)
    ap.add_argument("--depth", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    walk = subprocess.run([args.randpos, "--walk", str(args.plies), "--seed", str(args.seed)],
                          check=True, capture_output=True, text=True).stdout.split()
    cycle = ["h0g2", "h9g7", "g2h0", "g7h9"]
    histories = {"random walk": walk, "horse shuffle": [cycle[i % 4] for i in range(args.plies)]}
    print(f"# depth {args.depth}, {args.plies} plies, seed {args.seed}")
    print("| engine | history | read game (s) | search with game (s) | nodes | search from FEN (s) | nodes | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for path in args.engines:
        for name, moves in histories.items():
            e = Engine(path)
            start = time.monotonic()
            e.send("position startpos moves " + " ".join(moves))
            e.ready()
            read = time.monotonic() - start
            fen = e.fen()
            with_game, n1 = e.go("position startpos moves " + " ".join(moves), args.depth)
            alone, n2 = e.go("position fen " + fen, args.depth)
            e.quit()
            print(f"| {path} | {name} ({len(moves)} plies) | {read:.2f} | {with_game:.2f} | {n1} | {alone:.2f} | {n2} "
                  f"| {with_game / max(alone, 1e-3):.1f}x |", flush=True)


if __name__ == "__main__":
    main()
