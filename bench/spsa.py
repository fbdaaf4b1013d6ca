#!/usr/bin/env python3
"""SPSA tuning of the search parameters (search/params.h) through xqmatch self-play.

Needs a tuning build, where every parameter is a UCI option:

    cmake -S . -B build-tune -DCMAKE_BUILD_TYPE=Release -DXQ_TUNE=ON
    cmake --build build-tune -j2 --target xqengine xqmatch
    build-tune/bin/xqengine tune-params        # name,default,min,max,c_end,r_end,scale,group

Each iteration k perturbs every parameter at once by +-c_k (a random sign per parameter),
plays a small batch of paired games between the "+" and the "-" engine, and moves every
parameter by r_k * c_k * (wins - losses of "+") * sign. The schedules are the usual ones
(Spall; as fishtest runs them), fixed by each parameter's final values c_end and r_end and the
number of iterations N:

    c_k = c_end * (N / k) ** 0.101
    a_k = r_end * c_end**2 * ((A + N) / (A + k)) ** 0.602,  A = N / 10,  r_k = a_k / c_k**2

so c_k falls to c_end and r_k to r_end at the last iteration. Values live in the option's
units (a fractional parameter such as LMR_DIVISOR in hundredths, `scale` 100); the engines get
them rounded and clamped to [min, max].

params.h has two lists: XQ_SEARCH_PARAMS (group "search") and XQ_TIME_PARAMS (group "time",
the time manager, names TM_*). A --nodes run never reads the clock, so it leaves the time
group out unless --params names them; tune those with --tc.

Every iteration appends one row to the log (CSV: iteration, c_k / c_end, the batch's
wins/losses/draws for "+", then theta of every parameter after the update), so a long
run can be followed, plotted, or resumed with --resume. At the end the script prints theta as
the lines of params.h's lists, ready to paste (only DEFAULT changes).

Examples (always niced; the games use --concurrency cores):

    nice -n 19 python3 bench/spsa.py --iterations 2000 --games 8 --tc 10+0.1 --concurrency 2
    nice -n 19 python3 bench/spsa.py --iterations 1 --games 2 --nodes 2000 --log /tmp/spsa.csv  # smoke
    nice -n 19 python3 bench/spsa.py --params RFP_MARGIN,FUTILITY_BASE ...   # a subset
    nice -n 19 python3 bench/spsa.py --resume --log bench/results/spsa.csv ...  # same arguments
    nice -n 19 python3 bench/spsa.py ... -- -maxmoves 300   # more xqmatch arguments after --
    nice -n 19 python3 bench/spsa.py --r-scale 4 ...   # a short run: every r_end times 4

r_end as params.h sets it suits runs of tens of thousands of games (fishtest's scale): over a
few thousand the parameters barely move. --r-scale multiplies every r_end for such a run; the
steps and their noise grow alike, so its result needs a match more than ever. A resumed run
must be given the same --r-scale (and every other argument) as the run it continues.

Standard library only. Runs from any directory: the default paths are in the repository.
"""

import argparse
import csv
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
GAMMA = 0.101  # c_k's decay
ALPHA = 0.602  # a_k's decay


class Param:
    def __init__(self, row):
        self.name = row["name"]
        self.default = int(row["default"])
        self.min = int(row["min"])
        self.max = int(row["max"])
        self.c_end = float(row["c_end"])
        self.r_end = float(row["r_end"])
        self.scale = int(row["scale"])
        self.group = row.get("group") or "search"  # an engine from before the time list
        self.theta = float(self.default)

    def clamp(self, x):
        return min(max(x, self.min), self.max)

    def engine_value(self, x):
        return int(round(self.clamp(x)))

    def source_value(self, x):
        """theta as params.h writes it: an integer, or the fractional value for scale != 1."""
        v = self.engine_value(x)
        if self.scale == 1:
            return str(v)
        text = ("%.4f" % (v / self.scale)).rstrip("0")
        return text + "0" if text.endswith(".") else text



def read_params(engine):
    """The engine's parameter list (xqengine tune-params)."""
    out = subprocess.run([engine, "tune-params"], capture_output=True, text=True, check=True).stdout
    lines = [l for l in out.splitlines() if l and not l.startswith("info ")]
    if not lines or not lines[0].startswith("name,"):
        sys.exit("%s tune-params printed no parameter list (a tuning build: -DXQ_TUNE=ON?):\n%s" % (engine, out))
    return [Param(row) for row in csv.DictReader(lines)]


