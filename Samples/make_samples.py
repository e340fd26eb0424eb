#!/usr/bin/env python3
"""Render the InstantScan sample photos (Samples/*.jpg) and their ground truth (Samples/*.json).

Each sample is a synthetic phone photo of one or more instant prints: a real photograph is put into
the picture window of a card of the print format's true size, the card is rendered flat at a known
pixels-per-mm, placed on a real surface texture seen by a pinhole camera (a plane homography), and
the photo gets light fall-off, a colour cast, a little blur, sensor noise and JPEG compression.

Everything is deterministic (fixed seeds, no clocks), so re-running reproduces the same files.

    /root/.cache/instantscan-eval/bin/python Samples/make_samples.py            # writes Samples/
    /root/.cache/instantscan-eval/bin/python Samples/make_samples.py --check /tmp/check
        # also writes small PNGs with the ground-truth quads drawn on the EXIF-applied photo

Inputs: ../shared/bench-assets (photos/ and backgrounds/), override with --assets. Only CC0,
public-domain and Kodak "unrestricted usage" files are used (see README.md); their SHA-256
prefixes are checked against PROVENANCE.md's values before anything is rendered.

Conventions of the JSON (the same as ../shared/eval/scenes): coordinates are in pixels of the
upright photo (after its EXIF orientation is applied), pixel centres at whole numbers; corners are
TL, TR, BR, BL of the upright print (its thick border at the bottom).
"""

import argparse
import hashlib
import io
import json
import math
import struct
import sys
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageCms, ImageDraw, ImageOps

HERE = Path(__file__).resolve().parent
DEFAULT_ASSETS = HERE.parent.parent / "shared" / "bench-assets"
JPEG_QUALITY = 88

# Card size and picture window (x, y, w, h from the card's top-left), millimetres, upright print.
FORMATS = {
    "polaroid-600": dict(card=(88.0, 107.0), window=(4.5, 6.0, 79.0, 79.0), radius=0.6),
    "polaroid-go": dict(card=(53.9, 66.6), window=(3.45, 5.0, 47.0, 46.0), radius=0.6),
    "instax-square": dict(card=(72.0, 86.0), window=(5.0, 7.0, 62.0, 62.0), radius=3.0),
    "instax-mini": dict(card=(54.0, 86.0), window=(4.0, 7.0, 46.0, 62.0), radius=3.0),
    "instax-wide": dict(card=(108.0, 86.0), window=(4.5, 7.0, 99.0, 62.0), radius=3.0),
}

# Every asset used, with the first 16 hex digits of its SHA-256 as listed in PROVENANCE.md.
ASSETS = {
    "photos/kodim04.png": "e3b946107c5d3441",
    "photos/kodim23.png": "e3111a2fd4da24af",
    "photos/gb82_flowers.png": "3718d228fbc85a2b",
    "photos/gb82_dog.png": "cd3e7fbbd2499dde",
    "photos/gb82_sunset.png": "55b92efdce2a51e9",
    "photos/palapeli_cincinnati_bridge.jpg": "09772d09318b34a5",
    "photos/palapeli_european_honey_bee.jpg": "9d54ae706bddd899",
    "backgrounds/polyhaven_wood_table_001_diff_4k.jpg": "6540a64d5d1423dd",
    "backgrounds/ambientcg_Paper001_2K_Color.jpg": "1ec1da7815c3e53e",
    "backgrounds/polyhaven_fabric_pattern_07_col_1_1k.jpg": "aeb7a1487b77aec5",
    "backgrounds/polyhaven_rosewood_veneer1_diff_1k.jpg": "b4d36340d33b5bc8",
    "backgrounds/ambientcg_WoodFloor005_2K_Color.jpg": "cd3f09d5c5fea511",
}

CARD_WHITE_SRGB = (243, 240, 231)  # a slightly warm off-white
LUMA = np.array([0.2126, 0.7152, 0.0722])


# --------------------------------------------------------------------------- colour helpers

def srgb_to_linear(v):
    v = np.asarray(v, dtype=np.float32)
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4).astype(np.float32)


def linear_to_srgb(v):
    v = np.clip(np.asarray(v, dtype=np.float32), 0.0, None)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * np.power(v, 1 / 2.4) - 0.055).astype(np.float32)


def normalised_cast(rgb):
    """A linear-RGB multiplier rescaled so that it keeps luminance (Rec. 709 Y) unchanged."""
    c = np.asarray(rgb, dtype=np.float64)
    return c / float(LUMA @ c)


def rgb_to_xyz_matrix(primaries, white):
    """RGB->XYZ matrix from xy chromaticities of R, G, B and the white point (Y of white = 1)."""
    xyz = np.array([[x / y, 1.0, (1 - x - y) / y] for x, y in primaries]).T
    wx, wy = white
    w = np.array([wx / wy, 1.0, (1 - wx - wy) / wy])
    return xyz * np.linalg.solve(xyz, w)


