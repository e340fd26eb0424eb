#!/usr/bin/env python3
"""OpenCV's warpPerspective alone (bilinear, edge replicated) on the output InstantScan's warp
makes, to set beside `instantscan scan --json`'s "warp" stage.

    warp_opencv.py PHOTO.jpg 'x,y x,y x,y x,y' WxH [RUNS]

Prints the milliseconds of the first warp (its output in memory never touched before, as in a
one-shot process: what InstantScan's stage timing includes) and the median of RUNS more (default
9; the allocator then hands back the same, already mapped memory) from the upright photo (what
lean_opencv.py warps: cv2.imread has applied the EXIF orientation, so a sideways-stored photo is
already turned) and from the photo as stored (IMREAD_IGNORE_ORIENTATION, the corners mapped into
it: what InstantScan's warp reads), with OpenCV's default threads.
"""
import statistics
import sys
import time

import cv2
import numpy as np

photo, corners, size = sys.argv[1], sys.argv[2], sys.argv[3]
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 9
w, h = map(int, size.lower().split("x"))
quad = np.array([[float(v) for v in p.split(",")] for p in corners.split()], np.float32)
dst = np.array([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]], np.float32)


def timed(img, q):
    m = cv2.getPerspectiveTransform(q, dst)
    t = time.perf_counter()
    cv2.warpPerspective(img, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    first = (time.perf_counter() - t) * 1e3
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        cv2.warpPerspective(img, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        times.append((time.perf_counter() - t) * 1e3)
    return f"{first:.1f} ms first (new memory, as in a one-shot process), {statistics.median(times):.1f} ms warm"


upright = cv2.imread(photo, cv2.IMREAD_COLOR)
stored = cv2.imread(photo, cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
uh, uw = upright.shape[:2]
sh, sw = stored.shape[:2]
if (uw, uh) == (sw, sh):
    sq = quad
elif (uw, uh) == (sh, sw):
    # Orientation 6 (turned clockwise to show): upright (x, y) is stored (y, H_stored - 1 - x).
    sq = np.stack([quad[:, 1], sh - 1 - quad[:, 0]], axis=1).astype(np.float32)
else:
    sq = None
print(f"OpenCV {cv2.__version__}, {cv2.getNumThreads()} threads, {w}x{h}: "
      f"from upright {timed(upright, quad)}" + (f"; from stored {timed(stored, sq)}" if sq is not None else ""))