def check_options(engine, params):
    """Every parameter is a UCI option that takes its bounds: xqmatch sends options blindly,
    so a name the engine does not know would tune nothing without a word."""
    lines = ["uci"] + ["setoption name %s value %d" % (p.name, v) for p in params for v in (p.min, p.max, p.default)]
    out = subprocess.run([engine], input="\n".join(lines + ["quit"]) + "\n", capture_output=True, text=True).stdout
    missing = [p.name for p in params if "option name %s type spin" % p.name not in out]
    errors = [l for l in out.splitlines() if l.startswith("info string error")]
    if missing or errors:
        sys.exit("%s does not take the parameters as options: missing %s; %s" % (engine, missing, errors[:5]))


def schedule(p, k, n, r_scale=1.0):
    """c_k and r_k of parameter p at iteration k (1-based) of n, with p's r_end times r_scale."""
    big_a = n / 10.0
    c_k = p.c_end * (n / k) ** GAMMA
    a_k = r_scale * p.r_end * p.c_end ** 2 * ((big_a + n) / (big_a + k)) ** ALPHA
    return c_k, a_k / c_k ** 2


def play(args, plus, minus, seed, workdir):
    """Plays the batch; returns (wins, losses, draws) of the "+" engine."""
    results = os.path.join(workdir, "batch.json")
    if os.path.exists(results):
        os.remove(results)
    cmd = [args.xqmatch]
    for name, values in (("plus", plus), ("minus", minus)):
        cmd += ["-engine", "cmd=" + args.engine, "name=" + name]
        cmd += ["option.%s=%d" % (p, v) for p, v in values]
    cmd += ["-each", "proto=uci"]
    cmd += ["nodes=%d" % args.nodes] if args.nodes else ["tc=" + args.tc]
    cmd += ["-games", str(args.games), "-concurrency", str(args.concurrency),
            "-openings", "file=" + args.openings, "order=random", "-seed", str(seed),
            "-ratinginterval", "0", "-resultsout", results]
    cmd += args.xqmatch_args
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0 or not os.path.exists(results):
        sys.exit("xqmatch failed (%d):\n%s\n%s\ncommand: %s" % (run.returncode, run.stdout[-3000:],
                                                                 run.stderr[-3000:], " ".join(cmd)))
    with open(results) as f:
        counts = json.load(f)["counts"]
    return counts["wins"], counts["losses"], counts["draws"]


