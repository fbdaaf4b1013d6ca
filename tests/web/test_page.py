#!/usr/bin/env python3
"""The page of issue 22 used as a person would, in headless Chromium (Debian's chromium, driven
through the DevTools protocol by cdp.py), against xqjudge on the same inputs:

 1. the page loads with no console error; the WebAssembly payload keeps its size budget;
 2. every WXF case picked from the page's list gives the same JSON as `xqjudge --record --json
    --ntimes 1` on the same case, and the same offender and explanation as xqjudge's JSON lines;
 3. a case pasted as FEN + moves, stepped through with the buttons and the arrow keys;
 4. real records opened from disk through the file picker (the encrypted XQF, a GB18030 PGN),
    one dropped on the page, a DhtmlXQ page, 15 games in Chinese notation and the
    perpetual-chase game pasted, each ruled as xqjudge rules it;
 5. bad input (not a record, an illegal move, a record that breaks off) shows the reader's
    error next to the input and keeps the game shown before;
 6. Chinese labels and notation; phone width without sideways scrolling; the page opened from
    its folder (file://) without a server.
Screenshots go to BUILD/web-test/. Any console error fails the test; a missing browser, page
or xqjudge fails it too (it never skips).
Usage: test_page.py BUILD_DIR SOURCE_DIR"""
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

# The WebAssembly payload (xqjudge.js, the module inside as base64) may not grow past this; the
# README states the same number.
SIZE_BUDGET = 1_000_000
CHROMIUM = os.environ.get("XQ_CHROMIUM", "/usr/bin/chromium")

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}", flush=True)
    return condition


def without(obj, *keys):
    return {k: v for k, v in obj.items() if k not in keys}


# What a record says about its own text (its file name, place in the file, tags, notation and
# recorded result): a WXF case reaches the page as a position and moves, xqjudge reads it from a
# PGN written for the test. Everything else, the ruling itself, must be the same.
RECORD_LABELS = ("file", "game", "tags", "notation", "recorded_result")


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    """python3 -m http.server's handler on loopback, on a free port."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/index.html"


def wxf_cases(source):
    cases = []
    folder = os.path.join(source, "data", "wxf_diagrams")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                doc = json.load(f)
            if doc["kind"] == "wxf-repetition-cases":
                cases += doc["cases"]
    return sorted(cases, key=lambda c: c["id"])


def xqjudge_record(xqjudge, path, ntimes):
    run = subprocess.run([xqjudge, "--record", path, "--json", "--ntimes", str(ntimes)], capture_output=True,
                         text=True)
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip()]


def reference_for_cases(xqjudge, cases, tmp):
    """xqjudge's two answers per case: the record JSON (the cases as one PGN) and the JSON line."""
    pgn = os.path.join(tmp, "wxf_cases.pgn")
    with open(pgn, "w", encoding="utf-8") as out:
        for c in cases:
            fen = c["fen"] if len(c["fen"].split()) > 2 else c["fen"] + " - - 0 1"
            out.write(f'[Event "WXF case {c["id"]}"]\n[FEN "{fen}"]\n\n{" ".join(c["moves"] + ["*"])}\n\n')
    records = xqjudge_record(xqjudge, pgn, 1)
    lines = subprocess.run([xqjudge], input="\n".join(json.dumps({"fen": c["fen"], "moves": c["moves"]})
                                                         for c in cases) + "\n",
                           capture_output=True, text=True).stdout.splitlines()
    return records, [json.loads(line) for line in lines]


# ---- page helpers ----------------------------------------------------------------------------

def text(page, selector):
    return page.evaluate(f"document.querySelector({json.dumps(selector)}).textContent")


def shown_json(page):
    return json.loads(text(page, "#json"))


def ply(page):
    return page.evaluate("state.ply")


def choose(page, selector, value):
    """A choice in a drop-down list, as picking it fires 'change'."""
    page.evaluate(f"""(() => {{ const s = document.querySelector({json.dumps(selector)});
        s.focus(); s.value = {json.dumps(value)}; s.dispatchEvent(new Event("change")); }})()""")


