"""The diagrams as a person sees them (issue 22): xqdiagram's SVG rendered to pixels with
rsvg-convert (Debian's librsvg2-bin), then checked: red pieces are red and black ones black,
the river lies between ranks 4 and 5 with its words and no inner file crosses it, and the
Chinese characters come out as glyphs, not as the boxes a renderer draws for a character no
font has. Missing rsvg-convert or CJK fonts make it FAIL, never skip: scripts/install-deps.sh
installs librsvg2-bin and fonts-wqy-microhei.

Usage: python3 svg_pixels.py <build/bin dir> <folder for the PNGs (kept for a person to look at)>
Standard library only: the PNGs rsvg-convert writes (8-bit RGBA) are decoded here."""
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


# ---------------------------------------------------------------------------------------------
# Pixels.

def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGBA or RGB, non-interlaced PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, f"{path}: unexpected PNG format"
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def is_red(p):
    return p[0] > 150 and p[1] < 100 and p[2] < 100


def is_dark(p):
    return max(p) < 110


def render(svg_path, png_path):
    subprocess.run(["rsvg-convert", svg_path, "-o", png_path], check=True)
    return read_png(png_path)


def count(rows, x0, y0, x1, y1, test):
    return sum(1 for y in range(int(y0), int(y1)) for x in range(int(x0), int(x1)) if test(rows[y][x]))


def is_box(rows, test):
    """Does the ink look like a renderer's missing-glyph box: a frame around its whole extent?"""
    pts = [(x, y) for y, row in enumerate(rows) for x, p in enumerate(row) if test(p)]
    if not pts:
        return False
    x0, x1 = min(x for x, _ in pts), max(x for x, _ in pts)
    y0, y1 = min(y for _, y in pts), max(y for _, y in pts)

    def edge_cover(cells):  # the best of the three outermost lines on that side
        return max(sum(1 for x, y in line if test(rows[y][x])) / len(line) for line in cells)

    top = edge_cover([[(x, y0 + d) for x in range(x0, x1 + 1)] for d in range(3)])
    bottom = edge_cover([[(x, y1 - d) for x in range(x0, x1 + 1)] for d in range(3)])
    left = edge_cover([[(x0 + d, y) for y in range(y0, y1 + 1)] for d in range(3)])
    right = edge_cover([[(x1 - d, y) for y in range(y0, y1 + 1)] for d in range(3)])
    return min(top, bottom, left, right) > 0.85


# ---------------------------------------------------------------------------------------------
# The SVG's own account of where things are.

def pieces(svg_path):
    """{square: (color, x, y)} from the pieces' groups and their discs."""
    out = {}
    for g in ET.parse(svg_path).iter("{http://www.w3.org/2000/svg}g"):
        cls = g.get("class", "").split()
        if cls[:1] == ["piece"]:
            disc = g.find("{http://www.w3.org/2000/svg}circle")
            out[g.get("data-square")] = (cls[1], float(disc.get("cx")), float(disc.get("cy")))
    return out


def font_family(svg_path):
    return re.search(r'font-family="([^"]*)"', open(svg_path, encoding="utf-8").read()).group(1)


# ---------------------------------------------------------------------------------------------
# The checks.

def check_piece_colours(rows, where, s):
    r = s * 0.3  # inside the inner ring: the character's ink
    for sq, (color, x, y) in where.items():
        red = count(rows, x - r, y - r, x + r, y + r, is_red)
        dark = count(rows, x - r, y - r, x + r, y + r, is_dark)
        area = (2 * r) ** 2
        if color == "red":
            check(red > 0.05 * area and dark < 0.01 * area, f"the red piece on {sq} is not red: {red} red, {dark} dark pixels")
        else:
            check(dark > 0.05 * area and red == 0, f"the black piece on {sq} is not black: {dark} dark, {red} red pixels")


def is_inked(p):
    """Anything drawn on the wood (#f1d9a4), the thin lines' anti-aliased edges included."""
    return max(p) < 200


