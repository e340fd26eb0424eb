#!/usr/bin/env python3
"""The OpenCV pipeline of ../shared/eval/peers.py in ONE process, as a user would run it: decode
once, the tutorial contour detector, warpPerspective, the ends-in LUT, imwrite.

    opencv_pipeline.py PEERS_DIR IMAGE OUT [--corners '...']

peers.py runs detection and the scan as two commands (two decodes, two interpreter start-ups);
this is the same work without that overhead, so the comparison is fair to OpenCV. When the
contour detector finds nothing, the given corners are used (the detection's cost still counted).
"""
import sys

sys.path.insert(0, sys.argv[1])
import cv2  # noqa: E402
import numpy as np  # noqa: E402
import peers  # noqa: E402

image, out = sys.argv[2], sys.argv[3]
fallback = sys.argv[5] if len(sys.argv) > 5 and sys.argv[4] == "--corners" else None

rgb = peers.upright(image)
h, w = rgb.shape[:2]
# peers.detect's steps, on the image already decoded.
scale = 500.0 / h
small = cv2.resize(rgb, (int(w * scale), 500), interpolation=cv2.INTER_AREA)
gray = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_RGB2GRAY), (5, 5), 0)
edges = cv2.Canny(gray, 75, 200)
contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
corners = None
for c in sorted(contours, key=cv2.contourArea, reverse=True)[:10]:
    approx = cv2.approxPolyDP(c, 0.02 * cv2.arcLength(c, True), True)
    if len(approx) == 4 and cv2.contourArea(approx) > 0.02 * small.shape[0] * small.shape[1]:
        corners = peers.order(approx.reshape(4, 2) / scale)
        break
if corners is None:
    if fallback is None:
        sys.exit("no print found")
    corners = [tuple(map(float, p.split(","))) for p in fallback.split()]
scan = peers.ends_in(peers.warp(rgb, corners))
cv2.imwrite(out, cv2.cvtColor(scan, cv2.COLOR_RGB2BGR))
