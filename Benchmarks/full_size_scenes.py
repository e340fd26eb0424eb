"""The hard evaluation scenes at the size of phone photos.

`../shared/eval/scenes-hard` caps its photos' long side at 3264 px; the hidden scenes and real phone
photos are full size (4032 px, 12 MP). A detector works on a copy of about 1,000–1,300 px, so the
two sizes give it working images of different scales (1088 and 1008 px long) and send 12 MP JPEGs
down the half-scale decode of `scan`: rules that only hold at one size show here. This writes a copy
of the scenes with every 3264-px photo resampled (Lanczos) to a 4032-px long side and re-encoded
(quality 92, its EXIF and ICC profile kept), and its ground truth scaled with it; smaller scenes are
copied as they are.

    PY=/root/.cache/instantscan-eval/bin/python
    $PY Benchmarks/full_size_scenes.py ../shared/eval/scenes-hard /tmp/scenes-hard-full
    $PY ../shared/eval/evaluate.py detect --scenes /tmp/scenes-hard-full \\
        --cmd '.build/release/instantscan detect {image} --json'

An upscaled photo is a little softer than a real 12 MP one: read it as a check on scale, beside the
capped scenes, not as a replacement for them.
"""
import glob
import json
import os
import shutil
import sys

from PIL import Image

CAPPED_LONG_SIDE = 3264
FULL_LONG_SIDE = 4032


def main(source, target):
    os.makedirs(target, exist_ok=True)
    for truth_path in sorted(glob.glob(os.path.join(source, 'scene-*.json'))):
        truth = json.load(open(truth_path))
        image_path = os.path.join(source, truth['image'])
        image = Image.open(image_path)
        width, height = image.size
        if max(width, height) != CAPPED_LONG_SIDE:
            shutil.copyfile(image_path, os.path.join(target, truth['image']))
            shutil.copyfile(truth_path, os.path.join(target, os.path.basename(truth_path)))
            continue
        factor = FULL_LONG_SIDE / CAPPED_LONG_SIDE
        extra = {}
        if 'exif' in image.info:
            extra['exif'] = image.info['exif']
        if image.info.get('icc_profile'):
            extra['icc_profile'] = image.info['icc_profile']
        resized = image.resize((round(width * factor), round(height * factor)), Image.LANCZOS)
        resized.save(os.path.join(target, truth['image']), quality=92, **extra)
        truth['size'] = [round(v * factor) for v in truth['size']]
        for print_truth in truth['prints']:
            for key in ('corners', 'window'):
                if key in print_truth:
                    print_truth[key] = [[x * factor, y * factor] for x, y in print_truth[key]]
            if 'ppm' in print_truth:
                print_truth['ppm'] *= factor
        with open(os.path.join(target, os.path.basename(truth_path)), 'w') as out:
            json.dump(truth, out)


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: full_size_scenes.py SCENES_DIR OUTPUT_DIR')
    main(sys.argv[1], sys.argv[2])