D65 = (0.3127, 0.3290)
SRGB_TO_XYZ = rgb_to_xyz_matrix([(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], D65)
P3_TO_XYZ = rgb_to_xyz_matrix([(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], D65)
SRGB_TO_P3 = np.linalg.inv(P3_TO_XYZ) @ SRGB_TO_XYZ  # linear sRGB -> linear Display P3 (both D65)


def srgb_to_display_p3(srgb):
    """sRGB-encoded float image -> Display P3-encoded values (same transfer curve as sRGB)."""
    lin = srgb_to_linear(srgb)
    p3 = lin @ SRGB_TO_P3.T.astype(np.float32)
    return linear_to_srgb(np.clip(p3, 0.0, 1.0))


# --------------------------------------------------------------------------- Display P3 ICC profile

def _s15(v):
    return struct.pack(">i", int(round(v * 65536.0)))


def _mluc(text):
    s = text.encode("utf-16-be")
    return b"mluc" + b"\0" * 4 + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(s), 28) + s


def _xyz(v):
    return b"XYZ " + b"\0" * 4 + b"".join(_s15(c) for c in v)


def build_display_p3_icc():
    """A minimal ICC v4.3 display profile for Display P3 (D65, sRGB transfer curve).

    Pillow's ImageCms can only create sRGB/LAB/XYZ profiles, so the bytes are written here by the
    book (ICC.1:2022): D50 PCS, Bradford-adapted colorants, a 'chad' tag, parametric curves, MD5
    profile ID. verify_display_p3_icc() checks the result against the analytic conversion with
    LittleCMS (through ImageCms).
    """
    d50 = np.array([0.9642, 1.0, 0.8249])
    wx, wy = D65
    d65 = np.array([wx / wy, 1.0, (1 - wx - wy) / wy])
    bradford = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
    chad = np.linalg.inv(bradford) @ np.diag((bradford @ d50) / (bradford @ d65)) @ bradford
    colorants = chad @ P3_TO_XYZ  # columns: rXYZ, gXYZ, bXYZ (PCS-relative)

    curve = b"para" + b"\0" * 4 + struct.pack(">HH", 3, 0) + b"".join(
        _s15(v) for v in (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045))
    tags = [
        (b"desc", _mluc("Display P3")),
        (b"cprt", _mluc("No copyright, use freely (CC0)")),
        (b"wtpt", _xyz(d50)),
        (b"chad", b"sf32" + b"\0" * 4 + b"".join(_s15(v) for v in chad.flatten())),
        (b"rXYZ", _xyz(colorants[:, 0])),
        (b"gXYZ", _xyz(colorants[:, 1])),
        (b"bXYZ", _xyz(colorants[:, 2])),
        (b"rTRC", curve),
        (b"gTRC", None),  # shares the rTRC data
        (b"bTRC", None),
    ]
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    entries, data = [], b""
    last = None
    for sig, blob in tags:
        if blob is None:
            entries.append((sig, last[0], last[1]))
            continue
        pos = offset + len(data)
        entries.append((sig, pos, len(blob)))
        last = (pos, len(blob))
        data += blob + b"\0" * (-len(blob) % 4)
    table = struct.pack(">I", len(tags)) + b"".join(s + struct.pack(">II", o, n) for s, o, n in entries)
    size = 128 + len(table) + len(data)
    header = (struct.pack(">I", size) + b"\0" * 4 + bytes([4, 0x30, 0, 0]) + b"mntr" + b"RGB " + b"XYZ "
              + struct.pack(">6H", 2025, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 4 + b"\0" * 4
              + b"\0" * 4 + b"\0" * 4 + b"\0" * 8 + struct.pack(">I", 0) + b"".join(_s15(v) for v in d50)
              + b"\0" * 4 + b"\0" * 16 + b"\0" * 28)
    assert len(header) == 128
    profile = bytearray(header + table + data)
    profile[84:100] = hashlib.md5(bytes(profile)).digest()  # flags, intent and ID are zero here
    return bytes(profile)


def verify_display_p3_icc(icc):
    """Convert P3-encoded test colours to sRGB with LittleCMS and compare with the analytic matrix."""
    rng = np.random.default_rng(3)
    p3 = rng.integers(0, 256, size=(16, 16, 3), dtype=np.uint8)
    p3[0, :8] = [[255, 255, 255], [0, 0, 0], [128, 128, 128], [255, 0, 0], [0, 255, 0], [0, 0, 255],
                 [200, 180, 150], [30, 60, 90]]
    prof = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    tf = ImageCms.buildTransform(prof, ImageCms.createProfile("sRGB"), "RGB", "RGB",
                                 renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    got = np.asarray(ImageCms.applyTransform(Image.fromarray(p3), tf), dtype=np.float64)
    lin = srgb_to_linear(p3 / 255.0).astype(np.float64) @ np.linalg.inv(SRGB_TO_P3).T
    inside = np.all((lin >= 0) & (lin <= 1), axis=-1)  # out-of-sRGB colours are clipped differently
    want = linear_to_srgb(np.clip(lin, 0, 1)) * 255.0
    err = np.abs(got - want)[inside].max()
    if err > 2.0:
        raise SystemExit(f"Display P3 profile check failed: max error {err:.2f}/255 against LittleCMS")
    return err


# --------------------------------------------------------------------------- geometry

def camera_homography(size, focal, dist_mm, tilt_deg, roll_deg=0.0, yaw_deg=0.0):
    """Homography from table-plane millimetres to upright image pixels (pixel centres at integers).

    A pinhole camera at dist_mm from the plane point (0, 0) (which lands on the image centre),
    its axis tilted by tilt_deg from the plane's normal so that the top of the image is farther.
    """
    w, h = size
    t, r, y = map(math.radians, (tilt_deg, roll_deg, yaw_deg))
    rx = np.array([[1, 0, 0], [0, math.cos(-t), -math.sin(-t)], [0, math.sin(-t), math.cos(-t)]])
    ry = np.array([[math.cos(y), 0, math.sin(y)], [0, 1, 0], [-math.sin(y), 0, math.cos(y)]])
    rz = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    rot = rz @ ry @ rx
    k = np.array([[focal, 0, (w - 1) / 2.0], [0, focal, (h - 1) / 2.0], [0, 0, 1]])
    return k @ np.column_stack([rot[:, 0], rot[:, 1], [0, 0, dist_mm]])


def print_pose(fmt, centre_mm, angle_deg):
    """Card millimetres (origin at the upright card's top-left) -> plane millimetres."""
    cw, ch = FORMATS[fmt]["card"]
    a = math.radians(angle_deg)
    c, s = math.cos(a), math.sin(a)
    to_centre = np.array([[1, 0, -cw / 2], [0, 1, -ch / 2], [0, 0, 1.0]])
    rot = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1.0]])
    move = np.array([[1, 0, centre_mm[0]], [0, 1, centre_mm[1]], [0, 0, 1.0]])
    return move @ rot @ to_centre


