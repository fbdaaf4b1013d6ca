#!/usr/bin/env python3
"""A scripted CECP (xboard protocol v2) engine for xqmatch's black-box tests.

usage: fake_cecp.py MODE [--after N] [--engine PATH]

It keeps the game's moves as xqmatch sends them (force mode, "usermove"), and on "go" plays a
real move found by a child xqengine ("position startpos moves ...", "go depth 1"). Modes:
  good   never fails
  claim  on its Nth "go" of a game (--after N, default 3) claims "1/2-1/2 {Draw by repetition}"
         instead of moving, as MaxQi does when it sees a repetition the WXF rules do not end
Python standard library only.
"""
import argparse
import subprocess
import sys


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description="a scripted CECP engine")
    parser.add_argument("mode", choices=("good", "claim"))
    parser.add_argument("--after", type=int, default=3)
    parser.add_argument("--engine", default="xqengine")
    args = parser.parse_args()
    child = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             universal_newlines=True, bufsize=1)
    moves, goes = [], 0
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "protover":
            say('feature myname="fake-cecp" usermove=1 setboard=0 ping=1 variants="xiangqi" done=1')
        elif cmd == "ping":
            say("pong " + (words[1] if len(words) > 1 else ""))
        elif cmd == "new":
            moves, goes = [], 0
        elif cmd == "usermove" and len(words) > 1:
            moves.append(words[1])
        elif cmd == "go":
            goes += 1
            if args.mode == "claim" and goes >= args.after:
                say("1/2-1/2 {Draw by repetition}")
                continue
            child.stdin.write("position startpos" + (" moves " + " ".join(moves) if moves else "") + "\ngo depth 1\n")
            child.stdin.flush()
            for line in child.stdout:
                if line.startswith("bestmove"):
                    move = line.split()[1]
                    break
            moves.append(move)
            say("move " + move)
        elif cmd == "quit":
            break
    child.stdin.close()
    child.wait()


if __name__ == "__main__":
    main()
