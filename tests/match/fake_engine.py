#!/usr/bin/env python3
"""A scripted UCI engine that misbehaves on purpose, for xqmatch's black-box tests.

usage: fake_engine.py MODE [--after N] [--engine PATH] [--linger]

Until its failure the fake plays real moves: it forwards "position" and "go depth 1" to a
child xqengine (--engine, default: xqengine on PATH), so it needs no move generator of its own.
The failure comes on the fake's Nth "go" of a game (--after N, default 3; the count restarts at
each "ucinewgame"), so a game is under way when it happens. Modes:
  good         never fails
  illegal      answers "bestmove a0b9" (no Xiangqi piece moves one file and nine ranks)
  garbage      prints a line of binary junk, then "bestmove" without a move
  hang         never answers "go" nor "stop", and from then on ignores "quit" too (it still
               answers "isready")
  crash        exits without a word (status 3)
  slow         answers only after its whole clock (wtime/btime) and 0.3 s more have passed
  late         like slow, but 0.2 s over its clock and on the Nth move only: with a timemargin
               above 200 ms the move stands, and the fake's clock is left below zero
  nohandshake  answers "uci" with its name but never with "uciok"
With --linger the fake outlives its input: at end of file it waits until it is killed, and it
ignores SIGINT and SIGTERM, so a runner that leaves it behind leaves a process a test can find.
Python standard library only.
"""
import argparse
import os
import signal
import subprocess
import sys
import time

MODES = ("good", "illegal", "garbage", "hang", "crash", "slow", "late", "nohandshake")


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Child:
    """The xqengine that finds the fake's legal moves; started and made ready on the fake's
    first "isready", so that its start-up (table, network) is not on the fake's game clock:
    on a loaded machine that alone once took the 1 s the slow mode's matches give."""

    def __init__(self, path):
        self.path = path
        self.proc = None

    def ready(self):
        if self.proc is None:
            # stderr stays ours; stdin is a pipe, so the child also ends when the fake dies.
            self.proc = subprocess.Popen([self.path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         universal_newlines=True, bufsize=1)
        self.proc.stdin.write("isready\n")
        self.proc.stdin.flush()
        for line in self.proc.stdout:
            if line.strip() == "readyok":
                return
        raise SystemExit("fake_engine: the child engine " + self.path + " exited")

    def best_move(self, position):
        if self.proc is None:
            self.ready()
        self.proc.stdin.write(position + "\ngo depth 1\n")
        self.proc.stdin.flush()
        lines = []
        for line in self.proc.stdout:
            line = line.strip()
            if line.startswith("bestmove"):
                return lines, line
            if line.startswith("info"):
                lines.append(line)
        raise SystemExit("fake_engine: the child engine " + self.path + " exited")

    def close(self):
        if self.proc is not None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.close()
                self.proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()


def go_clock(words, red_to_move):
    """Our remaining time in seconds from "go wtime W btime B ...", or None without a clock."""
    key = "wtime" if red_to_move else "btime"
    if key in words:
        i = words.index(key)
        if i + 1 < len(words):
            return int(words[i + 1]) / 1000.0
    return None


def main():
    parser = argparse.ArgumentParser(description="a scripted, misbehaving UCI engine")
    parser.add_argument("mode", choices=MODES)
    parser.add_argument("--after", type=int, default=3, help="fail on the Nth go of each game")
    parser.add_argument("--engine", default="xqengine", help="the engine that finds legal moves")
    parser.add_argument("--linger", action="store_true", help="stay alive until killed")
    args = parser.parse_args()
    if args.linger:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)

    child = Child(args.engine)
    position = "position startpos"
    red_to_move = True
    goes = 0
    hung = False
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if hung and cmd != "isready":
            continue
        if cmd == "uci":
            say("id name fake-" + args.mode)
            say("id author xqmatch tests")
            if args.mode != "nohandshake":
                say("uciok")
        elif cmd == "isready":
            child.ready()
            say("readyok")
        elif cmd == "ucinewgame":
            goes = 0
        elif cmd == "position":
            position = raw.strip()
            # Who moves: the start position is Red's; a FEN says so in its second field.
            moves = words[words.index("moves") + 1:] if "moves" in words else []
            red_first = not (len(words) > 3 and words[1] == "fen" and words[3] == "b")
            red_to_move = red_first == (len(moves) % 2 == 0)
        elif cmd == "go":
            goes += 1
            failing = args.mode != "good" and (goes == args.after if args.mode == "late" else goes >= args.after)
            if failing and args.mode == "illegal":
                say("bestmove a0b9")
            elif failing and args.mode == "garbage":
                sys.stdout.buffer.write(b"\x00\x01\xff\xfe junk \x80\x81\n")
                say("bestmove")
            elif failing and args.mode == "hang":
                hung = True
            elif failing and args.mode == "crash":
                os._exit(3)
            else:
                if failing and args.mode in ("slow", "late"):
                    clock = go_clock(words, red_to_move)
                    time.sleep(max(0.0, clock if clock is not None else 1.0) + (0.3 if args.mode == "slow" else 0.2))
                infos, best = child.best_move(position)
                for line in infos:
                    say(line)
                say(best)
        elif cmd == "quit":
            break
        # "stop", "setoption" and the rest: nothing to do (the fake answers "go" in one piece).
    else:
        while args.linger or hung:  # end of input: a hung engine does not notice it either
            time.sleep(3600)
    child.close()


if __name__ == "__main__":
    main()