def resume(log, params):
    """The iteration and theta of the log's last row."""
    with open(log, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        return 0
    last = rows[-1]
    for p in params:
        if p.name not in last:
            sys.exit("--resume: %s has no column %s (another parameter set?)" % (log, p.name))
        p.theta = float(last[p.name])
    return int(last["iteration"])


def paste_lines(params, last_names):
    """theta as params.h's list lines, under the name of their list; each list's last line has
    no backslash."""
    group = None
    for p in params:
        if p.group != group:
            group = p.group
            print("# XQ_%s_PARAMS" % group.upper())
        kind = "int" if p.scale == 1 else "double"
        line = "  X(%-7s %-24s %-6s %-6s %-6s %-5s %g)" % (
            kind + ",", p.name + ",", p.source_value(p.theta) + ",", p.source_value(p.min) + ",",
            p.source_value(p.max) + ",", ("%g" % (p.c_end / p.scale)) + ",", p.r_end)
        print(line if p.name in last_names else line.ljust(95) + "\\")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default=os.path.join(ROOT, "build-tune/bin/xqengine"),
                    help="the tuning build's engine (default: build-tune/bin/xqengine)")
    ap.add_argument("--xqmatch", default=None, help="default: xqmatch next to the engine, else build/bin/xqmatch")
    ap.add_argument("--iterations", type=int, default=1000, help="N, the schedules' length")
    ap.add_argument("--games", type=int, default=2, help="games per iteration (even: colours swap per opening)")
    ap.add_argument("--tc", default="10+0.1", help="xqmatch time control (ignored with --nodes)")
    ap.add_argument("--nodes", type=int, default=0, help="fixed nodes per move instead of a clock")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--openings", default=os.path.join(ROOT, "data/openings/balanced.txt"))
    ap.add_argument("--params", default="", help="comma-separated names to tune (default: all)")
    ap.add_argument("--log", default=os.path.join(ROOT, "bench/results/spsa.csv"))
    ap.add_argument("--resume", action="store_true", help="start from the last row of --log")
    ap.add_argument("--seed", type=int, default=1, help="signs and openings follow from it")
    ap.add_argument("--r-scale", type=float, default=1.0, help="multiplies every parameter's r_end (short runs)")
    ap.add_argument("xqmatch_args", nargs="*", help="more xqmatch arguments, after --")
    args = ap.parse_args()
    if args.games < 2 or args.games % 2:
        sys.exit("--games must be even and at least 2 (paired openings)")
    if args.xqmatch is None:
        beside = os.path.join(os.path.dirname(args.engine), "xqmatch")
        args.xqmatch = beside if os.path.exists(beside) else os.path.join(ROOT, "build/bin/xqmatch")
    args.engine = os.path.abspath(args.engine)

    params = read_params(args.engine)
    last_names = set({p.group: p.name for p in params}.values())  # each list's last parameter
    if args.params:
        wanted = {n.strip().upper() for n in args.params.split(",") if n.strip()}
        unknown = wanted - {p.name.upper() for p in params}
        if unknown:
            sys.exit("unknown parameters: " + ", ".join(sorted(unknown)))
        params = [p for p in params if p.name.upper() in wanted]
    elif args.nodes:
        skipped = [p.name for p in params if p.group == "time"]
        params = [p for p in params if p.group != "time"]
        if skipped:
            print("--nodes: the time manager's %d parameters (%s ... %s) are left out: no clock, nothing to "
                  "learn; tune them with --tc" % (len(skipped), skipped[0], skipped[-1]), flush=True)
    if not params:
        sys.exit("no parameters to tune")
    if not args.r_scale > 0:
        sys.exit("--r-scale must be a positive number")

    check_options(args.engine, params)
    if os.path.exists(args.log) and not args.resume:
        sys.exit("%s exists: --resume to go on from its last row, or another --log" % args.log)
    first = resume(args.log, params) + 1 if args.resume and os.path.exists(args.log) else 1
    header = ["iteration", "c_scale", "wins", "losses", "draws"] + [p.name for p in params]
    if not os.path.exists(args.log):
        os.makedirs(os.path.dirname(os.path.abspath(args.log)), exist_ok=True)
        with open(args.log, "w", newline="") as f:
            csv.writer(f).writerow(header)

    rng = random.Random(args.seed)
    for _ in range(first - 1):  # the same signs as an unbroken run
        [rng.choice((-1, 1)) for _ in params]
    with tempfile.TemporaryDirectory(prefix="spsa-") as workdir:
        for k in range(first, args.iterations + 1):
            signs = [rng.choice((-1, 1)) for _ in params]
            steps = [schedule(p, k, args.iterations, args.r_scale) for p in params]
            plus = [(p.name, p.engine_value(p.theta + s * c)) for p, s, (c, _) in zip(params, signs, steps)]
            minus = [(p.name, p.engine_value(p.theta - s * c)) for p, s, (c, _) in zip(params, signs, steps)]
            wins, losses, draws = play(args, plus, minus, args.seed * 1000003 + k, workdir)
            result = wins - losses
            for p, s, (c, r) in zip(params, signs, steps):
                p.theta = p.clamp(p.theta + r * c * result * s)
            with open(args.log, "a", newline="") as f:
                csv.writer(f).writerow([k, "%.4f" % (args.iterations / k) ** GAMMA, wins, losses, draws] +
                                       ["%.4f" % p.theta for p in params])
            print("iteration %d/%d: +%d -%d =%d  %s" % (
                k, args.iterations, wins, losses, draws,
                " ".join("%s=%s" % (p.name, p.engine_value(p.theta)) for p in params)), flush=True)

    print("\n# The tuned values as lines of params.h's lists (DEFAULT changed; paste over the old ones):")
    paste_lines(params, last_names)


if __name__ == "__main__":
    main()