def apply_h(m, pts):
    pts = np.asarray(pts, dtype=np.float64)
    p = np.column_stack([pts, np.ones(len(pts))]) @ m.T
    return p[:, :2] / p[:, 2:3]


def quad_mm(fmt, which):
    cw, ch = FORMATS[fmt]["card"]
    if which == "card":
        x, y, w, h = 0.0, 0.0, cw, ch
    else:
        x, y, w, h = FORMATS[fmt]["window"]
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])


def quad_ppm(quad_px, fmt):
    """Pixels per millimetre of a card quad: sqrt(image area / card area)."""
    x, y = quad_px[:, 0], quad_px[:, 1]
    area = 0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))
    cw, ch = FORMATS[fmt]["card"]
    return math.sqrt(area / (cw * ch))


# --------------------------------------------------------------------------- assets

class Assets:
    def __init__(self, root):
        self.root = Path(root)
        self.used = []

    def check(self):
        bad = []
        for rel, want in ASSETS.items():
            p = self.root / rel
            if not p.exists():
                bad.append(f"missing {p}")
            elif hashlib.sha256(p.read_bytes()).hexdigest()[:16] != want:
                bad.append(f"sha256 mismatch {p}")
        if bad:
            raise SystemExit("bench assets do not match PROVENANCE.md:\n  " + "\n  ".join(bad))

    def linear(self, rel):
        assert rel in ASSETS, rel
        self.used.append(rel)
        img = Image.open(self.root / rel).convert("RGB")
        return srgb_to_linear(np.asarray(img, dtype=np.float32) / 255.0)


# --------------------------------------------------------------------------- the flat print

def coverage_1d(n, lo, hi):
    """Fraction of each pixel [i-0.5, i+0.5] inside [lo, hi] (pixel-centre coordinates)."""
    i = np.arange(n, dtype=np.float64)
    return np.clip(np.minimum(i + 0.5, hi) - np.maximum(i - 0.5, lo), 0.0, 1.0).astype(np.float32)


def rounded_rect_coverage(shape, x0, y0, x1, y1, radius, ss=6):
    """Anti-aliased coverage of an axis-aligned rectangle with rounded corners (pixel units)."""
    h, w = shape
    cov = np.outer(coverage_1d(h, y0, y1), coverage_1d(w, x0, x1))
    if radius <= 0:
        return cov
    offs = (np.arange(ss) + 0.5) / ss - 0.5
    for cx, cy, sx, sy in ((x0 + radius, y0 + radius, -1, -1), (x1 - radius, y0 + radius, 1, -1),
                           (x1 - radius, y1 - radius, 1, 1), (x0 + radius, y1 - radius, -1, 1)):
        xa = int(math.floor(min(cx, cx + sx * (radius + 1)))) - 1
        xb = int(math.ceil(max(cx, cx + sx * (radius + 1)))) + 2
        ya = int(math.floor(min(cy, cy + sy * (radius + 1)))) - 1
        yb = int(math.ceil(max(cy, cy + sy * (radius + 1)))) + 2
        xa, ya, xb, yb = max(xa, 0), max(ya, 0), min(xb, w), min(yb, h)
        px = (np.arange(xa, xb)[None, :, None, None] + offs[None, None, None, :])
        py = (np.arange(ya, yb)[:, None, None, None] + offs[None, None, :, None])
        dx = (px - cx) * sx
        dy = (py - cy) * sy
        inside_rect = (px >= x0) & (px <= x1) & (py >= y0) & (py <= y1)
        in_corner = (dx > 0) & (dy > 0)
        keep = inside_rect & (~in_corner | (dx * dx + dy * dy <= radius * radius))
        cov[ya:yb, xa:xb] = keep.mean(axis=(2, 3))
    return cov


def smooth_noise(rng, shape, sigma):
    n = rng.standard_normal(shape).astype(np.float32)
    n = cv2.GaussianBlur(n, (0, 0), sigma)
    return n / (n.std() + 1e-8)


def crop_to_aspect(img, aspect, centre=(0.5, 0.5), zoom=1.0):
    """Crop img (H, W, 3) to width/height == aspect around a relative centre; zoom > 1 crops tighter."""
    h, w = img.shape[:2]
    cw, ch = (w, w / aspect) if w / h < aspect else (h * aspect, h)
    cw, ch = cw / zoom, ch / zoom
    x0 = min(max(centre[0] * w - cw / 2, 0), w - cw)
    y0 = min(max(centre[1] * h - ch / 2, 0), h - ch)
    return img[int(round(y0)):int(round(y0 + ch)), int(round(x0)):int(round(x0 + cw))]