def paste(page, content):
    """Clears the record box and pastes `content` into it, then presses Judge."""
    page.evaluate("(() => { const t = document.getElementById('record'); t.focus(); t.select(); })()")
    page.key("Delete", "Delete", 46)
    page.type_text(content)
    page.click("#judgeButton")


def arrive(page):
    page.wait_for("!!document.body && document.body.dataset.ready === 'true'", timeout=60)


# ---- the parts of the test -------------------------------------------------------------------

def test_cases(page, cases, records, lines):
    listed = page.evaluate("Array.from(document.querySelectorAll('#caseSelect option')).map(o => o.value).filter(v => v)")
    check(len(cases) == 173, f"173 WXF cases in data/wxf_diagrams, found {len(cases)}")
    check(listed == [str(c["id"]) for c in cases], "the page lists every WXF case of data/wxf_diagrams, in id order")
    check(len(records) == len(cases) and len(lines) == len(cases), "xqjudge answered every case")
    agree = 0
    for case, record, line in zip(cases, records, lines):
        choose(page, "#caseSelect", str(case["id"]))
        got = shown_json(page)
        same = without(got, *RECORD_LABELS) == without(record, *RECORD_LABELS)
        offender = page.evaluate("document.getElementById('verdict').dataset.offender") or None
        explained = page.evaluate("state.view.ruling.end.explanation")
        expected_shown = page.evaluate("document.getElementById('expected').textContent")
        loser = {"red": "Red loses", "black": "Black loses", None: "no one loses"}[case["expected"]["offender"]]
        ok = same and offender == line["offender"] and (line["result"] == "undecided" or explained == line["explanation"])
        ok = ok and loser in expected_shown
        check(ok, f"WXF case {case['id']}: the page's ruling differs from xqjudge's")
        agree += ok
    print(f"WXF cases: {agree}/{len(cases)} agree with xqjudge in the browser", flush=True)


def test_paste_and_step(page, case, record, shots):
    choose(page, "#ntimes", "1")
    paste(page, case["fen"] + "\n" + " ".join(case["moves"]))
    got = shown_json(page)
    check(without(got, *RECORD_LABELS) == without(record, *RECORD_LABELS),
          f"pasted case {case['id']}: the page's JSON is xqjudge's")
    check(page.evaluate("document.getElementById('inputError').hidden"), "a good paste shows no error")
    n = len(case["moves"])
    check(ply(page) == n, "a judged game opens at its last move")
    page.click("#first")
    check(ply(page) == 0 and "Start position" in text(page, "#plyLabel"), "Start goes to the start position")
    for _ in range(3):
        page.key("ArrowRight", "ArrowRight", 39)
    check(ply(page) == 3, "three presses of → reach move 3")
    arrow = page.evaluate("(document.querySelector('#board [data-move]') || {}).getAttribute?.('data-move')")
    check(arrow == case["moves"][2], f"the board's arrow shows move 3 ({case['moves'][2]}), got {arrow}")
    check(page.evaluate("document.querySelector('#moves li.current').dataset.ply") == "3", "the move list marks move 3")
    page.click("#prev")
    check(ply(page) == 2, "Back goes to move 2")
    page.key("ArrowLeft", "ArrowLeft", 37)
    check(ply(page) == 1, "← goes to move 1")
    page.key("End", "End", 35)
    check(ply(page) == n, "End goes to the last move")
    page.screenshot(os.path.join(shots, "wxf_case_pasted.png"))


def open_file(page, path):
    before = page.evaluate("state.view ? state.view.json : ''")
    page.set_files("#fileInput", [path])
    page.wait_for(f"state.view && state.view.json !== {json.dumps(before)} || !document.getElementById('inputError').hidden",
                  timeout=30)


