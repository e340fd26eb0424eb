"""Splits each scene's colour error into its exposure part and its cast part.

For every single-print scene it scans the photo with the true corners (or reads scans already
written with --reuse), then scores the picture as the eval kit does (CIEDE2000 of 16x16 block
means, glare left out) three ways:

  raw       the scan as written
  cast-match the scan times the three gains below, scaled to keep its luminance: the cast
            alone right
  L-match   the scan times the one gain (linear light) that best matches the neutral print's
            luminance: what is left once the exposure is right
  gains     the scan times the three per-channel gains (linear light) that best match it: what
            no global white balance can fix (dyes, glare, JPEG, the rectifier)

so raw - L-match is the exposure's part, L-match - gains the cast's. The raw error is also split
in CIELAB: `dL` is CIEDE2000 with only the scan's lightness wrong (its a*, b* replaced by the
neutral print's), `dC` with only its chroma and hue wrong (its L* replaced); `L*` is the median
lightness error of the blocks (positive: the scan is too light). `expo` is the log gain the
exposure still needed (positive: the scan is too dark), `cast` the log R/G and B/G gains it still
needed after that.

    PY=/root/.cache/instantscan-eval/bin/python
    $PY Benchmarks/color_error_split.py --scenes ../shared/eval/scenes-hard --out /tmp/split

Run from the package root after `swift build -c release --product instantscan`.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys

import cv2
import numpy as np

sys.path.insert(0, os.environ.get("INSTANTSCAN_EVAL", "/work/shared/eval"))
import evaluate  # noqa: E402  (the eval kit: block means, Lab, format windows)

COMMAND = '.build/release/instantscan scan {image} -o {out} --corners "{corners}" --json'


def srgb_to_linear(u8):
    c = np.asarray(u8, np.float64) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(lin):
    lin = np.clip(lin, 0, 1)
    return 255.0 * np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)


def delta_e(a_lin, b_lin):
    import colour
    a = evaluate.srgb_to_lab(linear_to_srgb(a_lin)[None])
    b = evaluate.srgb_to_lab(linear_to_srgb(b_lin)[None])
    return float(np.median(colour.delta_E(a, b, method="CIE 2000")[0]))


def lab_split(a_lin, b_lin):
    """ΔE00 with only the lightness of `a` wrong, with only its chroma and hue wrong, and its
    median L* error."""
    import colour
    a = evaluate.srgb_to_lab(linear_to_srgb(a_lin)[None])
    b = evaluate.srgb_to_lab(linear_to_srgb(b_lin)[None])
    only_l, only_ab = b.copy(), a.copy()
    only_l[..., 0] = a[..., 0]
    only_ab[..., 0] = b[..., 0]
    de = lambda x: float(np.median(colour.delta_E(x, b, method="CIE 2000")[0]))  # noqa: E731
    return de(only_l), de(only_ab), float(np.median(a[..., 0] - b[..., 0]))


def luminance(lin):
    return lin @ np.array([0.2126, 0.7152, 0.0722])


def split(got, neutral, mask):
    """got, neutral: sRGB u8 pictures of one size; returns the three scores and the needed gains."""
    a, keep = evaluate.block_means(srgb_to_linear(got), mask, 16)
    b, _ = evaluate.block_means(srgb_to_linear(neutral), mask, 16)
    a, b = a[keep], b[keep]
    # Only blocks well inside the range say anything about a gain (clipped or black ones do not).
    usable = (a.max(axis=1) < 0.9) & (a.min(axis=1) > 0.005) & (b.max(axis=1) < 0.9)
    if usable.sum() < 8:
        usable = np.ones(len(a), bool)
    expo = float(np.median(np.log(luminance(b[usable]) / luminance(a[usable]))))
    gains = np.array([float(np.median(np.log(b[usable, c] / np.maximum(a[usable, c], 1e-6)))) for c in range(3)])
    # The cast alone: the three gains scaled to leave the picture's luminance as it is.
    cast_only = np.exp(gains) / (luminance(a[usable] * np.exp(gains)).sum() / luminance(a[usable]).sum())
    d_l, d_c, l_err = lab_split(a, b)
    return dict(dl=d_l, dc=d_c, lerr=l_err, raw=delta_e(a, b), lmatch=delta_e(a * np.exp(expo), b), gains=delta_e(a * np.exp(gains), b),
                cmatch=delta_e(a * cast_only, b),
                expo=expo, cast=[float(gains[0] - gains[1]), float(gains[2] - gains[1])])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenes", required=True)
    ap.add_argument("--out", required=True, help="folder for the scans and their JSON")
    ap.add_argument("--reuse", action="store_true", help="score the scans already in --out")
    ap.add_argument("--cmd", default=COMMAND)
    ap.add_argument("--only", help="comma-separated scene names (scene-0010,...)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    only = set(args.only.split(",")) if args.only else None
    rows = []
    for _, gt in evaluate.scenes(args.scenes):
        if len(gt["prints"]) != 1:
            continue
        name = os.path.splitext(gt["image"])[0]
        if only and name not in only:
            continue
        g = gt["prints"][0]
        out = os.path.join(args.out, name + ".png")
        info_path = os.path.join(args.out, name + ".json")
        if not args.reuse:
            corners = " ".join(f"{x:.2f},{y:.2f}" for x, y in g["corners"])
            p, _ = evaluate.run(args.cmd, image=os.path.join(args.scenes, gt["image"]), out=out, corners=corners)
            with open(info_path, "w") as fh:
                fh.write(p.stdout)
        light = {}
        try:
            with open(info_path) as fh:
                doc = json.load(fh)
            light = doc["outputs"][0]["light"]
        except (OSError, ValueError, KeyError, IndexError):
            pass
        neutral = cv2.cvtColor(cv2.imread(os.path.join(args.scenes, g["neutral"])), cv2.COLOR_BGR2RGB)
        got = cv2.imread(out, cv2.IMREAD_COLOR)
        if got is None:
            print(f"{name}: no scan")
            continue
        got = cv2.cvtColor(got, cv2.COLOR_BGR2RGB)
        H, W = neutral.shape[:2]
        got = cv2.resize(got, (W, H), interpolation=cv2.INTER_AREA)
        card, win = evaluate.FORMAT_WINDOW[g["format"]]
        ppm = W / card[0]
        x0, y0 = int(win[0] * ppm), int(win[1] * ppm)
        x1, y1 = int((win[0] + win[2]) * ppm), int((win[1] + win[3]) * ppm)
        if g.get("window_px"):
            x0, y0, x1, y1 = g["window_px"]
        glare = np.load(os.path.join(args.scenes, os.path.splitext(g["neutral"])[0] + "-glare.npy"))
        glare = cv2.resize(glare.astype(np.uint8), (W, H), interpolation=cv2.INTER_NEAREST)
        mask = (1 - glare[y0:y1, x0:x1]).astype(np.float32)
        s = split(got[y0:y1, x0:x1], neutral[y0:y1, x0:x1], mask)
        s.update(scene=name, frame=g.get("frame", "white"), kind=gt["light"]["kind"],
                 source=light.get("source", "?"))
        rows.append(s)
        print(f"{name} {s['frame']:<7} {s['kind']:<11} {s['source']:<12} raw {s['raw']:5.2f}  L-match {s['lmatch']:5.2f}  cast-match {s['cmatch']:5.2f}"
              f"  gains {s['gains']:5.2f}  dL {s['dl']:5.2f} dC {s['dc']:5.2f} L* {s['lerr']:+5.1f}  expo {s['expo']:+.3f}  cast R/G {s['cast'][0]:+.3f} B/G {s['cast'][1]:+.3f}",
              flush=True)
    print()
    print(f"{'frame':<8} {'n':>3} {'raw':>6} {'L-match':>8} {'cast-match':>10} {'gains':>6} {'dL':>6} {'dC':>6} {'L*':>6}")
    for frame in sorted({r["frame"] for r in rows}) + ["all"]:
        group = [r for r in rows if frame in ("all", r["frame"])]
        med = lambda k: statistics.median(r[k] for r in group)  # noqa: E731
        print(f"{frame:<8} {len(group):>3} {med('raw'):6.2f} {med('lmatch'):8.2f} {med('cmatch'):10.2f} {med('gains'):6.2f} {med('dl'):6.2f} {med('dc'):6.2f} {med('lerr'):+6.1f}")


if __name__ == "__main__":
    main()
