"""The Python module over libxqjudge (issue 21): run by ctest (capi_python) with the build's
library, and by tests/cli/capi_install.sh against the installed package. Exits non-zero with
the failed checks listed."""
import sys

import xqjudge

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


# Red's rook checks the bare king back and forth: when Red's check brings a position back for
# the third time (ntimes 2, the default: plies 3, 7, 11) Red's perpetual check is ruled and
# Red must vary; counting to five occurrences it is not yet.
cycle = ["a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8"]
fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
r = xqjudge.judge(fen, cycle)
check(len(r["rulings"]) == 1, f"one ruling expected: {r['rulings']}")
if r["rulings"]:
    check(r["rulings"][0]["must_vary"] == "red", f"Red must vary: {r['rulings'][0]}")
    check(r["rulings"][0]["ply"] == 11, f"ruled at ply 11: {r['rulings'][0]['ply']}")
check(r["moves"] == cycle, "the moves come back as played")
check(xqjudge.judge(fen, cycle, ntimes=4)["rulings"] == [], "no ruling before five occurrences")
check(xqjudge.judge("startpos", ["h2e2"])["fen"].startswith("rnbakabnr/"), "startpos")

for bad_fen, bad_moves, word in [("nonsense", [], "fen"), (fen, ["e9e8"], "e9e8"), (fen, ["a0a9", "zz"], "zz")]:
    try:
        xqjudge.judge(bad_fen, bad_moves)
        check(False, f"no error for {bad_fen} {bad_moves}")
    except xqjudge.Error as e:
        check(word in str(e), f"the error names {word!r}: {e}")

# Diagrams through the same library.
svg = xqjudge.position_svg(fen, cycle, ply=3, options="iccs")
check(svg.startswith("<svg ") and svg.rstrip().endswith("</svg>"), "a whole SVG document")
check('data-move="a9a8"' in svg, "the arrow of ply 3's move")
check(svg.count('class="piece ') == 3, "three pieces on the board: the rook and the kings")
check("\u5e25" in svg and "\u5c07" in svg, "the kings' characters 帥 and 將")
strip = xqjudge.cycle_svg(fen, cycle)
frames = strip.count('class="frame"')
check(frames == 10, f"the cycle's ten moves drawn: {frames}")
for bad, word in [(dict(ply=99), "ply 99"), (dict(options="sideways"), "sideways")]:
    try:
        xqjudge.position_svg(fen, cycle, **bad)
        check(False, f"no error for {bad}")
    except xqjudge.Error as e:
        check(word in str(e), f"the error names {word!r}: {e}")
try:
    xqjudge.cycle_svg(fen, cycle, ruling=1)
    check(False, "no error for a ruling the game does not have")
except xqjudge.Error as e:
    check("1 ruling" in str(e), f"the error says how many rulings: {e}")

games = xqjudge.judge_record(b'[Game "Chinese Chess"]\n\n1. h2e2 h9g7 2. h0g2 *\n\n'
                             b'[Game "Chinese Chess"]\n\n1. h2e2 h9g7 2. h2h9 *\n')
check(len(games) == 2, f"two games read: {len(games)}")
if len(games) == 2:
    check(games[0]["error"] is None and games[0]["moves"] == ["h2e2", "h9g7", "h0g2"], "game 1 whole")
    check("h2h9" in (games[1]["error"] or ""), f"game 2's error names its move: {games[1]['error']}")
try:
    xqjudge.judge_record(b"\x00\x01 not a record")
    check(False, "garbage raised no error")
except xqjudge.Error as e:
    # The file's own problem, not a pointer to per-game lines that do not exist.
    check("cannot be read" in str(e) and "no game found" in str(e), f"the record's error says why: {e}")
try:
    xqjudge.judge_record(b"")
    check(False, "an empty record raised no error")
except xqjudge.Error as e:
    check("empty" in str(e), f"the empty record's error says so: {e}")

# A wrong type is the caller's mistake: a TypeError that says what was wanted (a str of moves
# would otherwise be played one letter at a time: "move 1 'h'").
for args, word in [(("startpos", "h2e2"), "not a str"), ((None, []), "fen must be a str"),
                   (("startpos", ["h2e2", 7]), "holding int"), (("startpos", 5), "not int")]:
    try:
        xqjudge.judge(*args)
        check(False, f"no TypeError for {args}")
    except TypeError as e:
        check(word in str(e), f"the TypeError says {word!r}: {e}")
check(xqjudge.judge("startpos", ("h2e2", "h9g7"))["moves"] == ["h2e2", "h9g7"], "a tuple of moves is fine")
try:
    xqjudge.judge_record(5)
    check(False, "no TypeError for a record that is an int")
except TypeError as e:
    check("bytes" in str(e), f"the TypeError asks for bytes: {e}")

if failures:
    print("FAIL:\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"xqjudge {xqjudge.version()} from Python: all checks passed")
