#!/usr/bin/env bash
# Makes Samples/06-polaroid600-wood-tungsten-irot.heic from sample 01 as an iPhone saves a photo:
# HEVC through libheif's heif-enc with x265 (`make test-deps` installs both), the JPEG's EXIF
# orientation 6 turned into `irot` 270° with the EXIF block (orientation included) kept as it is,
# and its JSON ground truth, which is sample 01's (the same upright photo).
set -euo pipefail
cd "$(dirname "$0")"
heif-enc -q 70 01-polaroid600-wood-tungsten-exif6.jpg -o 06-polaroid600-wood-tungsten-irot.heic
python3 - <<'PY'
import json
truth = json.load(open("01-polaroid600-wood-tungsten-exif6.json"))
truth["image"] = "06-polaroid600-wood-tungsten-irot.heic"
truth.pop("jpeg_quality", None)
truth["heic"] = {"from": "01-polaroid600-wood-tungsten-exif6.jpg", "encoder": "heif-enc (libheif) with x265",
                 "quality": 70, "irot_ccw": 270, "exif_orientation": 6}
with open("06-polaroid600-wood-tungsten-irot.json", "w") as f:
    json.dump(truth, f, indent=1)
    f.write("\n")
PY
