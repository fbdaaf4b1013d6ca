#!/usr/bin/env python3
"""The mate suite of issue 26: forced mates from real games, confirmed by an independent engine.

  extract PGN... --out SUITE [--max-distance 6]
      For every game of xqmatch's PGN files that ended in a mate on the board (its closing comment
      says "mates" or "has no legal move": no ruling, no adjudication), takes the positions 1, 3, 5, ... plies before
      the end with the winner to move. Fairy-Stockfish (a full-width search of its own) must
      confirm each: 'score mate N' with 1 <= N <= max-distance, searching without repetition
      rulings (see NO_RULINGS below). Writes one line per position:
          FEN;mate N;source
  confirm SUITE --out NEW [--max-distance 6]
      Checks every line of an existing suite again as extract does now, and writes the lines
      that still hold (with the distance found) to NEW; prints the lines it drops.
  solve SUITE [--nodes 500000] [--engine build/bin/xqengine] [--go-mate] [--max-distance N]
        [--max-eval CP] [--option NAME=VALUE ...]
      Runs xqengine at fixed nodes on each position. Found: a mate score for the side to move,
      and a move after which Fairy-Stockfish, for the loser and without rulings, sees itself mated. Prints the count
      and the misses. --go-mate asks 'go mate N nodes X' (N the suite's distance) instead of
      'go nodes X'; --max-distance keeps the mates in N or fewer; --max-eval keeps the positions
      whose static eval (the one the search plays by, from xqengine's 'eval'; the search's units,
      not the shown ones) is below CP either way: mates a level-looking eval
      hides. --option sets a UCI option of ours before the searches (repeatable), e.g.
      a search parameter of a tuning build: --option DECIDED_EVAL=1000.

Engines are driven over UCI through pipes; Fairy-Stockfish speaks ranks 1-10, so moves are
converted. Everything here is a benchmark (minutes of CPU), never a test.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

from match_pgn import read_games

FSF = "/usr/games/fairy-stockfish"

# Fairy-Stockfish's xiangqi scores a forbidden perpetual check as a mate for the other side:
# its "mate 3" can be a perpetual the loser must not keep up, which is a win by ruling, not a
# mate on the board (data/mates/README.md). This variant is xiangqi with every repetition a
# draw, so a mate score it gives is a mate the loser cannot escape even by repeating.
NO_RULINGS = """[xiangqinorulings:xiangqi]
perpetualCheckIllegal = false
chasingRule = none
nFoldValue = draw
"""


class Engine:
    def __init__(self, cmd, fsf=False, rulings=True, options=()):
        self.fsf = fsf
        self.variant_file = None
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        if fsf and rulings:
            self.send("setoption name UCI_Variant value xiangqi")
        elif fsf:
            self.variant_file = tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)
            self.variant_file.write(NO_RULINGS)
            self.variant_file.close()
            self.send(f"setoption name VariantPath value {self.variant_file.name}")
            self.send("setoption name UCI_Variant value xiangqinorulings")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        ready = self.wait("readyok")
        # Fairy-Stockfish names the variant it switched to ("info string variant
        # xiangqinorulings ..."); an unknown name would leave it playing chess.
        if self.variant_file and not any("variant xiangqinorulings" in line for line in ready):
            raise RuntimeError("Fairy-Stockfish did not load the variant without rulings")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine ended")
            lines.append(line.rstrip("\n"))
            if line.startswith(token):
                return lines

    def fen_after(self, moves):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send("d")
        for line in self.wait("FEN:"):
            if line.startswith("FEN:"):
                return line[4:].strip()

    def search(self, fen, go, moves=()):
        conv = [to_fsf(m) for m in moves] if self.fsf else list(moves)
        self.send(f"position fen {fen}" + (" moves " + " ".join(conv) if conv else ""))
        self.send(go)
        lines = self.wait("bestmove")
        mate = None
        for line in lines:
            m = re.search(r" score mate (-?\d+)", line)
            if m:
                mate = int(m.group(1))
            elif " score cp " in line:
                mate = None
        best = lines[-1].split()[1]
        return mate, (from_fsf(best) if self.fsf else best)

    def static_eval(self, fen):  # the search's units, for the side to move
        """The evaluation the search plays by: 'eval' prints it as "search eval N cp for the side
        to move" when it differs from the classical line (the network plays, or the natural move
        limit damps), else the classical line's value is the one."""
        self.send(f"position fen {fen}")
        self.send("eval")
        self.send("isready")
        classical = None
        for line in self.wait("readyok"):
            m = re.match(r"search eval ([-+]?\d+) cp for the side to move", line)
            if m:
                return int(m.group(1))
            m = re.match(r"eval .* ([-+]?\d+) for the side to move", line)
            if m:
                classical = int(m.group(1))
        if classical is None:
            raise RuntimeError("no eval line")
        return classical

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)
        if self.variant_file:
            os.unlink(self.variant_file.name)


