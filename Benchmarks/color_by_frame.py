"""White balance by frame kind: median and worst CIEDE2000 of the picture per kind of frame.

Runs the eval kit's colour scoring (true corners given) and groups its per-scene rows by the
scenes' `frame` (scenes without one are white-framed).

    PY=/root/.cache/instantscan-eval/bin/python
    $PY Benchmarks/color_by_frame.py --scenes ../shared/eval/scenes-hard
    $PY Benchmarks/color_by_frame.py --rows rows.jsonl        # regroup rows already written

Run from the package root after `swift build -c release --product instantscan`.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

COMMAND = '.build/release/instantscan scan {image} -o {out} --corners "{corners}"'


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenes", help="scene folder to evaluate")
    ap.add_argument("--rows", help="per-scene rows (JSON lines) to read instead of, or write while, evaluating")
    ap.add_argument("--evaluate", default=os.environ.get("INSTANTSCAN_EVALUATE", "/work/shared/eval/evaluate.py"))
    ap.add_argument("--cmd", default=COMMAND)
    ap.add_argument("--verbose", action="store_true", help="print each scene's figure")
    args = ap.parse_args()
    if not args.scenes and not args.rows:
        ap.error("give --scenes, --rows or both")
    rows_path = args.rows
    if args.scenes:
        rows_path = rows_path or os.path.join(tempfile.mkdtemp(), "rows.jsonl")
        subprocess.run([sys.executable, args.evaluate, "color", "--scenes", args.scenes, "--cmd", args.cmd,
                        "--rows", rows_path], check=True, stdout=subprocess.DEVNULL,
                       stderr=None if args.verbose else subprocess.DEVNULL)
    with open(rows_path) as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    failed = [r["scene"] for r in rows if not r["ok"]]
    ok = [r for r in rows if r["ok"]]
    print(f"{'frame':<8} {'scenes':>6} {'median':>7} {'worst':>6}  worst scene")
    for frame in sorted({r["frame"] for r in ok}) + ["all"]:
        group = [r for r in ok if frame in ("all", r["frame"])]
        worst = max(group, key=lambda r: r["de_median"])
        print(f"{frame:<8} {len(group):>6} {statistics.median(r['de_median'] for r in group):>7.2f} "
              f"{worst['de_median']:>6.2f}  {worst['scene']}")
    if args.verbose:
        for r in sorted(ok, key=lambda r: (r["frame"], r["scene"])):
            print(f"  {r['scene']} {r['frame']:<8} {r['light']:<12} dE00 {r['de_median']:5.2f} frame C* {r['frame_chroma']:5.1f}")
    if failed:
        print("failed: " + ", ".join(failed))


if __name__ == "__main__":
    main()
