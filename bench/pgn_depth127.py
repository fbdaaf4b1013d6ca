#!/usr/bin/env python3
"""Issue 25's check on a match PGN: list every move a named engine played with a depth-127
comment ("{score/127 time}"), i.e. a move answered without a real search. Also prints the
engine's score over the games. Usage: bench/pgn_depth127.py GAMES.pgn [ENGINE=xqengine]"""
import re
import sys


def main():
    path = sys.argv[1]
    engine = sys.argv[2] if len(sys.argv) > 2 else "xqengine"
    text = open(path, encoding="utf-8").read()
    games = text.split("[Event ")[1:]
    wins = losses = draws = moves = 0
    found = []
    for number, game in enumerate(games, 1):
        tag = lambda name: (re.search(r'\[%s "([^"]*)"\]' % name, game) or [None, ""])[1]
        white, black, result = tag("White"), tag("Black"), tag("Result")
        if engine not in (white, black):
            continue
        if result == "1/2-1/2":
            draws += 1
        elif (result == "1-0") == (white == engine):
            wins += 1
        else:
            losses += 1
        body = game.split("\n\n", 1)[1] if "\n\n" in game else ""
        # A FEN tag with Black to move shifts who makes the first move.
        fen = tag("FEN")
        black_first = bool(fen) and fen.split()[1:2] == ["b"]
        for ply, (move, comment) in enumerate(re.findall(r"([a-i]\d[a-i]\d)\s*\{([^}]*)\}", body)):
            mover = white if (ply % 2 == 0) != black_first else black
            if mover != engine:
                continue
            moves += 1
            if "/127 " in comment + " ":
                found.append(f"game {number}: {move} {{{comment}}}")
    games_played = wins + losses + draws
    print(f"{path}: {engine} {wins}-{losses}-{draws} in {games_played} games, {moves} moves with comments")
    print(f"moves at depth 127: {len(found)}")
    for line in found:
        print("  " + line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
