#!/usr/bin/env python3
"""What each pipeline of Benchmarks/run.sh is given for one photo, so that all write the same
prints at the same sizes: InstantScan's own detection (its `scan --json` output) decides the
quads and sizes, and the others warp exactly those.

    bench_plan.py PHOTO.jpg SCAN.json ORIENTATION   # prints shell assignments

Prints SIZE_ARG (InstantScan's `--size WxH` for a single print, empty for several: each print at
its own resolution), CORNERS (the first print's corners, `x,y ...`), LEAN_ARGS (lean_opencv.py's
`--size WxH [--corners ...]` for one print) and VIPS_ARGS (vips_pipeline's `W H h0 … h8` per
print, h mapping an output pixel to the stored photo pixel: libvips does not apply the EXIF
orientation, so the map goes into the pixels as stored), and PRINTS_JSON for lean_opencv_prints.py.
"""
import json
import shlex
import sys

import cv2
import numpy as np


def upright_to_stored(orientation, stored_w, stored_h):
    """3×3 map from upright pixel centres to stored ones, for EXIF orientations 1, 3, 6 and 8."""
    m = {1: [[1, 0, 0], [0, 1, 0]],
         3: [[-1, 0, stored_w - 1], [0, -1, stored_h - 1]],
         6: [[0, 1, 0], [-1, 0, stored_h - 1]],
         8: [[0, -1, stored_w - 1], [1, 0, 0]]}[orientation]
    return np.array(m + [[0, 0, 1]], np.float64)


def main():
    photo, scan_json, orientation = sys.argv[1], sys.argv[2], int(sys.argv[3])
    scan = json.load(open(scan_json))
    prints = scan["outputs"]
    upright_w, upright_h = scan["width"], scan["height"]
    stored_w, stored_h = (upright_h, upright_w) if orientation in (5, 6, 7, 8) else (upright_w, upright_h)
    to_stored = upright_to_stored(orientation, stored_w, stored_h)
    vips, plan = [], []
    for p in prints:
        w, h = p["width"], p["height"]
        quad = np.array(p["corners"], np.float32)
        # lean_opencv.py's convention: the output rectangle's outer edges on the quad.
        dst = np.array([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]], np.float32)
        out_to_upright = np.linalg.inv(cv2.getPerspectiveTransform(quad, dst).astype(np.float64))
        m = to_stored @ out_to_upright
        vips += [str(w), str(h)] + [repr(float(v)) for v in (m / m[2, 2]).ravel()]
        plan.append({"width": w, "height": h, "corners": p["corners"]})
    first = prints[0]
    corners = " ".join(f"{x:.2f},{y:.2f}" for x, y in first["corners"])
    size = f"{first['width']}x{first['height']}"
    print(f"SIZE_ARG={shlex.quote('--size ' + size if len(prints) == 1 else '')}")
    print(f"CORNERS={shlex.quote(corners)}")
    print(f"LEAN_ARGS={shlex.quote('--size ' + size)}")
    print(f"LEAN_CORNERS_ARGS={shlex.quote('--size ' + size + ' --corners ' + shlex.quote(corners))}")
    print(f"VIPS_ARGS={shlex.quote(' '.join(vips))}")
    print(f"PRINTS_JSON={shlex.quote(json.dumps(plan))}")
    print(f"PRINT_COUNT={len(prints)}")
    print(f"OUTPUT_PIXELS={sum(p['width'] * p['height'] for p in prints)}")


if __name__ == "__main__":
    main()
