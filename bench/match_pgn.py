"""Reading xqmatch's PGN files for the bench scripts: the games, their tags, and each move
with its comment ("{+0.35/12 0.41s}", "{book}") and the engine that played it."""
import re

MOVE_WITH_COMMENT = re.compile(r"([a-i]\d[a-i]\d)\s*\{([^}]*)\}")


class Game:
    def __init__(self, number, text):
        self.number = number  # 1-based, in file order
        self.text = text
        self.body = text.split("\n\n", 1)[1] if "\n\n" in text else ""

    def tag(self, name):
        found = re.search(r'\[%s "([^"]*)"\]' % name, self.text)
        return found[1] if found else ""

    def commented_moves(self):
        """(engine, move, comment) for every move with a comment, in order. A FEN tag with
        Black to move shifts who makes the first move."""
        white, black = self.tag("White"), self.tag("Black")
        fen = self.tag("FEN")
        black_first = bool(fen) and fen.split()[1:2] == ["b"]
        for ply, (move, comment) in enumerate(MOVE_WITH_COMMENT.findall(self.body)):
            yield (white if (ply % 2 == 0) != black_first else black), move, comment


def read_games(path):
    """The games of one PGN file (UTF-8; .xz compressed too), in order."""
    if path.endswith(".xz"):
        import lzma
        text = lzma.open(path, "rt", encoding="utf-8").read()
    else:
        text = open(path, encoding="utf-8").read()
    return [Game(number, game) for number, game in enumerate(text.split("[Event ")[1:], 1)]
