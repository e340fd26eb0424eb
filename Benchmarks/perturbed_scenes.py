"""The hard scenes as phones and messaging apps also deliver them: detection beyond how the scenes were made.

The evaluation scenes are rendered one way (exposure, sharpness, size, noise). A rule tuned to them can
hold there and fail on a photo a little darker, softer or smaller. This writes seven variants of every
scene, each a plain photographic change with its ground truth carried along:

    noisy     sensor noise (σ 6 levels) and JPEG quality 72, as a dim room and a messaging app give
    soft      a Gaussian blur of 1.3 px on a 12 MP photo (scaled with the photo): camera shake, focus
    dim       40 % of the light (linear) with noise (σ 3.5): an underexposed shot
    vignette  light falling off from the centre: 75 % at the middle of each side, 50 % in the corners
    warm      a further warm cast (linear R, G, B × 1, 0.78, 0.48) on top of the scene's own light
    small     0.7 × the size (ground truth scaled): the photo as an app resends it
    bright    1.8 × the light (linear), clipped: an overexposed shot, white borders at the top of the range
    shadow    the shadow of the phone and the hand holding it: 40 % of the light (linear) beyond a straight
              edge across the middle of the photo at a random angle, its penumbra 4 % of the long side
    sharpened a phone's own sharpening: unsharp mask of radius 2 px at 12 MP (scaled), amount 1.2, which
              rings along every edge, card edges too

Images are written upright (EXIF orientation applied), so the truth needs no turning.

    PY=/root/.cache/instantscan-eval/bin/python
    $PY Benchmarks/perturbed_scenes.py ../shared/eval/scenes-hard .build/perturbed [variant ...]
    for v in noisy soft dim vignette warm small bright shadow sharpened; do
      $PY ../shared/eval/evaluate.py detect --scenes .build/perturbed/$v \
          --cmd '.build/release/instantscan detect {image} --json' | grep -E '<= 1%|false'
    done
"""
import glob
import json
import os
import sys

import numpy as np
from PIL import Image, ImageFilter, ImageOps

VARIANTS = ['noisy', 'soft', 'dim', 'vignette', 'warm', 'small', 'bright', 'shadow', 'sharpened']


def linear(a):
    a = a / 255.0
    return np.where(a <= 0.04045, a / 12.92, ((a + 0.055) / 1.055) ** 2.4)


def encoded(v):
    v = np.clip(v, 0, 1)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055) * 255


def variant(name, im, rng):
    """The changed image, its JPEG quality and its scale against the original."""
    a = np.asarray(im).astype(np.float64)
    quality, scale = 88, 1.0
    if name == 'noisy':
        a = a + rng.normal(0, 6, a.shape)
        quality = 72
    elif name == 'soft':
        a = np.asarray(im.filter(ImageFilter.GaussianBlur(1.3 * max(im.size) / 3264))).astype(np.float64)
        quality = 85
    elif name == 'dim':
        a = encoded(linear(a) * 0.4) + rng.normal(0, 3.5, a.shape)
        quality = 85
    elif name == 'vignette':
        h, w = a.shape[:2]
        y, x = np.mgrid[0:h, 0:w]
        r2 = ((x - w / 2) / (w / 2)) ** 2 + ((y - h / 2) / (h / 2)) ** 2
        a = encoded(linear(a) * (1 - 0.25 * r2)[..., None])
    elif name == 'warm':
        a = encoded(linear(a) * np.array([1.0, 0.78, 0.48]))
    elif name == 'bright':
        a = encoded(linear(a) * 1.8)
    elif name == 'shadow':
        h, w = a.shape[:2]
        y, x = np.mgrid[0:h, 0:w]
        angle = rng.uniform(0, 2 * np.pi)
        # The edge passes within a sixth of the photo of its middle, so it crosses the prints there.
        cx, cy = w / 2 + rng.uniform(-w, w) / 6, h / 2 + rng.uniform(-h, h) / 6
        d = (x - cx) * np.cos(angle) + (y - cy) * np.sin(angle)
        # A smooth step across the penumbra: 1 in the light, 0.4 in the shadow.
        t = np.clip(d / (0.04 * max(w, h)) + 0.5, 0, 1)
        light = 1 - 0.6 * t * t * (3 - 2 * t)
        a = encoded(linear(a) * light[..., None])
    elif name == 'sharpened':
        radius = 2 * max(im.size) / 4032
        a = np.asarray(im.filter(ImageFilter.UnsharpMask(radius=radius, percent=120, threshold=0))).astype(np.float64)
    elif name == 'small':
        scale = 0.7
        a = np.asarray(im.resize((round(im.width * scale), round(im.height * scale)), Image.LANCZOS)).astype(np.float64)
    else:
        raise SystemExit(f'unknown variant {name}; known: {" ".join(VARIANTS)}')
    return Image.fromarray(np.clip(a + 0.5, 0, 255).astype(np.uint8)), quality, scale


def scaled_truth(scene, s):
    scene = json.loads(json.dumps(scene))
    if s == 1.0:
        return scene
    scene['size'] = [round(v * s) for v in scene['size']]
    for p in scene['prints']:
        for key in ('corners', 'window'):
            if p.get(key):
                p[key] = [[x * s, y * s] for x, y in p[key]]
        if 'ppm' in p:
            p['ppm'] *= s
        if p.get('window_px'):
            p['window_px'] = [v * s for v in p['window_px']]
    return scene


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    source, root = sys.argv[1], sys.argv[2]
    for name in sys.argv[3:] or VARIANTS:
        out = os.path.join(root, name)
        os.makedirs(out, exist_ok=True)
        for path in sorted(glob.glob(os.path.join(source, 'scene-*.json'))):
            scene = json.load(open(path))
            base = os.path.basename(path)[:-5]
            rng = np.random.default_rng(int(base[-4:]))  # the same noise on every run
            im = ImageOps.exif_transpose(Image.open(os.path.join(source, scene['image']))).convert('RGB')
            changed, quality, s = variant(name, im, rng)
            scene = scaled_truth(scene, s)
            scene.update(image=base + '.jpg', exif_orientation=1, size=[changed.width, changed.height])
            changed.save(os.path.join(out, base + '.jpg'), quality=quality)
            json.dump(scene, open(os.path.join(out, base + '.json'), 'w'))
        print(name, '→', out, flush=True)


if __name__ == '__main__':
    main()
