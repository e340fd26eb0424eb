"""How well glare could tell the light (issue 19): the best a glare cue can do, read with the scenes' true glare masks.

Glare is light mirrored by the print's gloss, added to what the print reflects: where it is not
clipped, a pixel under it is the print's own colour plus some amount of the light's colour
(dichromatic reflection). So the light's chromaticity is the colour of what glare adds. This
reads it on every single-print scene with glare, as well as any detector could: with the
scene's true glare mask (`-glare.npy`, grown a little to take in the blob's rim), the photo's card
(true corners) inpainted over the mask as the print's own colour, and the excess of the unclipped
pixels under the mask over it (the upper half by excess luminance) summed in linear light. It
prints, as log R/G and log B/G:

  glare   the excess's colour, with how many pixels under the mask were unclipped
  cast    the scene's light as its ground truth states it
  scan    the light the scan corrected by (from `--json` gains), when --cmd is given

and how far glare and scan are from the cast. The photo is read in its own encoding (sRGB or
Display P3: the same transfer curve), as the colour stage reads it; the ground truth's cast is in
the generator's terms, so on Display P3 scenes the distances are only indicative.

    PY=/root/.cache/instantscan-eval/bin/python
    $PY Benchmarks/glare_light.py --scenes ../shared/eval/scenes-hard \\
        --cmd '.build/release/instantscan scan {image} -o {out} --corners "{corners}" --json'
"""
import argparse
import glob
import json
import math
import os
import subprocess
import tempfile

import cv2
import numpy as np


def linear(u8):
    c = np.asarray(u8, np.float64) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def chroma(rgb):
    return np.array([math.log(rgb[0] / rgb[1]), math.log(rgb[2] / rgb[1])])


def glare_light(photo, scene, grow=9, clip=245):
    """The excess's chroma under the scene's true glare mask, unclipped pixels, mask pixels."""
    g = scene["prints"][0]
    base = os.path.join(os.path.dirname(photo), os.path.splitext(g["neutral"])[0])
    neutral = cv2.imread(os.path.join(os.path.dirname(photo), g["neutral"]))
    h, w = neutral.shape[:2]
    warp = cv2.getPerspectiveTransform(np.float32(g["corners"]), np.float32([[0, 0], [w, 0], [w, h], [0, h]]))
    card = cv2.warpPerspective(cv2.imread(photo)[..., ::-1].copy(), warp, (w, h), flags=cv2.INTER_AREA)
    mask = cv2.resize(np.load(base + "-glare.npy").astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST)
    grown = cv2.dilate(mask, np.ones((grow, grow), np.uint8))
    diffuse = cv2.inpaint(card, grown, 15, cv2.INPAINT_TELEA)
    under = (grown > 0) & (card.max(axis=2) < clip)
    excess = linear(card)[under] - linear(diffuse)[under]
    if len(excess) < 20:
        return None, int(under.sum()), int(mask.sum())
    strong = excess.sum(axis=1) > np.quantile(excess.sum(axis=1), 0.5)
    total = excess[strong].sum(axis=0)
    return (chroma(total) if (total > 0).all() else None), int(under.sum()), int(mask.sum())


def scan_light(cmd, photo, scene):
    corners = " ".join(f"{x:.2f},{y:.2f}" for x, y in scene["prints"][0]["corners"])
    out = os.path.join(tempfile.mkdtemp(), "scan.png")
    run = subprocess.run(cmd.format(image=photo, out=out, corners=corners), shell=True, capture_output=True, text=True)
    gains = json.loads(run.stdout.splitlines()[0])["outputs"][0]["light"]["gains"]
    return np.array([math.log(gains[1] / gains[0]), math.log(gains[1] / gains[2])])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenes", required=True)
    ap.add_argument("--cmd", help="scan command with --json ({image}, {out}, {corners})")
    args = ap.parse_args()
    fmt = lambda c: "   none        " if c is None else f"{c[0]:+.3f} {c[1]:+.3f}"  # noqa: E731
    for path in sorted(glob.glob(os.path.join(args.scenes, "scene-*.json"))):
        scene = json.load(open(path))
        if len(scene["prints"]) != 1 or not scene["prints"][0].get("glare") or not scene["prints"][0].get("neutral"):
            continue
        photo = os.path.join(args.scenes, scene["image"])
        cast = np.array(scene["light"]["cast"], np.float64)
        truth = chroma(cast)
        glare, unclipped, masked = glare_light(photo, scene)
        line = (f"{scene['image'][:10]} {scene['prints'][0].get('frame', 'white'):7} {'P3' if scene['display_p3'] else '  '} "
                f"unclipped {unclipped:6d} of {masked:6d}  cast {fmt(truth)}  glare {fmt(glare)}")
        if glare is not None:
            line += f" (off {np.linalg.norm(glare - truth):.3f})"
        if args.cmd:
            scan = scan_light(args.cmd, photo, scene)
            line += f"  scan {fmt(scan)} (off {np.linalg.norm(scan - truth):.3f})"
        print(line, flush=True)


if __name__ == "__main__":
    main()