def test_records(page, xqjudge, source, shots):
    records = os.path.join(source, "tests", "data", "records")
    choose(page, "#ntimes", "2")
    # The encrypted XQF, opened from disk through the file picker.
    xqf = os.path.join(records, "SAMPLE.XQF")
    open_file(page, xqf)
    want = xqjudge_record(xqjudge, xqf, 2)
    check(len(want) == 1 and want[0]["error"] is None and len(want[0]["moves"]) > 10, "xqjudge reads SAMPLE.XQF whole")
    got = shown_json(page)
    check(without(got, "file") == without(want[0], "file"), "SAMPLE.XQF: the page's JSON is xqjudge's")
    page.click("#first")
    pieces = page.evaluate("document.querySelectorAll('#board .piece').length")
    check(pieces == sum(ch.isalpha() for ch in want[0]["fen"].split()[0]), "the XQF's handicap start position is drawn")
    page.key("ArrowRight", "ArrowRight", 39)
    check(page.evaluate("document.querySelector('#board [data-move]').getAttribute('data-move')") == want[0]["moves"][0],
          "→ shows the XQF's first move")
    page.screenshot(os.path.join(shots, "xqf_opened.png"))

    # A GB18030 PGN (Chinese notation, CRLF): its Chinese tags reach the page as text.
    gb = os.path.join(records, "ccgc_01.pgn")
    open_file(page, gb)
    want = xqjudge_record(xqjudge, gb, 2)
    got = shown_json(page)
    check(without(got, "file") == without(want[0], "file"), "ccgc_01.pgn (GB18030): the page's JSON is xqjudge's")
    red = want[0]["tags"].get("Red", "")
    check(re.search(r"[\u4e00-\u9fff]", red) is not None and red in text(page, "#gameInfo"),
          f"the GB18030 record's Red player ({red}) is shown in Chinese characters")
    page.screenshot(os.path.join(shots, "gb18030_opened.png"))

    # Dropped on the page: SAMPLE.PGN (GB18030, CRLF, FEN tag, comments).
    dropped = os.path.join(records, "SAMPLE.PGN")
    with open(dropped, "rb") as f:
        data = list(f.read())
    page.evaluate(f"""(() => {{ const t = new DataTransfer();
        t.items.add(new File([new Uint8Array({json.dumps(data)})], "SAMPLE.PGN"));
        const zone = document.getElementById('dropZone');
        zone.dispatchEvent(new DragEvent('dragover', {{dataTransfer: t, bubbles: true, cancelable: true}}));
        zone.dispatchEvent(new DragEvent('drop', {{dataTransfer: t, bubbles: true, cancelable: true}})); }})()""")
    page.wait_for("document.getElementById('status').textContent.includes('SAMPLE.PGN')")
    want = xqjudge_record(xqjudge, dropped, 2)
    check(without(shown_json(page), "file") == without(want[0], "file"), "SAMPLE.PGN dropped: the page's JSON is xqjudge's")


def test_pasted_formats(page, xqjudge, source):
    """A DhtmlXQ block (a web page's source) and a PGN of 15 games in Chinese notation, pasted."""
    records = os.path.join(source, "tests", "data", "records")
    choose(page, "#ntimes", "2")
    html = os.path.join(records, "dhtmlxq", "44.html")
    with open(html, encoding="utf-8", errors="replace") as f:
        paste(page, f.read())
    want = xqjudge_record(xqjudge, html, 2)
    check(len(want) == 1 and without(shown_json(page), "file") == without(want[0], "file"),
          "a DhtmlXQ page pasted: the page's JSON is xqjudge's")
    chinese = os.path.join(records, "traditional.pgn")
    with open(chinese, encoding="utf-8") as f:
        paste(page, f.read())
    want = xqjudge_record(xqjudge, chinese, 2)
    options = page.evaluate("document.querySelectorAll('#gameSelect option').length")
    check(options == len(want) == 15 and page.evaluate("!document.getElementById('gameRow').hidden"),
          f"15 games in Chinese notation: the page offers each ({options})")
    choose(page, "#gameSelect", "6")
    check(without(shown_json(page), "file") == without(want[6], "file"), "game 7 of traditional.pgn: the page's JSON is xqjudge's")


