"""Photos of kinds the evaluation scenes do not show, made by a generator of our own.

The evaluation's scenes come from one generator; a rule can fit how it draws and still fail on a
photo drawn differently. This draws, from the licensed assets in ../shared/bench-assets, photos
people take that the scenes do not hold, each with ground truth in the evaluation's format (so
`evaluate.py detect` scores them; `setting` names the kind):

    grid      a flat lay of 4-9 prints of one format with gaps of 1-4 mm: white frames nearly touch
    fanned    three prints overlapping like a fanned hand of cards; only the top one is whole
              (the others carry "occluded": true; their truth is the whole card)
    onwhite   a white-framed print on white paper or pale marble: little contrast at the card's edge
    steep     one print seen at 45-65 degrees from straight down (a glossy print shot at an angle)
    rotated   one or two prints turned 25-65 degrees in the photo
    cutoff    one print with one corner beyond the photo's edge, by up to 15 % of its shorter side
              (its truth corner lies outside; both sides meeting there are partly seen)
    blur      one or two prints under camera-shake motion blur (0.35 % of the photo's diagonal)
    lowlight  a dim photo: 30 % of the light, noise sigma 9 levels, JPEG quality 62
    tiny      one print covering 2-4 % of the photo

The card is drawn in millimetres (rounded corners, a faint paper texture; white frames, and outside
the grid and onwhite kinds also yellowed (cream, frame "aged") and black ones), laid on a plane with the
surface, and projected by a pinhole camera (focal length 0.8 x the photo's width, a phone's main
camera); light is applied in linear RGB (a cast and a gentle gradient), then sRGB, noise, JPEG.
Corners follow the evaluation: TL, TR, BR, BL of the upright print, pixel centres at whole numbers.

    PY=/root/.cache/instantscan-eval/bin/python
    $PY Benchmarks/novel_scenes.py ../shared/bench-assets .build/novel [count a kind, default 4] [kind,kind…]
    SEED=7 $PY Benchmarks/novel_scenes.py …   # another draw (default seed 2026): keep one to tune on, one to check
    $PY ../shared/eval/evaluate.py detect --scenes .build/novel --cmd 'instantscan detect {image} --json'
    $PY Benchmarks/color_by_frame.py --scenes .build/novel --cmd 'instantscan scan {image} -o {out} --corners "{corners}"'

Photos of one print also get the ideal scan (`-print0.png`, the card as drawn under neutral light,
and an empty glare map), so the colour evaluation scores them as it does the evaluation's scenes.
"""
import glob
import json
import math
import os
import sys

import cv2
import numpy as np

FORMATS = {
    "polaroid-600": ((88.0, 107.0), (4.5, 6.0, 79.0, 79.0)),
    "instax-square": ((72.0, 86.0), (5.0, 7.0, 62.0, 62.0)),
    "instax-mini": ((54.0, 86.0), (4.0, 7.0, 46.0, 62.0)),
    "instax-wide": ((108.0, 86.0), (4.5, 7.0, 99.0, 62.0)),
    "polaroid-go": ((53.9, 66.6), (3.45, 5.0, 47.0, 46.0)),
}
KINDS = ["grid", "fanned", "onwhite", "steep", "rotated", "cutoff", "blur", "lowlight", "tiny"]
LIGHTS = {"daylight": (1.0, 1.0, 1.0), "tungsten": (1.0, 0.78, 0.52), "shade": (0.86, 0.95, 1.0),
          "fluorescent": (0.93, 1.0, 0.86)}
W, H = 3264, 2448
PX_MM = 14.0  # the card's drawing resolution


def linear(u8):
    a = u8.astype(np.float32) / 255.0
    return np.where(a <= 0.04045, a / 12.92, ((a + 0.055) / 1.055) ** 2.4)


def srgb(lin):
    a = np.clip(lin, 0, 1)
    return np.where(a <= 0.0031308, a * 12.92, 1.055 * np.power(a, 1 / 2.4) - 0.055)


