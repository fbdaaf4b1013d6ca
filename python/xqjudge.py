"""xqjudge: the WXF repetition judge of Xiangqi from Python (ctypes over libxqjudge's C API).

    import xqjudge
    r = xqjudge.judge("startpos", ["h2e2", "h9g7"])      # the ruling of a game so far, a dict
    games = xqjudge.judge_record(open("game.pgn", "rb").read())  # every game of a record

    svg = xqjudge.position_svg("startpos", ["h2e2"], options="flip")  # a diagram, SVG text
    strip = xqjudge.cycle_svg(fen, moves)                 # a ruling's cycle, SVG text

`ntimes` is the earlier occurrences a repetition needs before it is ruled: 2 (the default) is
an arbiter's third occurrence, 1 the first repetition (the 173 WXF cases' convention). The
dicts are the JSON objects of `xqjudge --record --json` (README: "Judging game records").
Errors raise xqjudge.Error with the library's message; an argument of the wrong type (a str
of moves instead of a list, a FEN that is not a str) raises TypeError before the library is asked.

The library is found through XQJUDGE_LIBRARY (a path), else where `cmake --install` put it,
else by the system's library search.
"""

import ctypes
import ctypes.util
import json
import os

__all__ = ["Error", "cycle_svg", "judge", "judge_record", "position_svg", "version"]

# Set by `cmake --install` (capi/CMakeLists.txt); left as is in the source tree.
_INSTALLED_LIBRARY = "@XQJ_LIBRARY@"


class Error(Exception):
    """A FEN, move, record or argument the judge refused, with its message."""


def _load():
    candidates = [os.environ.get("XQJUDGE_LIBRARY")]
    if not _INSTALLED_LIBRARY.startswith("@"):
        candidates.append(_INSTALLED_LIBRARY)
    candidates.append(ctypes.util.find_library("xqjudge"))
    for path in candidates:
        if path:
            try:
                return ctypes.CDLL(path)
            except OSError:
                continue
    raise ImportError("libxqjudge not found: set XQJUDGE_LIBRARY to its path")


_lib = _load()
_c_char_pp = ctypes.POINTER(ctypes.c_void_p)
_lib.xqj_version.restype = ctypes.c_char_p
_lib.xqj_game_new.restype = ctypes.c_void_p
_lib.xqj_game_free.argtypes = [ctypes.c_void_p]
_lib.xqj_set_fen.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_lib.xqj_play.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_lib.xqj_last_error.argtypes = [ctypes.c_void_p]
_lib.xqj_last_error.restype = ctypes.c_char_p
_lib.xqj_ruling_json.argtypes = [ctypes.c_void_p, ctypes.c_int, _c_char_pp]
_lib.xqj_judge_record.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int, _c_char_pp, _c_char_pp]
_lib.xqj_position_svg.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, _c_char_pp]
_lib.xqj_cycle_svg.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_char_p, _c_char_pp]
_lib.xqj_free_string.argtypes = [ctypes.c_void_p]


def _take(pointer):
    """The library's string as Python text; the library's copy is freed."""
    if not pointer.value:
        return None
    try:
        return ctypes.string_at(pointer.value).decode("utf-8", "replace")
    finally:
        _lib.xqj_free_string(pointer.value)


def version():
    """The library's version string."""
    return _lib.xqj_version().decode()


def _checked_moves(fen, moves):
    """The moves as a list, or a TypeError naming the caller's mistake before the library is
    asked (a str of moves would otherwise be read one letter at a time)."""
    if not isinstance(fen, str):
        raise TypeError(f"fen must be a str (\"startpos\" or a FEN), not {type(fen).__name__}")
    wanted = "moves must be a list of ICCS strings such as [\"h2e2\", \"h9g7\"]"
    if isinstance(moves, (str, bytes)):
        raise TypeError(f"{wanted}, not a {type(moves).__name__}")
    try:
        moves = list(moves)
    except TypeError:
        raise TypeError(f"{wanted}, not {type(moves).__name__}") from None
    for m in moves:
        if not isinstance(m, str):
            raise TypeError(f"{wanted}, not a list holding {type(m).__name__}")
    return moves


def _with_game(fen, moves, ask):
    """Sets up a game from `fen` and `moves`, then returns ask(game, check)'s text; every
    refusal raises Error with the library's message."""
    moves = _checked_moves(fen, moves)
    game = _lib.xqj_game_new()
    if not game:
        raise MemoryError("xqj_game_new")
    try:
        def check(status, what):
            if status != 0:
                raise Error(f"{what}: {_lib.xqj_last_error(game).decode('utf-8', 'replace')}")

        check(_lib.xqj_set_fen(game, fen.encode()), "fen")
        for move in moves:
            check(_lib.xqj_play(game, move.encode()), "moves")
        out = ctypes.c_void_p()
        ask(game, check, out)
        return _take(out)
    finally:
        _lib.xqj_game_free(game)


def judge(fen, moves, ntimes=2):
    """The ruling of the game from `fen` ("startpos" or a FEN) after `moves` (ICCS), a dict."""
    return json.loads(_with_game(fen, moves, lambda game, check, out: check(
        _lib.xqj_ruling_json(game, int(ntimes), ctypes.byref(out)), "ruling")))


def position_svg(fen, moves, ply=-1, options=""):
    """The position after `ply` of `moves` (-1: all) as SVG text, with that move's arrow and
    the judge's marks. `options`: xqjudge.h's words, e.g. "flip,labels=iccs,size=30"."""
    return _with_game(fen, moves, lambda game, check, out: check(
        _lib.xqj_position_svg(game, int(ply), options.encode(), ctypes.byref(out)), "diagram"))


def cycle_svg(fen, moves, ruling=0, ntimes=2, options=""):
    """The repeating cycle of the game's ruling number `ruling` as a strip of diagrams, SVG text."""
    return _with_game(fen, moves, lambda game, check, out: check(
        _lib.xqj_cycle_svg(game, int(ntimes), int(ruling), options.encode(), ctypes.byref(out)), "diagram"))


def judge_record(data, ntimes=2):
    """Every game of a record file's bytes (PGN, XQF, DhtmlXQ; any common encoding), ruled:
    a list of dicts. A game that broke carries its "error"; a record that cannot be read at
    all raises Error."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"data must be the record's bytes (or str), not {type(data).__name__}")
    data = bytes(data)
    out, err = ctypes.c_void_p(), ctypes.c_void_p()
    status = _lib.xqj_judge_record(data, len(data), int(ntimes), ctypes.byref(out), ctypes.byref(err))
    text, message = _take(out), _take(err)
    games = [json.loads(line) for line in (text or "").splitlines() if line]
    if status != 0 and (not games or any("error" in g and "game" not in g for g in games)):
        raise Error(message or f"status {status}")
    return games