def test_perpetual_chase(page, xqjudge, source, shots):
    path = os.path.join(source, "tests", "data", "records", "perpetual_chase.pgn")
    with open(path, encoding="utf-8") as f:
        paste(page, f.read())
    want = xqjudge_record(xqjudge, path, 2)[0]
    check(without(shown_json(page), "file") == without(want, "file"), "perpetual_chase.pgn pasted: the page's JSON is xqjudge's")
    check(page.evaluate("document.getElementById('expected').hidden"), "a record is no WXF case: no case answer shown")
    heading = text(page, "#rulings h3")
    check("Red must vary (perpetual chase" in heading, f"the ruling says Red must vary for a perpetual chase: {heading!r}")
    check(want["rulings"][0]["explanation"] in text(page, "#rulings"), "the judge's explanation is shown in words")
    page.click("#rulings .to-cycle")
    start = want["rulings"][0]["cycle"]["from_ply"]
    check(ply(page) == start, f"'Show the cycle' goes to the cycle's first move ({start})")
    chased = want["rulings"][0]["moves"][0]["chased"]
    marked = page.evaluate("Array.from(document.querySelectorAll('#board .chased')).map(e => e.dataset.square)")
    check(chased and set(chased) <= set(marked), f"the chased piece is marked on the board: want {chased}, got {marked}")
    cycle = want["rulings"][0]["cycle"]
    frames = page.evaluate("Array.from(document.querySelectorAll('#rulings .strip .frame')).map(e => Number(e.dataset.ply))")
    check(frames == list(range(cycle["from_ply"], cycle["to_ply"] + 1)),
          f"the cycle is drawn, one board per move of plies {cycle['from_ply']}-{cycle['to_ply']}: {frames}")
    page.click(f"#rulings .strip .frame[data-ply='{start + 2}']")
    check(ply(page) == start + 2, "a board of the cycle clicked opens that move")
    page.click("#rulings .to-cycle")
    page.viewport(1280, 1000)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(os.path.join(shots, "perpetual_chase.png"), full_page=False)
    page.viewport(1280, 900)


def test_bad_input(page, xqjudge, shots, tmp):
    before = page.evaluate("state.view.json")
    bad = os.path.join(tmp, "not_a_record.txt")
    with open(bad, "w") as f:
        f.write("this is not a record\n")
    want = xqjudge_record(xqjudge, bad, 2)[0]["error"]
    paste(page, "this is not a record\n")
    shown = text(page, "#inputError")
    check(not page.evaluate("document.getElementById('inputError').hidden") and shown == want,
          f"not a record: the reader's error is shown ({want!r}), got {shown!r}")
    check(page.evaluate("state.view.json") == before, "not a record: the game shown before stays")
    check(page.evaluate("document.querySelectorAll('#board .piece').length") > 0, "not a record: the board is not blank")
    page.screenshot(os.path.join(shots, "bad_record.png"))

    paste(page, "3aka3/7R1/7c1/9/9/9/9/9/4A4/3AK1p2 b\nh7c7 h8c8 c7c9\n")
    shown = text(page, "#inputError")
    check("move 3 'c7c9'" in shown, f"an illegal move is named: {shown!r}")
    check(page.evaluate("state.view.json") == before, "an illegal move: the game shown before stays")

    paste(page, "1. h2e2 h9g7 2. h2h9\n")
    shown = text(page, "#inputError")
    check("illegal move 'h2h9'" in shown, f"a record that breaks off names the move: {shown!r}")
    check(shown_json(page)["moves"] == ["h2e2", "h9g7"], "a record that breaks off is shown up to its last good move")

    paste(page, "   \n")
    check(text(page, "#inputError") != "", "an empty paste is refused with a message")