def to_fsf(move):  # ICCS h2e2 -> h3e3
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def from_fsf(move):
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}" if m else move


def games(paths):
    for path in paths:
        for game in read_games(path):
            if game.tag("FEN") or game.tag("Result") not in ("1-0", "0-1"):
                continue
            body = game.body
            # xqmatch's closing comment says how the game ended: "{Red mates}", "{Black mates}",
            # "{Red wins: Black has no legal move}"; rulings and adjudications say otherwise.
            comments = re.findall(r"\{([^}]*)\}", body)
            if not comments or not re.search(r"mates$|has no legal move$", comments[-1].strip()):
                continue
            moves = re.findall(r"\b([a-i]\d[a-i]\d)\b", re.sub(r"\{[^}]*\}", " ", body))
            yield f"{path}#{game.number}", game.tag("Result"), moves


def extract(args):
    ours = Engine(args.engine)
    fsf = Engine(FSF, fsf=True, rulings=False)
    kept = 0
    with open(args.out, "w") as out:
        for source, result, moves in games(args.pgn):
            # A mate on the board: the winner made the last move.
            if (len(moves) % 2 == 1) != (result == "1-0"):
                continue
            for back in range(1, 2 * args.max_distance, 2):
                if back > len(moves):
                    break
                fen = ours.fen_after(moves[: len(moves) - back])
                mate, _ = fsf.search(fen, f"go depth {args.depth}")
                if mate is not None and 1 <= mate <= args.max_distance:
                    out.write(f"{fen};mate {mate};{source} ply {len(moves) - back}\n")
                    kept += 1
    ours.close()
    fsf.close()
    print(f"{kept} positions confirmed by Fairy-Stockfish written to {args.out}")


def suite_lines(path):
    for line in open(path, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            fen, mate_field, source = line.rstrip("\n").split(";", 2)
            yield fen, int(mate_field.split()[1]), source


def confirm(args):
    fsf = Engine(FSF, fsf=True, rulings=False)
    kept = dropped = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for line in open(args.suite, encoding="utf-8"):
            if line.startswith("#"):
                out.write(line)
        for fen, distance, source in suite_lines(args.suite):
            mate, best = fsf.search(fen, f"go depth {args.depth}")
            if mate is not None and 1 <= mate <= args.max_distance:
                out.write(f"{fen};mate {mate};{source}\n")
                kept += 1
            else:
                dropped += 1
                said = f"mate {mate}" if mate is not None else "no mate"
                print(f"  dropped {source}: mate {distance} in the suite, {said} without rulings ({best})")
    fsf.close()
    print(f"{kept} positions kept, {dropped} dropped, written to {args.out}")


def engine_option(text):
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), value.strip()


def solve(args):
    ours = Engine(args.engine, options=args.option)
    fsf = Engine(FSF, fsf=True, rulings=False)
    found = total = 0
    misses = []
    for fen, distance, source in suite_lines(args.suite):
        if args.max_distance and distance > args.max_distance:
            continue
        if args.max_eval is not None and abs(ours.static_eval(fen)) >= args.max_eval:
            continue
        total += 1
        ours.send("ucinewgame")
        go = f"go mate {distance} nodes {args.nodes}" if args.go_mate else f"go nodes {args.nodes}"
        score, best = ours.search(fen, go)
        ok = score is not None and score > 0
        if ok:
            reply, _ = fsf.search(fen, f"go depth {args.depth}", moves=[best])
            ok = reply is not None and reply <= 0  # 0: mated already, no legal move
        found += ok
        if not ok:
            misses.append(f"  {source}: mate {distance}, played {best} (score mate {score})")
    ours.close()
    fsf.close()
    print(f"found {found} of {total} at {args.nodes} nodes" + (" (go mate)" if args.go_mate else ""))
    print("\n".join(misses))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("extract")
    e.add_argument("pgn", nargs="+")
    e.add_argument("--out", required=True)
    e.add_argument("--max-distance", type=int, default=6)
    e.add_argument("--depth", type=int, default=22)
    e.add_argument("--engine", default="build/bin/xqengine")
    c = sub.add_parser("confirm")
    c.add_argument("suite")
    c.add_argument("--out", required=True)
    c.add_argument("--max-distance", type=int, default=6)
    c.add_argument("--depth", type=int, default=22)
    s = sub.add_parser("solve")
    s.add_argument("suite")
    s.add_argument("--nodes", type=int, default=500000)
    s.add_argument("--depth", type=int, default=22)
    s.add_argument("--engine", default="build/bin/xqengine")
    s.add_argument("--go-mate", action="store_true")
    s.add_argument("--max-distance", type=int, default=0)
    s.add_argument("--max-eval", type=int)
    s.add_argument("--option", type=engine_option, action="append", default=[], metavar="NAME=VALUE",
                   help="a UCI option for our engine, e.g. a search parameter of a tuning build (repeatable)")
    args = ap.parse_args()
    return {"extract": extract, "confirm": confirm, "solve": solve}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