def check_river(rows, where, s):
    # Ranks' y from the pawns (ranks 3 and 6) and files' x from the rooks (files a and i), as drawn.
    y3, y6 = where["a3"][2], where["a6"][2]
    xa, xi = where["a0"][1], where["i0"][1]
    def ry(rank):
        return y3 + (y6 - y3) * (rank - 3) / 3
    def fx(file):
        return xa + (xi - xa) * file / 8
    top, bottom = sorted((ry(4), ry(5)))
    check(abs((bottom - top) - s) < 2, f"the river is not one square wide: {bottom - top}")
    inside = (top + 4, bottom - 4)  # clear of the banks' lines
    for f in range(9):
        x = fx(f)
        in_river = count(rows, x - 1, inside[0], x + 2, inside[1], is_inked)
        # Every file has its line on Black's bank: from rank 5 half way to rank 6, clear of pieces.
        y0, y1 = sorted((ry(5.08), ry(5.45)))
        on_bank = count(rows, x - 1, y0, x + 2, y1, is_inked)
        check(on_bank >= y1 - y0 - 1, f"file {f}: no line from rank 5 towards rank 6 ({on_bank} inked pixels)")
        if f in (0, 8):  # the edge files run through the river ...
            check(in_river >= inside[1] - inside[0] - 1, f"edge file {f} does not cross the river ({in_river} inked pixels)")
        else:  # ... the inner ones stop at its banks, and the words sit between them
            check(in_river == 0, f"file {f} crosses the river: {in_river} inked pixels between ranks 4 and 5")
    # The words: ink in the river on both halves of it.
    for lo, hi in ((1, 3), (5, 7)):
        x0, x1 = sorted((fx(lo), fx(hi)))
        ink = count(rows, x0 + 4, inside[0], x1 - 4, inside[1], is_inked)
        check(ink > 0.05 * (x1 - x0 - 8) * (inside[1] - inside[0]), f"no river words between files {lo} and {hi}: {ink} pixels")


def check_glyphs(workdir, fonts):
    """Each character of the diagrams, alone and large in the diagrams' fonts: a glyph, not a box.
    A character no font has (U+10FFFD) must come out as a box, or the test proves nothing."""
    def ink_of(char, name):
        svg = os.path.join(workdir, name + ".svg")
        with open(svg, "w", encoding="utf-8") as f:
            f.write('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#fff"/>'
                    f'<text x="120" y="190" font-size="200" text-anchor="middle" font-family="{fonts}" fill="#000">{char}</text></svg>')
        return render(svg, os.path.join(workdir, name + ".png"))[2]

    control = ink_of("&#x10FFFD;", "glyph_missing")
    check(is_box(control, is_dark), "the missing-glyph control is not drawn as a box: the box test proves nothing")
    seen = {}
    for char in "帥仕相傌俥炮兵將士象馬車砲卒楚河漢界九五":  # 一 has no inside to tell from a box
        rows = ink_of(char, "glyph_%04x" % ord(char))
        ink = count(rows, 0, 0, 240, 240, is_dark)
        check(not is_box(rows, is_dark), f"{char} is drawn as a box: no font has it (install fonts-wqy-microhei)")
        check(1000 < ink < 20000, f"{char}: {ink} inked pixels, not a glyph's")
        key = tuple(tuple(is_dark(p) for p in row[::8]) for row in rows[::8])
        check(key not in seen, f"{char} looks the same as {seen.get(key)}")
        seen[key] = char


def main():
    bindir, workdir = sys.argv[1], sys.argv[2]
    os.makedirs(workdir, exist_ok=True)
    if not shutil.which("rsvg-convert"):
        print("FAIL: rsvg-convert not found: install librsvg2-bin (scripts/install-deps.sh)")
        return 1
    s = 60
    for flipped in (False, True):
        name = "start_flipped" if flipped else "start"
        svg = os.path.join(workdir, name + ".svg")
        args = [os.path.join(bindir, "xqdiagram"), "--size", str(s), "-o", svg] + (["--flip"] if flipped else [])
        subprocess.run(args, check=True)
        _, _, rows = render(svg, os.path.join(workdir, name + ".png"))
        where = pieces(svg)
        check(len(where) == 32, f"{name}: {len(where)} pieces")
        check((where["a0"][2] > where["a9"][2]) != flipped, f"{name}: Red's back rank is on the wrong side")
        check_piece_colours(rows, where, s)
        check_river(rows, where, s)
    check_glyphs(workdir, font_family(os.path.join(workdir, "start.svg")))
    if failures:
        print("FAIL:\n  " + "\n  ".join(failures))
        return 1
    print(f"diagram pixels: all checks passed (PNGs in {workdir})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
