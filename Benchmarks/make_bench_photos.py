#!/usr/bin/env python3
"""The benchmark's photo of a print filling the frame, rendered like Samples/ (whose 01–03 show a
print of a fifth of the frame, a Display P3 print and three prints, and serve as they are).

    /root/.cache/instantscan-eval/bin/python Benchmarks/make_bench_photos.py OUT_DIR

Writes OUT_DIR/fills-frame-polaroid600-exif6.jpg and its JSON ground truth: a Polaroid 600 close
up (its card about 2400 × 2900 pixels, a 7 MP scan), stored sideways with EXIF orientation 6 as
phones store portrait photos, under a warm lamp. It uses Samples/make_samples.py's renderer and
only its CC0 / Kodak inputs (kodim23.png on the Poly Haven wood table; see Samples/README.md), so
the render carries no licence obligation. Deterministic: the same inputs give the same file.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Samples"))
import make_samples as ms  # noqa: E402


def fills_frame(assets, out):
    size = (3024, 4032)
    sc = ms.Scene("fills-frame-polaroid600-exif6", size, focal=0.78 * 4032, dist_mm=118,
                  tilt_deg=8, roll_deg=1.0, seed=161)
    sc.surface(assets.linear("backgrounds/polyhaven_wood_table_001_diff_4k.jpg"), px_per_mm=14.0,
               centre_mm=(-20, 10))
    sc.add_print("polaroid-600", assets.linear("photos/kodim23.png"), centre_mm=(1, 3), angle_deg=-4,
                 crop=((0.62, 0.45), 1.0), shadow=(1.5, 2.0, 2.0, 0.30))
    illum = ms.light_field(size, lamp_xy=(-0.3 * size[0], -0.15 * size[1]), lamp_falloff=0.45,
                           vignette=0.20)
    c = sc.prints[0]["corners"].mean(axis=0)
    e = ms.exposure_for(ms.TUNGSTEN, 0.80, float(illum[int(c[1]), int(c[0])]))
    return sc.write(out, "tungsten", ms.TUNGSTEN, illum, e, orientation=6, noise=1.0)


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    assets = ms.Assets(ms.DEFAULT_ASSETS)
    assets.check()
    path = fills_frame(assets, out)
    print(f"{path}: {path.stat().st_size / 1e6:.2f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