def card_image(rng, fmt, picture, frame="white"):
    """The card in linear RGB at PX_MM, with its alpha (rounded corners), and its window in mm."""
    (cw, ch), (wx, wy, ww, wh) = FORMATS[fmt]
    w, h = int(round(cw * PX_MM)), int(round(ch * PX_MM))
    base = {"white": (0.86, 0.86, 0.84), "aged": (0.84, 0.80, 0.68), "black": (0.035, 0.035, 0.04)}[frame]
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    grain = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 2.0)
    img *= (1 + 0.012 * grain)[..., None]
    x0, y0 = int(round(wx * PX_MM)), int(round(wy * PX_MM))
    x1, y1 = int(round((wx + ww) * PX_MM)), int(round((wy + wh) * PX_MM))
    ph, pw = picture.shape[:2]
    scale = max((x1 - x0) / pw, (y1 - y0) / ph)
    pic = cv2.resize(picture, (int(math.ceil(pw * scale)), int(math.ceil(ph * scale))), interpolation=cv2.INTER_AREA)
    oy, ox = (pic.shape[0] - (y1 - y0)) // 2, (pic.shape[1] - (x1 - x0)) // 2
    img[y0:y1, x0:x1] = linear(pic[oy:oy + y1 - y0, ox:ox + x1 - x0]) * 0.92
    alpha = np.zeros((h, w), np.float32)
    r = int(round((2.5 if fmt.startswith("instax") else 1.2) * PX_MM))
    cv2.rectangle(alpha, (r, 0), (w - 1 - r, h - 1), 1.0, -1)
    cv2.rectangle(alpha, (0, r), (w - 1, h - 1 - r), 1.0, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (w - 1 - r, h - 1 - r), (r, h - 1 - r)):
        cv2.circle(alpha, (cx, cy), r, 1.0, -1, lineType=cv2.LINE_AA)
    return img, alpha, (wx, wy, ww, wh), (cw, ch)


class Camera:
    """A pinhole camera looking at the table plane (millimetres) from `distance`, tilted by `tilt` degrees."""

    def __init__(self, tilt, distance, turn=0.0, shift=(0.0, 0.0)):
        t = math.radians(tilt)
        rx = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
        z = math.radians(turn)
        rz = np.array([[math.cos(z), -math.sin(z), 0], [math.sin(z), math.cos(z), 0], [0, 0, 1]])
        self.r = rx @ rz
        self.t = np.array([shift[0], shift[1], distance])
        f = 0.8 * W
        self.k = np.array([[f, 0, (W - 1) / 2], [0, f, (H - 1) / 2], [0, 0, 1]])

    def homography(self):
        """Plane (X, Y, 0) in mm to photo pixels."""
        m = np.column_stack([self.r[:, 0], self.r[:, 1], self.t])
        return self.k @ m

    def project(self, pts):
        h = self.homography()
        p = np.column_stack([np.asarray(pts, float), np.ones(len(pts))]) @ h.T
        return p[:, :2] / p[:, 2:3]