def test_chinese_and_phone(page, shots):
    page.click("#lang")
    check(text(page, "h1") == "象棋重复局面裁判", "the language switch shows Chinese labels")
    first = page.evaluate("(document.querySelector('#moves li') || {}).textContent")
    check(first is not None and re.search(r"[\u4e00-\u9fff]", first) is not None, f"moves in Chinese notation: {first!r}")
    page.screenshot(os.path.join(shots, "chinese.png"))
    page.viewport(390, 844, mobile=True, scale=2)
    page.evaluate("window.scrollTo(0, 0)")
    width = page.evaluate("document.documentElement.scrollWidth")
    check(width <= 390, f"phone width: no sideways scrolling (page {width} px wide)")
    page.screenshot(os.path.join(shots, "phone.png"))
    page.click("#lang")
    check(text(page, "h1") == "Xiangqi repetition judge", "the switch goes back to English")


def test_from_folder(browser, web, cases, records):
    """The page opened from its folder (file://), as someone who downloaded it would."""
    page = browser.new_page()
    page.call("Page.navigate", url="file://" + os.path.join(web, "index.html"))
    arrive(page)
    choose(page, "#caseSelect", str(cases[49]["id"]))
    check(without(shown_json(page), *RECORD_LABELS) == without(records[49], *RECORD_LABELS),
          f"from file://: case {cases[49]['id']} is ruled as xqjudge rules it")
    page.call("Runtime.evaluate", expression="0")
    for error in page.console_errors:
        check(False, f"browser console (file://): {error}")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    web = os.path.join(build, "web")
    xqjudge = os.path.join(build, "bin", "xqjudge")
    for need, what in ((CHROMIUM, "chromium (apt-get install chromium; scripts/install-deps.sh does)"),
                       (os.path.join(web, "xqjudge.js"), "the page (bash scripts/build-web.sh)"),
                       (xqjudge, "xqjudge")):
        if not os.path.exists(need):
            sys.exit(f"FAIL: missing {what}: {need}")
    size = os.path.getsize(os.path.join(web, "xqjudge.js"))
    check(size <= SIZE_BUDGET, f"xqjudge.js is {size} bytes, over the budget of {SIZE_BUDGET}")
    with open(os.path.join(source, "README.md"), encoding="utf-8") as f:
        check(f"{SIZE_BUDGET:,} bytes" in f.read(), f"README states the size budget ({SIZE_BUDGET:,} bytes)")
    print(f"xqjudge.js: {size} bytes (budget {SIZE_BUDGET})", flush=True)

    shots = os.path.join(build, "web-test")
    shutil.rmtree(shots, ignore_errors=True)
    os.makedirs(shots)
    tmp = tempfile.mkdtemp(prefix="xq_web_test_")
    server, url = serve(web)
    cases = wxf_cases(source)
    records, lines = reference_for_cases(xqjudge, cases, tmp)
    try:
        with cdp.Browser(CHROMIUM) as browser:
            page = browser.new_page()
            page.viewport(1280, 900)
            page.call("Page.navigate", url=url)
            arrive(page)
            test_cases(page, cases, records, lines)
            chase = next(i for i, c in enumerate(cases) if c["id"] == 120)
            test_paste_and_step(page, cases[chase], records[chase], shots)
            test_records(page, xqjudge, source, shots)
            test_pasted_formats(page, xqjudge, source)
            test_bad_input(page, xqjudge, shots, tmp)
            test_perpetual_chase(page, xqjudge, source, shots)
            test_chinese_and_phone(page, shots)
            test_from_folder(browser, web, cases, records)
            page.call("Runtime.evaluate", expression="0")  # collects the last events
            for error in page.console_errors:
                check(False, f"browser console: {error}")
    except cdp.CdpError as e:
        check(False, f"browser: {e}")
    finally:
        server.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"screenshots: {shots}")
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("page test: all checks passed")


if __name__ == "__main__":
    main()
