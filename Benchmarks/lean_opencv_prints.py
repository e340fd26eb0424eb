#!/usr/bin/env python3
"""lean_opencv.py's pipeline for a photo of several prints, in one process: one cv2.imread, then
for each given print warpPerspective to its size, the 1 % ends-in LUT and cv2.imwrite. Its
detector finds at most one print, so the prints' corners and sizes are given (Benchmarks/run.sh
passes InstantScan's, so both write the same prints at the same sizes).

    lean_opencv_prints.py EVAL_DIR IMAGE OUT_PREFIX PRINTS_JSON   # writes OUT_PREFIX-N.png
"""
import json
import sys

sys.path.insert(0, sys.argv[1])
import cv2  # noqa: E402
import numpy as np  # noqa: E402
import lean_opencv  # noqa: E402

img = cv2.imread(sys.argv[2], cv2.IMREAD_COLOR)
if img is None:
    sys.exit("cannot read " + sys.argv[2])
for n, p in enumerate(json.loads(sys.argv[4]), 1):
    w, h = p["width"], p["height"]
    quad = np.array(p["corners"], np.float32)
    dst = np.array([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]], np.float32)
    warped = cv2.warpPerspective(img, cv2.getPerspectiveTransform(quad, dst), (w, h), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_REPLICATE)
    cv2.imwrite(f"{sys.argv[3]}-{n}.png", lean_opencv.stretch(warped))
