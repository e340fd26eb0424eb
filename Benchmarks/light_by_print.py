"""How far each print's light is from the scene's light, by frame kind and by the light's source,
on the multi-print scenes (issue 19: can one print of a photo be the light reference for the others?).

A measurement aid, not part of the tool. It runs `BIN scan IMAGE --json` (prints detected, as a
user would), matches each scanned print to the scene's print with the nearest centre, and compares
the print's light (the inverse of its `light.gains`, as log R/G and log B/G) with the scene's
`light.cast`. It prints, per frame kind and `light.source`, the median and 75th percentile of that
distance; then, per photo with a white-framed print read as `frame` and another print corrected by
the picture and its surroundings, the white frames' median error beside each other print's.

    PY=/root/.cache/instantscan-eval/bin/python
    $PY Benchmarks/light_by_print.py .build/release/instantscan ../shared/eval/scenes-hard [--verbose] [--calibrate]

(--verbose lists every print; --calibrate is for a perturbed set whose scenes keep the original cast.)

Measured (session 28, main 050734c plus the photo edge's weight and the confirmed surroundings;
hard scenes with 2 or more prints): white frames read as `frame` 0.035 off the scene's light
(median of 41 prints, p75 0.066), black frames as `darkFrame` 0.015 (8), yellowed as `agedFrame`
0.130 (10); coloured frames from `surroundings` 0.133 (15, p75 0.32), patterned 0.108 (13, p75
0.28); 9 yellowed frames read as white `frame` 0.372 and 3 white frames as `agedFrame` 0.383
(matched to the scene's prints by nearest centre). In
scene-0001 the white frames are 0.07 off and the coloured and black prints 0.40-0.81; in
scene-0017 0.02 against 0.16-0.61 (in scene-0005 all are within 0.08). The light a photo's white frames read would be within the
0.04-0.05 that coloured frames need (a single-print photo's cues reach about 0.08). Caveat: the
scenes' light is one cast for the whole photo; a real lamp's colour is one too, but two prints
may lie in different light (a window and a lamp), which the tool would have to check (their
surroundings' cues agreeing with the white frame's light, say).
"""
import math
import statistics
import sys

from scene_prints import scanned_prints


def main():
    binary, scenes = sys.argv[1], sys.argv[2]
    verbose = "--verbose" in sys.argv[3:]
    rows = []
    for name, scene, frame, out in scanned_prints(binary, scenes, "/tmp/light_by_print.png"):
        cast = scene["light"]["cast"]
        truth = (math.log(cast[0] / cast[1]), math.log(cast[2] / cast[1]))
        gains = out["light"]["gains"]
        light = (math.log(gains[1] / gains[0]), math.log(gains[1] / gains[2]))
        rows.append((name, frame, out["light"]["source"],
                     (light[0] - truth[0], light[1] - truth[1]), bool(scene.get("display_p3"))))
    # A perturbed set (p-warm: a further cast over every photo) keeps its scenes' cast: with
    # --calibrate the further cast is taken as the median offset of the white frames read as
    # `frame` over the whole set (one constant for all photos), and errors are against cast + it.
    shift = (0.0, 0.0)
    if "--calibrate" in sys.argv[3:]:
        offsets = [o for _, f, s, o, _ in rows if f == "white" and s == "frame"]
        shift = tuple(statistics.median(o[i] for o in offsets) for i in (0, 1))
        print(f"calibrated further cast (log R/G, log B/G): {shift[0]:.3f} {shift[1]:.3f}")
    rows = [(n, f, s, math.hypot(o[0] - shift[0], o[1] - shift[1]), p3) for n, f, s, o, p3 in rows]
    if verbose:
        for name, frame, source, error, p3 in rows:
            print(f"{name} {'P3' if p3 else '  '} {frame:8} {source:13} {error:.3f}")
        print()
    groups = {}
    for _, frame, source, error, _ in rows:
        groups.setdefault((frame, source), []).append(error)
    print(f"{'frame':8} {'source':13} {'n':>3} {'median':>7} {'p75':>6}")
    for (frame, source), errors in sorted(groups.items()):
        errors.sort()
        print(f"{frame:8} {source:13} {len(errors):3} {statistics.median(errors):7.3f} {errors[int(0.75 * len(errors))]:6.3f}")
    print()
    photos = {}
    for name, frame, source, error, p3 in rows:
        photos.setdefault((name, p3), []).append((frame, source, error))
    for (name, p3), prints in photos.items():
        white = [e for f, s, e in prints if f == "white" and s == "frame"]
        others = [e for f, s, e in prints if s in ("surroundings", "picture")]
        if white and others:
            print(f"{name} {'P3' if p3 else '  '} white frames {statistics.median(white):.3f}  others "
                  + " ".join(f"{e:.2f}" for e in others))


if __name__ == "__main__":
    main()
