#!/usr/bin/env python3
"""Runs every command example of README.md and compares its output with the README's.

An example is an indented block (4 spaces) whose lines start with "$ ": each such line is a
command, run with bash from the source folder (with build/bin/ pointing at the build under
test), and the lines under it up to the next "$ " line or the end of the block are its expected
standard output, line for line. Two markers say what may vary:
  <...>   (any words inside the brackets) a part of an output line that varies: a time, a
          speed, a game's result; it matches any non-empty text within the line;
  ...     a line of its own: any number of output lines, none included.
Everything else must match exactly, so an example whose output changes fails until README.md
is updated. Usage: readme_examples.py <build/bin dir> <source dir> [README path]
"""
import os
import re
import subprocess
import sys


def examples(readme_text):
    """(line number, command, expected lines) for every "$ " line of every indented block."""
    out = []
    current = None
    for number, raw in enumerate(readme_text.splitlines(), 1):
        indented = raw.startswith("    ")
        line = raw[4:] if indented else None
        if indented and line.startswith("$ "):
            current = (number, line[2:], [])
            out.append(current)
        elif indented and current is not None:
            current[2].append(line)
        else:
            current = None  # the block ended (a blank or unindented line)
    return out


def line_regex(expected):
    """An output line with its <...> markers as a regex."""
    parts = re.split(r"<[^<>\s][^<>]*?>", expected)
    return re.compile(r".+?".join(re.escape(p) for p in parts) + r"\Z")


def matches(expected, got):
    """Does the list of output lines `got` match the expected lines (with ... lines)?"""
    if not expected:
        return not got
    if expected[0] == "...":
        return any(matches(expected[1:], got[i:]) for i in range(len(got) + 1))
    return bool(got) and line_regex(expected[0]).match(got[0]) is not None and matches(expected[1:], got[1:])


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: readme_examples.py <build/bin dir> <source dir> [README]")
    bin_dir = os.path.abspath(sys.argv[1])
    src = os.path.abspath(sys.argv[2])
    readme = sys.argv[3] if len(sys.argv) > 3 else os.path.join(src, "README.md")
    with open(readme, encoding="utf-8") as f:
        found = examples(f.read())
    failures = 0
    for number, command, expected in found:
        # README commands name build/bin/; the build under test may live elsewhere.
        run = re.sub(r"(?<![\w/])build/bin/", bin_dir + "/", command)
        result = subprocess.run(["bash", "-o", "pipefail", "-c", run], cwd=src, capture_output=True, text=True, timeout=600)
        got = result.stdout.splitlines()
        if result.returncode != 0 or not matches(expected, got):
            failures += 1
            print(f"FAIL: README.md line {number}: $ {command}")
            print(f"  exit status {result.returncode}; stderr: {result.stderr.strip()[:300]}")
            print("  expected:\n" + "\n".join("    " + e for e in expected))
            print("  got:\n" + "\n".join("    " + g for g in got[:40]))
    print(f"{len(found)} README examples run, {failures} failed")
    if not found:
        print("FAIL: no examples found: the test would pass on nothing")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
