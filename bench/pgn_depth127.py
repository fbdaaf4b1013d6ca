#!/usr/bin/env python3
"""Issue 25's check on a match PGN: list every move a named engine played with a depth-127
comment ("{score/127 time}"), i.e. a move answered without a real search. Also prints the
engine's score over the games. Usage: bench/pgn_depth127.py GAMES.pgn [ENGINE=xqengine]"""
import sys

from match_pgn import read_games


def main():
    path = sys.argv[1]
    engine = sys.argv[2] if len(sys.argv) > 2 else "xqengine"
    wins = losses = draws = moves = 0
    found = []
    for game in read_games(path):
        white, black, result = game.tag("White"), game.tag("Black"), game.tag("Result")
        if engine not in (white, black):
            continue
        if result == "1/2-1/2":
            draws += 1
        elif (result == "1-0") == (white == engine):
            wins += 1
        else:
            losses += 1
        for mover, move, comment in game.commented_moves():
            if mover != engine:
                continue
            moves += 1
            if "/127 " in comment + " ":
                found.append(f"game {game.number}: {move} {{{comment}}}")
    games_played = wins + losses + draws
    print(f"{path}: {engine} {wins}-{losses}-{draws} in {games_played} games, {moves} moves with comments")
    print(f"moves at depth 127: {len(found)}")
    for line in found:
        print("  " + line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
