#!/usr/bin/env python3
"""One-off converter: ../shared/wxf/{cases,protection}.json -> data/wxf_diagrams/ (project schema).

Kept for the record; the build and the tests read only data/wxf_diagrams/. The schema is
documented in data/wxf_diagrams/README.md. Usage:
    python3 scripts/convert_wxf_cases.py /work/shared/wxf data/wxf_diagrams
"""
import json
import re
import sys
from pathlib import Path


def slug(topic):
    return re.sub(r"[^a-z0-9]+", "-", topic.lower()).strip("-")


def side_after(fen, nmoves):
    side = fen.split()[1]
    red_first = side in ("w", "r")
    red_after = red_first if nmoves % 2 == 0 else not red_first
    return "red" if red_after else "black"


def offender(ruling, side):
    other = "black" if side == "red" else "red"
    return {"win": other, "loss": side}.get(ruling)


def case_text(c):
    side = side_after(c["fen"], len(c["moves"]))
    expected = {"ruling": c["expected"], "side_to_move": side, "offender": offender(c["expected"], side)}
    return ("    {\n"
            f'      "id": {c["id"]}, "diagrams": {json.dumps(c["diagrams"])},\n'
            f'      "fen": {json.dumps(c["fen"])},\n'
            f'      "moves": {json.dumps(c["moves"])},\n'
            f'      "expected": {json.dumps(expected)}\n'
            "    }")


def write_cases(cases, out):
    by_topic = {}
    for c in cases:
        by_topic.setdefault(c["topic"], []).append(c)
    for topic, group in by_topic.items():
        body = ",\n".join(case_text(c) for c in sorted(group, key=lambda c: c["id"]))
        text = ('{\n  "kind": "wxf-repetition-cases",\n'
                f'  "topic": {json.dumps(topic)},\n'
                f'  "cases": [\n{body}\n  ]\n}}\n')
        (out / f"{slug(topic)}.json").write_text(text)
    return len(by_topic)


def write_protection(facts, out):
    rows = ",\n".join(
        f'    {{"id": {f["id"]}, "fen": {json.dumps(f["fen"])}, "move": {json.dumps(f["move"])}, '
        f'"protected": {json.dumps(f["expected"])}}}' for f in facts)
    (out / "protection.json").write_text(
        '{\n  "kind": "wxf-protection-facts",\n' f'  "facts": [\n{rows}\n  ]\n}}\n')


def main():
    src, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    cases = json.loads((src / "cases.json").read_text())
    facts = json.loads((src / "protection.json").read_text())
    files = write_cases(cases, out)
    write_protection(facts, out)
    print(f"{len(cases)} cases in {files} topic files, {len(facts)} protection facts")


if __name__ == "__main__":
    main()
