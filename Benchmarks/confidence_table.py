#!/usr/bin/env python3
"""The README's confidence table (issue 13): how the confidence floor trades prints for false ones.

    python3 Benchmarks/confidence_table.py [BIN] [SCENES_DIR ...]

Runs `BIN detect --json` on every scene of the given sets (default: the evaluation's public and hard
scenes) at several `--minimum-confidence` floors and counts true prints found within 1 % of the
image diagonal (each true print once), false prints (centre inside no true card) and misplaced ones
(centre inside a true card, corners off by more than 1 %). From the run at floor 0.3 it also splits
the reported prints at the review threshold (0.8).
"""
import glob, json, math, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
binp = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", ".build", "release", "instantscan")
sets = sys.argv[2:] or [os.path.join(HERE, "..", "..", "shared", "eval", d) for d in ("scenes", "scenes-hard")]


def inside(p, quad):
    side = None
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        c = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        if c != 0:
            if side is None:
                side = c > 0
            elif side != (c > 0):
                return False
    return True


def run(floor):
    """(confidence, kind, key) per reported print; kind is 'true', 'off' or 'false'."""
    rows, truths_total = [], 0
    for d in sets:
        for js in sorted(glob.glob(os.path.join(d, "scene-*.json"))):
            t = json.load(open(js))
            cmd = [binp, "detect", os.path.join(d, t["image"]), "--json"]
            if floor is not None:
                cmd += ["--minimum-confidence", str(floor)]
            out = subprocess.run(cmd, capture_output=True, text=True).stdout
            detected = json.loads(out).get("prints", [])
            diag = math.hypot(*t["size"])
            truths = [[tuple(c) for c in p["corners"]] for p in t["prints"]]
            truths_total += len(truths)
            for p in detected:
                q = [tuple(c) for c in p["corners"]]
                best, index = None, None
                for i, tq in enumerate(truths):
                    e = min(max(math.dist(q[(k + r) % 4], tq[k]) for k in range(4)) for r in range(4))
                    if best is None or e < best:
                        best, index = e, i
                centre = (sum(x for x, _ in q) / 4, sum(y for _, y in q) / 4)
                if best is not None and best <= 0.01 * diag:
                    rows.append((p["confidence"], "true", (js, index)))
                elif any(inside(centre, tq) for tq in truths):
                    rows.append((p["confidence"], "off", None))
                else:
                    rows.append((p["confidence"], "false", None))
    return rows, truths_total


low, total = run(0.3)
print(f"true prints: {total}")
print("| floor | prints within 1% | false prints | misplaced |")
print("|---|---|---|---|")
for floor in (0.5, None, 0.6, 0.7, 0.8):
    rows, _ = run(floor)
    within = len({key for _, kind, key in rows if kind == "true"})
    false = sum(1 for _, kind, _ in rows if kind == "false")
    off = sum(1 for _, kind, _ in rows if kind == "off")
    print(f"| {'default' if floor is None else floor} | {within} | {false} | {off} |")
high = [kind for c, kind, _ in low if c >= 0.8]
below = [kind for c, kind, _ in low if c < 0.8]
print(f"at floor 0.3: {high.count('true')} of {len(high)} prints at 0.8 or more within 1% "
      f"({high.count('false')} false); {len(below) - below.count('true')} of {len(below)} below 0.8 misplaced or false")
