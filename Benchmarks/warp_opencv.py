#!/usr/bin/env python3
"""OpenCV's warpPerspective alone (bilinear, edge replicated) on the output InstantScan's warp
makes, to set beside `instantscan scan --json`'s "warp" stage.

    warp_opencv.py PHOTO.jpg 'x,y x,y x,y x,y' WxH [RUNS] [upright|stored] [THREADS]

Prints as JSON the milliseconds of the first warp (its output in memory never touched before, as in a
one-shot process: what InstantScan's stage timing includes) and the median of RUNS more (default
9; into one output array, its pages already touched) and the fastest of those from the upright photo (what
lean_opencv.py warps: cv2.imread has applied the EXIF orientation, so a sideways-stored photo is
already turned) and from the photo as stored (IMREAD_IGNORE_ORIENTATION, the corners mapped into
it: what InstantScan's warp reads), with OpenCV's default threads. "stored" assumes EXIF orientation 6 (the benchmark's first photo).
"""
import json
import statistics
import sys
import time

import cv2
import numpy as np

photo, corners, size = sys.argv[1], sys.argv[2], sys.argv[3]
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 9
source = sys.argv[5] if len(sys.argv) > 5 else "upright"
if len(sys.argv) > 6:
    cv2.setNumThreads(int(sys.argv[6]))
w, h = map(int, size.lower().split("x"))
quad = np.array([[float(v) for v in p.split(",")] for p in corners.split()], np.float32)
dst = np.array([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]], np.float32)


def timed(img, q):
    m = cv2.getPerspectiveTransform(q, dst)
    t = time.perf_counter()
    cv2.warpPerspective(img, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    first = (time.perf_counter() - t) * 1e3
    times = []
    out = np.empty((h, w, img.shape[2]), np.uint8)
    cv2.warpPerspective(img, m, (w, h), dst=out, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    for _ in range(runs):
        t = time.perf_counter()
        cv2.warpPerspective(img, m, (w, h), dst=out, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        times.append((time.perf_counter() - t) * 1e3)
    return round(first, 1), round(statistics.median(times), 1), round(min(times), 1)


# One source a process: only a process's first warp writes into memory it never touched.
result = {"opencv": cv2.__version__, "threads": cv2.getNumThreads(), "size": [w, h]}
if source == "upright":
    result["upright_first_ms"], result["upright_warm_ms"], result["upright_fastest_ms"] = timed(
        cv2.imread(photo, cv2.IMREAD_COLOR), quad)
else:
    stored = cv2.imread(photo, cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
    sh = stored.shape[0]
    # EXIF orientation 6 (turned clockwise to show): upright (x, y) is stored (y, H_stored - 1 - x).
    sq = np.stack([quad[:, 1], sh - 1 - quad[:, 0]], axis=1).astype(np.float32)
    result["stored_first_ms"], result["stored_warm_ms"], result["stored_fastest_ms"] = timed(stored, sq)
print(json.dumps(result))