def render_flat_print(fmt, picture_lin, ppm, rng, crop=((0.5, 0.5), 1.0), caption=None, pad=6):
    """The upright card at ppm pixels/mm as premultiplied linear RGBA, and mm -> flat-pixel matrix.

    Flat pixel i covers millimetres [i - pad, i + 1 - pad] / ppm, so its centre is at
    x_px = x_mm * ppm - 0.5 + pad.
    """
    spec = FORMATS[fmt]
    cw, ch = spec["card"]
    w = int(math.ceil(cw * ppm)) + 2 * pad
    h = int(math.ceil(ch * ppm)) + 2 * pad
    to_px = np.array([[ppm, 0, pad - 0.5], [0, ppm, pad - 0.5], [0, 0, 1.0]])
    x0, y0 = apply_h(to_px, [[0, 0]])[0]
    x1, y1 = apply_h(to_px, [[cw, ch]])[0]
    alpha = rounded_rect_coverage((h, w), x0, y0, x1, y1, spec["radius"] * ppm)

    # the card stock: warm off-white with a faint paper texture (fine grain and soft mottling)
    white = srgb_to_linear(np.array(CARD_WHITE_SRGB, dtype=np.float32) / 255.0)
    tex = 1.0 + 0.010 * smooth_noise(rng, (h, w), 0.7) + 0.012 * smooth_noise(rng, (h, w), 6.0 * ppm)
    rgb = tex[..., None] * white[None, None, :]

    # the picture fills the window; instant film: soft blacks, slightly lowered contrast
    wx, wy, ww, wh = spec["window"]
    pic = crop_to_aspect(picture_lin, ww / wh, *crop)
    pw, ph = int(round(ww * ppm)), int(round(wh * ppm))
    interp = cv2.INTER_AREA if pic.shape[1] > pw else cv2.INTER_LANCZOS4
    pic = np.clip(cv2.resize(pic, (pw, ph), interpolation=interp), 0.0, 1.0)
    pic = 0.012 + 0.93 * pic
    sx, sy = ww * ppm / pw, wh * ppm / ph
    place = np.array([[sx, 0, (wx + 0.5 * ww / pw) * ppm - 0.5 + pad],
                      [0, sy, (wy + 0.5 * wh / ph) * ppm - 0.5 + pad]], dtype=np.float64)
    pic_flat = cv2.warpAffine(pic, place, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    wx0, wy0 = apply_h(to_px, [[wx, wy]])[0]
    wx1, wy1 = apply_h(to_px, [[wx + ww, wy + wh]])[0]
    win = rounded_rect_coverage((h, w), wx0, wy0, wx1, wy1, 0.0)[..., None]
    rgb = rgb * (1 - win) + pic_flat * win

    if caption:
        rgb = draw_caption(rgb, caption, to_px, fmt, ppm, rng)
    return np.dstack([rgb * alpha[..., None], alpha]).astype(np.float32), to_px


def handwriting_strokes(rng, words, x_height):
    """Cursive-looking pen strokes (millimetres, baseline y = 0, y down), one stroke per word.

    Not a font: each "letter" is one turn of a prolate cycloid (a loop when the pen doubles back,
    an arch when it does not) whose height is the x-height, or an ascender or descender now and
    then, with a slant and a wandering baseline. From arm's length it reads as handwriting, and it
    needs nothing but numpy (OpenCV's putText fonts differ between versions).
    """
    strokes, x0 = [], 0.0
    for n in words:
        kinds = rng.choice(["arch", "loop", "loop", "tall", "deep"], size=n, p=[0.35, 0.25, 0.2, 0.12, 0.08])
        pts = []
        for k, kind in enumerate(kinds):
            adv = x_height * rng.uniform(0.75, 1.05)
            h = {"arch": 1.0, "loop": 1.0, "tall": 2.2, "deep": -1.6}[kind] * x_height * rng.uniform(0.9, 1.1)
            r = {"arch": 0.05, "loop": 0.30, "tall": 0.34, "deep": 0.30}[kind] * x_height
            t = np.linspace(0, 2 * np.pi, 48, endpoint=False)
            x = x0 + adv * t / (2 * np.pi) - r * np.sin(t)
            y = -h * (1 - np.cos(t)) / 2
            pts.append(np.column_stack([x, y]))
            x0 += adv
        pts = np.concatenate(pts + [np.array([[x0 + 0.3 * x_height, -0.2 * x_height]])])
        wave = 0.08 * x_height * np.sin(pts[:, 0] / (2.7 * x_height) + rng.uniform(0, 6.3))
        pts[:, 1] += wave
        pts[:, 0] -= 0.28 * pts[:, 1]  # slant to the right
        strokes.append(pts)
        x0 += 1.3 * x_height  # the space between words
    return strokes


def draw_caption(rgb, words, to_px, fmt, ppm, rng):
    """Marker handwriting on the bottom border, roughly centred, a little askew."""
    cw, ch = FORMATS[fmt]["card"]
    wx, wy, ww, wh = FORMATS[fmt]["window"]
    border_top, border_h = wy + wh, ch - (wy + wh)
    strokes = handwriting_strokes(rng, words, x_height=0.22 * border_h)
    allp = np.concatenate(strokes)
    lo, hi = allp.min(axis=0), allp.max(axis=0)
    scale = min(1.0, 0.66 * cw / (hi[0] - lo[0]))
    centre = np.array([cw * rng.uniform(0.45, 0.55), border_top + border_h * 0.52])
    a = math.radians(rng.uniform(-4, 4))
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    h, w = rgb.shape[:2]
    ink = np.zeros((h, w), np.uint8)
    shift = 4  # sub-pixel precision for cv2.polylines
    for s in strokes:
        mm = ((s - (lo + hi) / 2) * scale) @ rot.T + centre
        px = apply_h(to_px, mm)
        cv2.polylines(ink, [np.round(px * (1 << shift)).astype(np.int32)], False, 255,
                      thickness=max(1, int(round(0.42 * ppm))), lineType=cv2.LINE_AA, shift=shift)
    alpha = cv2.GaussianBlur(ink.astype(np.float32) / 255.0, (0, 0), 0.05 * ppm)
    alpha = np.clip(alpha * 0.95, 0, 0.92)[..., None]
    marker = srgb_to_linear(np.array([28, 32, 64], np.float32) / 255.0)
    return rgb * (1 - alpha) + marker[None, None, :] * alpha


# --------------------------------------------------------------------------- placing into the photo

def warp_rgba(flat, m, size):
    """Warp premultiplied RGBA (flat px -> image px by m) into an image of size (W, H).

    Only the bounding box of the card is warped. When the flat card is finer than the photo, it is
    first low-passed so that the bicubic resampling does not alias.
    """
    w, h = size
    hf, wf = flat.shape[:2]
    box = apply_h(m, [[0, 0], [wf - 1, 0], [wf - 1, hf - 1], [0, hf - 1]])
    x0, y0 = np.floor(box.min(axis=0)).astype(int) - 3
    x1, y1 = np.ceil(box.max(axis=0)).astype(int) + 4
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    # flat pixels per image pixel at the card's centre (geometric mean of the two axes)
    c = np.array([[wf / 2, hf / 2], [wf / 2 + 1, hf / 2], [wf / 2, hf / 2 + 1]])
    p = apply_h(m, c)
    k = 1.0 / math.sqrt(np.linalg.norm(p[1] - p[0]) * np.linalg.norm(p[2] - p[0]))
    src = flat
    if k > 1.0:
        src = cv2.GaussianBlur(flat, (0, 0), 0.5 * math.sqrt(k * k - 1.0))
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]])
    roi = cv2.warpPerspective(src, shift @ m, (x1 - x0, y1 - y0), flags=cv2.INTER_CUBIC,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    out = np.zeros((h, w, 4), np.float32)
    a = np.clip(roi[..., 3:4], 0.0, 1.0)
    out[y0:y1, x0:x1, :3] = np.clip(roi[..., :3], 0.0, a)
    out[y0:y1, x0:x1, 3:] = a
    return out


def render_surface(tex, h_plane, size, px_per_mm, centre_mm=(0.0, 0.0), border=cv2.BORDER_REFLECT_101):
    """The surface texture laid on the table plane (px_per_mm texture pixels per mm), seen by h_plane."""
    th, tw = tex.shape[:2]
    t = np.array([[1 / px_per_mm, 0, centre_mm[0] - (tw - 1) / 2 / px_per_mm],
                  [0, 1 / px_per_mm, centre_mm[1] - (th - 1) / 2 / px_per_mm], [0, 0, 1.0]])
    m = h_plane @ t
    # texture pixels per image pixel at the image corners (the far side is where it can minify)
    w, h = size
    inv = np.linalg.inv(m)
    kmax = 0.0
    for x, y in ((0, 0), (w - 1, 0), (w / 2, 0), (0, h - 1), (w - 1, h - 1)):
        p = apply_h(inv, [[x, y], [x + 1, y], [x, y + 1]])
        kmax = max(kmax, math.sqrt(np.linalg.norm(p[1] - p[0]) * np.linalg.norm(p[2] - p[0])))
    if kmax > 1.2:
        tex = cv2.GaussianBlur(tex, (0, 0), 0.45 * math.sqrt(kmax * kmax - 1.0))
    return cv2.warpPerspective(tex, m, size, flags=cv2.INTER_CUBIC, borderMode=border).clip(0, None)


def drop_shadow(alpha, offset_px, sigma_px, strength, contact=0.25):
    """Soft shadow (a blurred, shifted card silhouette) plus a tight contact shadow, as a multiplier."""
    m = np.float32([[1, 0, offset_px[0]], [0, 1, offset_px[1]]])
    soft = cv2.GaussianBlur(cv2.warpAffine(alpha, m, alpha.shape[::-1]), (0, 0), sigma_px)
    tight = cv2.GaussianBlur(alpha, (0, 0), max(1.0, sigma_px * 0.12))
    return (1.0 - strength * soft) * (1.0 - contact * tight)


def light_field(size, lamp_xy=None, lamp_falloff=0.0, gradient=(0.0, 0.0), vignette=0.25):
    """Smooth illumination: an off-frame lamp (inverse-square-ish), a linear gradient, a vignette."""
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = math.hypot(w, h) / 2
    nx, ny = (xx - (w - 1) / 2) / d, (yy - (h - 1) / 2) / d
    f = 1.0 + gradient[0] * nx + gradient[1] * ny
    if lamp_xy is not None:
        lx, ly = lamp_xy
        r2 = ((xx - lx) ** 2 + (yy - ly) ** 2) / d ** 2
        f = f * (1.0 / (1.0 + lamp_falloff * r2))
    f = f * (1.0 - vignette * (nx * nx + ny * ny))
    return (f / f.max()).astype(np.float32)


def glare_blob(size, centre, axes, angle_deg, soft=0.55, peak=1.0):
    """A soft-edged elliptical specular highlight: a plateau core that falls off smoothly."""
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = math.radians(angle_deg)
    dx, dy = xx - centre[0], yy - centre[1]
    u = (dx * math.cos(a) + dy * math.sin(a)) / axes[0]
    v = (-dx * math.sin(a) + dy * math.cos(a)) / axes[1]
    r = np.sqrt(u * u + v * v)
    t = np.clip((1.0 + soft - r) / (2 * soft), 0.0, 1.0)  # 1 inside r < 1 - soft, 0 beyond 1 + soft
    core = t * t * (3 - 2 * t)
    halo = 0.22 * np.exp(-((r / 1.9) ** 2))
    return (peak * np.clip(core + halo * (1 - core), 0, 1)).astype(np.float32)


def finish(lin, rng, blur_sigma=0.6, noise=1.0):
    """Camera: a little optical blur, encode to sRGB, add signal-dependent noise (in 0..1 floats)."""
    lin = cv2.GaussianBlur(lin, (0, 0), blur_sigma)
    s = linear_to_srgb(np.clip(lin, 0.0, 1.0))
    if noise > 0:
        lum = s @ np.float32([0.299, 0.587, 0.114])
        sigma = noise * np.sqrt(0.6 + 2.0 * lum)[..., None] / 255.0
        grain = rng.standard_normal(s.shape).astype(np.float32)
        grain = 0.75 * grain + 0.25 * grain.mean(axis=2, keepdims=True)  # mostly luma-correlated noise
        grain = cv2.GaussianBlur(grain, (0, 0), 0.6) * 1.6                  # demosaicked, not white
        s = s + sigma * grain
    return np.clip(s, 0.0, 1.0)


def to_storage(img_u8, orientation):
    """Pixels as stored in the file, so that a viewer applying the EXIF orientation shows them upright."""
    if orientation == 1:
        return img_u8
    if orientation == 3:
        return np.rot90(img_u8, 2)
    if orientation == 6:  # the viewer rotates 90 deg clockwise, so store rotated counter-clockwise
        return np.rot90(img_u8, 1)
    if orientation == 8:
        return np.rot90(img_u8, -1)
    raise ValueError(orientation)


def save_jpeg(path, srgb, orientation, icc=None):
    u8 = (np.clip(srgb, 0, 1) * 255.0 + 0.5).astype(np.uint8)
    img = Image.fromarray(np.ascontiguousarray(to_storage(u8, orientation)), "RGB")
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x0131] = "InstantScan Samples/make_samples.py"
    kw = dict(quality=JPEG_QUALITY, subsampling=2, exif=exif.tobytes())
    if icc is not None:
        kw["icc_profile"] = icc
    img.save(path, "JPEG", **kw)