def placement(cx, cy, angle, size):
    """A card of `size` mm centred at (cx, cy) mm on the plane, turned by `angle` degrees: card-mm to plane-mm."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    w, h = size
    return np.array([[c, -s, cx - c * w / 2 + s * h / 2], [s, c, cy - s * w / 2 - c * h / 2], [0, 0, 1]])


def surface(rng, assets, name, camera, span_mm):
    """The background texture laid on the plane (its image spanning `span_mm`), seen by the camera."""
    tex = cv2.imread(os.path.join(assets, "backgrounds", name), cv2.IMREAD_COLOR)[:, :, ::-1]
    tex = linear(tex)
    th, tw = tex.shape[:2]
    mm_per_px = span_mm / max(tw, th)
    # plane mm -> texture px, centred on the plane's origin
    to_tex = np.array([[1 / mm_per_px, 0, tw / 2], [0, 1 / mm_per_px, th / 2], [0, 0, 1]])
    hom = camera.homography() @ np.linalg.inv(to_tex)
    return cv2.warpPerspective(tex, hom, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)


def lay(photo, camera, card, alpha, place, shadow=True):
    hom = camera.homography() @ place @ np.diag([1 / PX_MM, 1 / PX_MM, 1])
    # pixel centres: the card's pixel (0,0) covers [0,1) in card px, its centre 0.5/PX_MM mm
    hom = hom @ np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1]])
    if shadow:
        soft = cv2.warpPerspective(alpha, hom, (W, H), flags=cv2.INTER_LINEAR)
        k = max(3, int(W * 0.004))
        soft = cv2.GaussianBlur(soft, (0, 0), k)
        soft = np.roll(soft, (int(k * 0.6), int(k * 0.9)), axis=(0, 1))
        photo *= (1 - 0.35 * soft)[..., None]
    # premultiplied, so the card's edge blends with the surface and not with black beyond the drawing
    a = cv2.warpPerspective(alpha, hom, (W, H), flags=cv2.INTER_LINEAR)[..., None]
    c = cv2.warpPerspective(card * alpha[..., None], hom, (W, H), flags=cv2.INTER_LINEAR)
    photo[:] = photo * (1 - a) + c


def truth(camera, place, fmt, window, size, frame, extra):
    (wx, wy, ww, wh), (cw, ch) = window, size
    def proj(pts):
        plane = (place @ np.column_stack([np.asarray(pts, float), np.ones(len(pts))]).T).T[:, :2]
        return camera.project(plane).tolist()
    g = dict(format=fmt, corners=proj([(0, 0), (cw, 0), (cw, ch), (0, ch)]),
             window=proj([(wx, wy), (wx + ww, wy), (wx + ww, wy + wh), (wx, wy + wh)]),
             glare=False, caption=False, frame=frame, occluded=False, card_mm=[cw, ch])
    g.update(extra)
    return g


def scene(rng, assets, kind, index, out):
    pictures = sorted(glob.glob(os.path.join(assets, "photos", "*.png")))
    backgrounds = sorted(os.path.basename(p) for p in glob.glob(os.path.join(assets, "backgrounds", "*.jpg")))
    pale = [b for b in backgrounds if "Paper" in b or "Marble" in b]
    light_name = rng.choice(list(LIGHTS))
    fmts = list(FORMATS)
    fmt = fmts[rng.integers(len(fmts))]
    (cw, ch), _ = FORMATS[fmt]
    tilt, turn = rng.uniform(0, 25), rng.uniform(-8, 8)
    layouts = []  # (cx, cy, angle) in plane mm
    background = backgrounds[rng.integers(len(backgrounds))]
    # white frames mostly; yellowed (cream) and black ones where the kind is not about a white card
    frame = str("white" if kind in ("grid", "onwhite") else rng.choice(["white", "white", "white", "aged", "black"]))
    if kind == "grid":
        cols, rows = (3, 3) if cw < 80 else (3, 2) if rng.random() < 0.5 else (2, 2)
        gap = rng.uniform(1, 4)
        for r in range(rows):
            for c in range(cols):
                layouts.append(((c - (cols - 1) / 2) * (cw + gap), (r - (rows - 1) / 2) * (ch + gap), rng.uniform(-1.5, 1.5)))
        span = max(cols * (cw + gap), rows * (ch + gap)) * 1.35
    elif kind == "fanned":
        for i in range(3):
            layouts.append(((i - 1) * cw * 0.55, (i - 1) * ch * 0.08, -18 + 18 * i + rng.uniform(-4, 4)))
        span = max(cw, ch) * 3.2
    elif kind in ("onwhite", "steep", "cutoff", "tiny"):
        layouts.append((0, 0, rng.uniform(-20, 20)))
        span = max(cw, ch) * {"onwhite": 2.2, "steep": 1.7, "cutoff": 1.5, "tiny": 6.5}[kind]
        if kind == "onwhite":
            background = pale[rng.integers(len(pale))]
        if kind == "steep":
            tilt = rng.uniform(45, 65)
    elif kind == "rotated":
        n = 1 + int(rng.random() < 0.5)
        for i in range(n):
            layouts.append(((i - (n - 1) / 2) * max(cw, ch) * 1.5, 0, rng.choice([-1, 1]) * rng.uniform(25, 65)))
        span = max(cw, ch) * (2.0 + 1.5 * (n - 1))
    else:  # blur, lowlight
        n = 1 + int(rng.random() < 0.5)
        for i in range(n):
            layouts.append(((i - (n - 1) / 2) * max(cw, ch) * 1.3, rng.uniform(-5, 5), rng.uniform(-15, 15)))
        span = max(cw, ch) * (2.0 + 1.3 * (n - 1))
    # the distance at which `span` mm fills the photo's height
    f = 0.8 * W
    distance = f * span / H
    shift = (0.0, 0.0)
    if kind == "cutoff":
        # move the card so one corner leaves the photo by 5-15 % of the card's width
        shift = (rng.choice([-1, 1]) * span * rng.uniform(0.3, 0.45), rng.choice([-1, 1]) * span * rng.uniform(0.15, 0.3))
    camera = Camera(tilt, distance, turn, shift)
    photo = surface(rng, assets, background, camera, span * 2.5)
    prints = []
    for i, (cx, cy, angle) in enumerate(layouts):
        pic = cv2.imread(pictures[rng.integers(len(pictures))], cv2.IMREAD_COLOR)[:, :, ::-1]
        card, alpha, window, size = card_image(rng, fmt, pic, frame)
        place = placement(cx, cy, angle, size)
        lay(photo, camera, card, alpha, place)
        extra = {"setting": kind, "sleeve": False, "curl_mm": 0.0}
        if kind == "fanned" and i < len(layouts) - 1:
            extra["occluded"] = True
        prints.append(truth(camera, place, fmt, window, size, frame, extra))
        neutral = card * alpha[..., None] + (1 - alpha[..., None]) * np.float32(0.5)
    if kind == "cutoff":
        # exactly one corner out, by at most 15 % of the card's shorter side: both its sides are seen
        corners = np.array(prints[0]["corners"])
        outside = [not (0 <= x < W and 0 <= y < H) for x, y in corners]
        side = min(np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[3] - corners[0]))
        beyond = max(max(-x, x - (W - 1), -y, y - (H - 1), 0) for x, y in corners)
        if sum(outside) != 1 or beyond > 0.15 * side:
            return None  # draw another
    # light: a cast and a gradient across the photo
    gains = np.array(LIGHTS[light_name], np.float32)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    ang = rng.uniform(0, 2 * math.pi)
    grad = 1 + 0.18 * ((xx / W - 0.5) * math.cos(ang) + (yy / H - 0.5) * math.sin(ang))
    level = 0.3 if kind == "lowlight" else rng.uniform(0.85, 1.05)
    photo *= (grad * level)[..., None] * gains
    out8 = srgb(photo)
    if kind == "blur":
        length = max(5, int(0.0035 * math.hypot(W, H)))
        k = np.zeros((length, length), np.float32)
        k[length // 2, :] = 1
        m = cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), rng.uniform(0, 180), 1)
        k = cv2.warpAffine(k, m, (length, length))
        out8 = cv2.filter2D(out8, -1, k / k.sum())
    sigma = 9 if kind == "lowlight" else 2.0
    out8 = np.clip(out8 * 255 + rng.normal(0, sigma, out8.shape), 0, 255).astype(np.uint8)
    quality = 62 if kind == "lowlight" else 88
    name = f"scene-{index:04d}"
    if len(prints) == 1:
        # the ideal scan for `evaluate.py color`: the card as drawn, under neutral light; no glare
        prints[0]["neutral"] = name + "-print0.png"
        cv2.imwrite(os.path.join(out, prints[0]["neutral"]), (srgb(neutral)[:, :, ::-1] * 255 + 0.5).astype(np.uint8))
        np.save(os.path.join(out, name + "-print0-glare.npy"), np.zeros((neutral.shape[0] // 4, neutral.shape[1] // 4), bool))
    cv2.imwrite(os.path.join(out, name + ".jpg"), out8[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
    doc = dict(image=name + ".jpg", size=[W, H], exif_orientation=1, display_p3=False, jpeg_quality=quality,
               light=dict(kind=light_name, cast=[float(g) for g in gains]), setting=kind, distractors=0, tilt_deg=tilt,
               background=background, prints=prints)
    with open(os.path.join(out, name + ".json"), "w") as fh:
        json.dump(doc, fh, indent=1)
    return name


def main():
    assets, out = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    kinds = sys.argv[4].split(",") if len(sys.argv) > 4 else KINDS
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(int(os.environ.get("SEED", "2026")))
    index = 0
    for kind in kinds:
        made = 0
        while made < count:
            if scene(rng, assets, kind, index, out):
                print(f"scene-{index:04d} {kind}", flush=True)
                index += 1
                made += 1


if __name__ == "__main__":
    main()
