"""Colour on the multi-print scenes as ΔE00, modelled from each print's light error.

A measurement aid, not part of the tool. The evaluation kit gives true pictures (neutral images)
only for single-print scenes, so the picture's own ΔE00 cannot be scored on photos with several
prints. What can be: each print's light against the scene's one cast (as light_by_print.py does),
turned into the ΔE00 it costs a picture. The 24 ColorChecker colours (linear sRGB, D65) are
divided by the residual the print's light leaves (its light over the scene's, exposure matched
on grey, so only the colour error counts) and compared with themselves in CIEDE2000; the print's
figure is the median over the 24. Light error is the only error modelled: no glare, noise or
tone, so it is a floor of what the scan's picture would score, comparable across prints, frame
kinds and versions.

    PY=/root/.cache/instantscan-eval/bin/python
    $PY Benchmarks/multi_print_color.py BIN ../shared/eval/scenes-hard [--placed] [--verbose]

Measured (session 29, hard scenes, 108 prints of 17 photos; median / p75 / worst ΔE00):
detected, main 9645849 and branch color-s29 alike: all 0.66 / 1.34 / 11.4 (white 0.64, black
0.38, coloured 0.66, patterned 0.75, yellowed 1.88). Placed by hand (--placed): main, which
scanned each --corners apart, 1.19 / 3.19 / 11.3 (coloured 1.17, patterned 2.33, yellowed 2.57,
black p75 1.98); color-s29, which scans them together, 0.64 / 1.34 / 11.3 (coloured 0.66,
patterned 0.70, yellowed 1.34, black p75 0.60).

--placed gives every print's true corners in one scan (`--corners` once per print, in the
scene's order) instead of detecting them (prints then matched to the scene's by nearest centre).
"""
import statistics
import sys

import colour
import numpy as np

from scene_prints import scanned_prints


def checker_linear_srgb():
    """The 24 ColorChecker colours as linear sRGB (D65), clipped to [0, 1]."""
    checker = colour.CCS_COLOURCHECKERS["ColorChecker24 - After November 2014"]
    xyz = colour.xyY_to_XYZ(np.array(list(checker.data.values())))
    xyz = colour.chromatic_adaptation(xyz, colour.xy_to_XYZ(checker.illuminant),
                                      colour.xy_to_XYZ(colour.CCS_ILLUMINANTS["CIE 1931 2 Degree Standard Observer"]["D65"]))
    rgb = colour.XYZ_to_RGB(xyz, colour.RGB_COLOURSPACES["sRGB"], apply_cctf_encoding=False)
    return np.clip(rgb, 0, 1)


def delta_e(residual, patches):
    """Median ΔE00 of `patches` multiplied by `residual` (linear RGB), exposure kept on grey."""
    space = colour.RGB_COLOURSPACES["sRGB"]
    residual = np.array(residual) / colour.RGB_to_XYZ(np.array(residual), space, apply_cctf_decoding=False)[1]
    lab = lambda rgb: colour.XYZ_to_Lab(colour.RGB_to_XYZ(rgb, space, apply_cctf_decoding=False))
    return float(np.median(colour.delta_E(lab(patches), lab(np.clip(patches * residual, 0, None)), method="CIE 2000")))


def main():
    binary, scenes = sys.argv[1], sys.argv[2]
    placed, verbose = "--placed" in sys.argv[3:], "--verbose" in sys.argv[3:]
    patches = checker_linear_srgb()
    rows = []
    for name, scene, frame, out in scanned_prints(binary, scenes, "/tmp/multi_print_color/", placed):
        cast = scene["light"]["cast"]
        # The print is divided by its light (1 / gains); the truth by the scene's cast.
        residual = [cast[c] * out["light"]["gains"][c] for c in range(3)]
        rows.append((name, frame, out["light"]["source"], delta_e(residual, patches)))
    if verbose:
        for name, frame, source, de in rows:
            print(f"{name} {frame:8} {source:13} {de:5.2f}")
        print()
    print(f"{'frame':8} {'n':>3} {'median':>7} {'p75':>6} {'worst':>6}")
    for frame in sorted({r[1] for r in rows}):
        values = sorted(r[3] for r in rows if r[1] == frame)
        print(f"{frame:8} {len(values):3} {statistics.median(values):7.2f} {values[int(0.75 * len(values))]:6.2f} {values[-1]:6.2f}")
    values = sorted(r[3] for r in rows)
    print(f"{'all':8} {len(values):3} {statistics.median(values):7.2f} {values[int(0.75 * len(values))]:6.2f} {values[-1]:6.2f}")


if __name__ == "__main__":
    main()