# --------------------------------------------------------------------------- a scene

class Scene:
    def __init__(self, name, size, focal, dist_mm, tilt_deg, roll_deg=0.0, yaw_deg=0.0, seed=0):
        self.name, self.size = name, size
        self.h_plane = camera_homography(size, focal, dist_mm, tilt_deg, roll_deg, yaw_deg)
        self.rng = np.random.default_rng(seed)
        self.prints = []
        self.lin = None

    def ppm_at(self, fmt, pose):
        quad = apply_h(self.h_plane @ pose, quad_mm(fmt, "card"))
        cw, ch = FORMATS[fmt]["card"]
        edges = [np.linalg.norm(quad[(i + 1) % 4] - quad[i]) / (cw if i % 2 == 0 else ch) for i in range(4)]
        return max(edges)

    def surface(self, tex, px_per_mm, centre_mm=(0.0, 0.0), border=cv2.BORDER_REFLECT_101):
        self.lin = render_surface(tex, self.h_plane, self.size, px_per_mm, centre_mm, border)

    def add_print(self, fmt, picture, centre_mm, angle_deg, crop=((0.5, 0.5), 1.0), caption=None,
                  shadow=(3.0, 4.0, 0.30), glare=False):
        """shadow: (offset mm along +x, +y of the image, blur mm, strength)."""
        pose = print_pose(fmt, centre_mm, angle_deg)
        ppm_img = self.ppm_at(fmt, pose)
        flat_ppm = math.ceil(1.35 * ppm_img)
        flat, to_px = render_flat_print(fmt, picture, flat_ppm, self.rng, crop, caption)
        m = self.h_plane @ pose @ np.linalg.inv(to_px)
        card = warp_rgba(flat, m, self.size)
        alpha = card[..., 3]
        if shadow:
            off_mm, blur_mm, strength = (shadow[0], shadow[1]), shadow[2], shadow[3]
            mean_ppm = quad_ppm(apply_h(self.h_plane @ pose, quad_mm(fmt, "card")), fmt)
            self.lin *= drop_shadow(alpha, (off_mm[0] * mean_ppm, off_mm[1] * mean_ppm),
                                    blur_mm * mean_ppm, strength)[..., None]
        self.lin = self.lin * (1 - alpha[..., None]) + card[..., :3]
        corners = apply_h(self.h_plane @ pose, quad_mm(fmt, "card"))
        window = apply_h(self.h_plane @ pose, quad_mm(fmt, "window"))
        self.prints.append(dict(format=fmt, corners=corners, window=window, alpha=alpha,
                                ppm=quad_ppm(corners, fmt), glare=glare, caption=bool(caption)))
        return self.prints[-1]

    def write(self, out_dir, light_kind, cast, illum, exposure, orientation=1, display_p3=False, icc=None,
              glare=None, blur_sigma=0.6, noise=1.0, depth_blur=None):
        lin = self.lin * illum[..., None] * exposure
        lin = lin * np.asarray(cast, np.float32)[None, None, :]
        if glare is not None:
            # the light source's own reflection: near white (a little of the cast), only on the glossy print
            g = glare["mask"] * glare["on"]
            tint = (0.8 + 0.2 * np.asarray(cast, np.float32) / max(cast)) * glare["level"]
            lin = lin * (1 - g[..., None]) + tint[None, None, :] * g[..., None]
        if depth_blur is not None:
            lin = depth_blur(lin)
        srgb = finish(lin, self.rng, blur_sigma, noise)
        if display_p3:
            srgb = srgb_to_display_p3(srgb)
        path = Path(out_dir) / f"{self.name}.jpg"
        save_jpeg(path, srgb, orientation, icc if display_p3 else None)
        w, h = self.size
        truth = {
            "image": path.name,
            "size": [w, h],
            "exif_orientation": orientation,
            "display_p3": bool(display_p3),
            "jpeg_quality": JPEG_QUALITY,
            "light": {"kind": light_kind, "cast": [round(float(c), 4) for c in cast]},
            "prints": [{
                "format": p["format"],
                "corners": [[round(float(x), 3), round(float(y), 3)] for x, y in p["corners"]],
                "window": [[round(float(x), 3), round(float(y), 3)] for x, y in p["window"]],
                "ppm": round(float(p["ppm"]), 3),
                "glare": bool(p["glare"]),
                "caption": bool(p["caption"]),
            } for p in self.prints],
        }
        (Path(out_dir) / f"{self.name}.json").write_text(json.dumps(truth, indent=1) + "\n")
        return path


# --------------------------------------------------------------------------- the samples

TUNGSTEN = normalised_cast((1.0, 0.78, 0.45))
FLUORESCENT_GREEN = normalised_cast((0.86, 1.0, 0.80))
DAYLIGHT = normalised_cast((0.97, 1.0, 1.04))
DAYLIGHT_WARM = normalised_cast((1.0, 0.97, 0.90))


def exposure_for(cast, card_level=0.86, illum_at_card=1.0):
    """Exposure that puts the brightest channel of the card white at about card_level (linear)."""
    white = srgb_to_linear(np.array(CARD_WHITE_SRGB, np.float32) / 255.0)
    return card_level / (float(max(cast)) * float(white.max()) * illum_at_card)


def sample_1(assets, out, icc):
    """Polaroid 600 on a wooden table, mild tilt, tungsten, EXIF orientation 6."""
    size = (3024, 4032)
    sc = Scene("01-polaroid600-wood-tungsten-exif6", size, focal=0.78 * 4032, dist_mm=190,
               tilt_deg=11, roll_deg=1.5, seed=101)
    sc.surface(assets.linear("backgrounds/polyhaven_wood_table_001_diff_4k.jpg"), px_per_mm=9.0,
               centre_mm=(-40, 25))
    sc.add_print("polaroid-600", assets.linear("photos/kodim23.png"), centre_mm=(4, 6), angle_deg=-7,
                 crop=((0.62, 0.45), 1.0), shadow=(2.0, 3.0, 2.5, 0.35))
    illum = light_field(size, lamp_xy=(-0.3 * size[0], -0.15 * size[1]), lamp_falloff=0.55,
                        vignette=0.22)
    c = sc.prints[0]["corners"].mean(axis=0)
    e = exposure_for(TUNGSTEN, 0.80, float(illum[int(c[1]), int(c[0])]))
    return sc.write(out, "tungsten", TUNGSTEN, illum, e, orientation=6, noise=1.1)


def sample_2(assets, out, icc):
    """Instax Mini on white paper (white-on-white), daylight, soft shadow, caption, Display P3."""
    size = (3024, 4032)
    sc = Scene("02-instaxmini-paper-daylight-p3", size, focal=0.78 * 4032, dist_mm=150,
               tilt_deg=7, roll_deg=-2.0, seed=202)
    sc.surface(assets.linear("backgrounds/ambientcg_Paper001_2K_Color.jpg"), px_per_mm=7.5,
               centre_mm=(10, -20))
    sc.add_print("instax-mini", assets.linear("photos/kodim04.png"), centre_mm=(-3, 2), angle_deg=5,
                 crop=((0.5, 0.42), 1.05), caption=[6, 3], shadow=(-2.5, 3.5, 3.0, 0.38))
    illum = light_field(size, gradient=(-0.16, -0.10), vignette=0.20)
    e = exposure_for(DAYLIGHT, 0.78)
    return sc.write(out, "daylight", DAYLIGHT, illum, e, orientation=1, display_p3=icc is not None,
                    icc=icc, noise=0.9)


def sample_3(assets, out, icc):
    """Instax Wide + Instax Square + Polaroid Go (upside down) on a cloth, fluorescent (greenish)."""
    size = (4032, 3024)
    sc = Scene("03-three-prints-cloth-fluorescent", size, focal=0.78 * 4032, dist_mm=265,
               tilt_deg=9, roll_deg=-1.0, seed=303)
    cloth = assets.linear("backgrounds/polyhaven_fabric_pattern_07_col_1_1k.jpg")
    sc.surface(cloth, px_per_mm=4.2, centre_mm=(7, 3), border=cv2.BORDER_WRAP)
    # folds in the cloth: a smooth height field bends the weave a little and shades it
    rng = np.random.default_rng(3030)
    w, h = size
    small = cv2.GaussianBlur(rng.standard_normal((h // 8, w // 8)).astype(np.float32), (0, 0), 22)
    small /= small.std()
    height = cv2.resize(small, size, interpolation=cv2.INTER_CUBIC)
    gy, gx = np.gradient(height)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    sc.lin = cv2.remap(sc.lin, xx + 9.0 * height, yy + 5.0 * height, cv2.INTER_CUBIC,
                       borderMode=cv2.BORDER_REFLECT_101)
    shade = 1.0 + np.clip(60.0 * (0.6 * gx - 0.8 * gy), -0.18, 0.18)
    sc.lin *= shade[..., None]
    sc.add_print("instax-wide", assets.linear("photos/palapeli_cincinnati_bridge.jpg"),
                 centre_mm=(-92, 6), angle_deg=-6, crop=((0.5, 0.45), 1.0), shadow=(1.5, 2.0, 2.0, 0.30))
    sc.add_print("instax-square", assets.linear("photos/gb82_flowers.png"), centre_mm=(10, 34),
                 angle_deg=9, crop=((0.5, 0.45), 1.05), shadow=(1.5, 2.0, 2.0, 0.30))
    sc.add_print("polaroid-go", assets.linear("photos/gb82_dog.png"), centre_mm=(104, -2),
                 angle_deg=186, crop=((0.55, 0.45), 1.0), shadow=(1.5, 2.0, 2.0, 0.30))
    illum = light_field(size, gradient=(0.0, -0.10), vignette=0.18)
    e = exposure_for(FLUORESCENT_GREEN, 0.80)
    return sc.write(out, "fluorescent", FLUORESCENT_GREEN, illum, e, orientation=1, noise=1.0)


def sample_4(assets, out, icc):
    """Polaroid 600 at a strong tilt (35 deg) with a glare blob cutting into its right edge."""
    size = (4000, 3000)
    sc = Scene("04-polaroid600-glare-tilt35", size, focal=0.78 * 4000, dist_mm=250,
               tilt_deg=35, roll_deg=0.0, yaw_deg=-4, seed=404)
    sc.surface(assets.linear("backgrounds/polyhaven_rosewood_veneer1_diff_1k.jpg"), px_per_mm=6.0,
               centre_mm=(0, 10))
    p = sc.add_print("polaroid-600", assets.linear("photos/palapeli_european_honey_bee.jpg"),
                     centre_mm=(-4, 8), angle_deg=14, crop=((0.4, 0.55), 1.0), shadow=(1.5, 3.0, 2.0, 0.30),
                     glare=True)
    # the reflection of a window: centred just outside the card's right edge, at picture height
    tr, br = p["corners"][1], p["corners"][2]
    edge = tr + 0.38 * (br - tr)
    inward = (p["corners"][0] + 0.38 * (p["corners"][3] - p["corners"][0])) - edge
    centre = edge + 0.02 * inward
    glare = dict(mask=glare_blob(size, centre, axes=(360, 230), angle_deg=-20, soft=0.5),
                 on=p["alpha"], level=1.25)
    illum = light_field(size, gradient=(0.12, 0.14), vignette=0.25)
    e = exposure_for(DAYLIGHT_WARM, 0.80)

    # a phone's shallow depth of field: the far (top) side of the table softens a little
    def depth_blur(lin):
        ys = np.linspace(0, 1, size[1], dtype=np.float32)
        wgt = np.clip((0.42 - ys) / 0.42, 0, 1) ** 1.5
        blurred = cv2.GaussianBlur(lin, (0, 0), 2.2)
        return lin * (1 - wgt[:, None, None]) + blurred * wgt[:, None, None]

    return sc.write(out, "daylight", DAYLIGHT_WARM, illum, e, orientation=1, glare=glare, noise=1.0,
                    depth_blur=depth_blur)


def sample_5(assets, out, icc):
    """Instax Square with a dark picture on a dark wood floor, dim tungsten, EXIF orientation 8, noisy."""
    size = (3024, 4032)
    sc = Scene("05-instaxsquare-dark-floor-exif8", size, focal=0.78 * 4032, dist_mm=210,
               tilt_deg=16, roll_deg=3.0, yaw_deg=5, seed=505)
    sc.surface(assets.linear("backgrounds/ambientcg_WoodFloor005_2K_Color.jpg"), px_per_mm=5.5,
               centre_mm=(0, 0))
    sc.add_print("instax-square", assets.linear("photos/gb82_sunset.png"), centre_mm=(6, -4), angle_deg=-24,
                 crop=((0.5, 0.5), 1.0), caption=[6], shadow=(2.5, 2.0, 3.0, 0.45))
    illum = light_field(size, lamp_xy=(1.25 * size[0], 0.2 * size[1]), lamp_falloff=0.9, vignette=0.3)
    c = sc.prints[0]["corners"].mean(axis=0)
    cast = normalised_cast((1.0, 0.82, 0.55))
    e = exposure_for(cast, 0.62, float(illum[int(c[1]), int(c[0])]))
    return sc.write(out, "tungsten", cast, illum, e, orientation=8, noise=2.4, blur_sigma=0.8)


SAMPLES = [sample_1, sample_2, sample_3, sample_4, sample_5]


# --------------------------------------------------------------------------- checking

def draw_check(jpeg, check_dir):
    """The photo as a viewer shows it (EXIF applied), small, with the ground-truth quads drawn."""
    truth = json.loads(jpeg.with_suffix(".json").read_text())
    img = ImageOps.exif_transpose(Image.open(jpeg))
    if img.info.get("icc_profile"):  # show P3 pixels as sRGB, as a colour-managed viewer would
        img = ImageCms.profileToProfile(img, ImageCms.ImageCmsProfile(io.BytesIO(img.info["icc_profile"])),
                                        ImageCms.createProfile("sRGB"))
    img = img.convert("RGB")
    assert list(img.size) == truth["size"], (jpeg, img.size, truth["size"])
    s = 1000.0 / max(img.size)
    img = img.resize((round(img.size[0] * s), round(img.size[1] * s)), Image.LANCZOS)
    d = ImageDraw.Draw(img)
    for p in truth["prints"]:
        for key, colour in (("corners", (0, 255, 0)), ("window", (255, 255, 0))):
            q = [((x + 0.5) * s - 0.5, (y + 0.5) * s - 0.5) for x, y in p[key]]
            d.line(q + [q[0]], fill=colour, width=1)
        q = [((x + 0.5) * s - 0.5, (y + 0.5) * s - 0.5) for x, y in p["corners"]]
        for (x, y), colour in zip(q, [(255, 0, 0), (0, 128, 255), (255, 0, 255), (255, 255, 255)]):
            d.ellipse([x - 6, y - 6, x + 6, y + 6], outline=colour, width=3)  # TL red, TR blue, BR magenta, BL white
    check_dir.mkdir(parents=True, exist_ok=True)
    img.save(check_dir / f"{jpeg.stem}.png")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--assets", type=Path, default=DEFAULT_ASSETS, help="bench-assets folder")
    ap.add_argument("--out", type=Path, default=HERE, help="output folder (default: this script's folder)")
    ap.add_argument("--check", type=Path, help="also write ground-truth check PNGs here (not for committing)")
    ap.add_argument("--only", type=int, nargs="*", help="render only these sample numbers (1-based)")
    args = ap.parse_args()

    assets = Assets(args.assets)
    assets.check()
    icc = build_display_p3_icc()
    err = verify_display_p3_icc(icc)
    print(f"Display P3 profile: {len(icc)} bytes, LittleCMS agrees within {err:.2f}/255", file=sys.stderr)
    args.out.mkdir(parents=True, exist_ok=True)
    for i, fn in enumerate(SAMPLES, 1):
        if args.only and i not in args.only:
            continue
        path = fn(assets, args.out, icc)
        print(f"{path.name}: {path.stat().st_size / 1e6:.2f} MB", file=sys.stderr)
        if args.check:
            draw_check(path, args.check)


if __name__ == "__main__":
    main()
